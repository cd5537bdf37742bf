import { marketingAuditPage, scoreNotes } from '@curb/content';
import type { QuickLookupResult } from '@curb/contracts/audit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TextField } from '@/components/ui/form/field';
import { toast } from '@/components/ui/toast/toast-store';
import { lookupWebsite } from '@/lib/company-lookup';
import { debounceLookup } from '@/lib/lookup-debounce';
import { trackConversion } from '@/lib/tracking';
import { useLoaderStage } from '../hooks/use-loader-stage';
import { BuildingLoader } from './building-loader';
import { PageHero } from '@/components/layouts/page-hero';
import styles from './marketing-audit.module.css';

/** Quick Insights lists the top 3 SEO issues. */
export const QUICK_INSIGHTS = 3;

export interface AuditLeadFormSlot {
  website: string;
  foundBusinessName: string | undefined;
  onBusinessNameTyped: () => void;
  onSubmitted: (result: { reportId: string | null }) => void;
}

/**
 * The free audit page: the website lookup, its preview and insights, and the lead form. A
 * funnel's landing page gives its headline and lead copy.
 */
export function MarketingAuditPage({
  leadForm,
  headline = marketingAuditPage.heroTitle,
  copy = marketingAuditPage.heroLead,
}: {
  leadForm: (slot: AuditLeadFormSlot) => ReactNode;
  headline?: string;
  copy?: string;
}) {
  const [website, setWebsite] = useState('');
  const [result, setResult] = useState<QuickLookupResult | null>(null);
  const [running, setRunning] = useState(false);
  /** 'audit': a report is on its way; 'lead': the funnel stores requests without an audit. */
  const [submitted, setSubmitted] = useState<false | 'audit' | 'lead'>(false);
  const stage = useLoaderStage(running);
  const lookupSeq = useRef(0);
  const lastLooked = useRef('');

  const clear = () => {
    lookupSeq.current += 1;
    setResult(null);
    setRunning(false);
  };

  const lookup = (value: string) => {
    if (!value.trim() || !value.includes('.') || lastLooked.current === value) return;
    lastLooked.current = value;
    const seq = ++lookupSeq.current;
    setRunning(true);
    lookupWebsite(value).then(
      (found) => {
        if (seq !== lookupSeq.current) return;
        setResult(found);
        setRunning(false);
        toast({ title: 'Company found', description: `${found.companyName}: we analyzed your website.` });
      },
      (error: unknown) => {
        if (seq !== lookupSeq.current) return;
        // A failed lookup is silent; the loader just stops.
        console.warn(error instanceof Error ? error.message : 'Lookup failed');
        setRunning(false);
      },
    );
  };

  // The lookup starts after 1.5 s without typing, and only for text with a dot.
  useEffect(() => debounceLookup(website, lookup), [website]);

  const insights = result?.seoIssues.slice(0, QUICK_INSIGHTS) ?? [];
  const page = marketingAuditPage;
  return (
    <>
      <PageHero title={headline} lead={copy} funnelCopy>
        <ul className={styles.benefits}>
          {page.benefits.map((benefit) => (
            <li key={benefit.title} className={styles.benefit}>
              <h2 className={styles.benefitTitle}>{benefit.title}</h2>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </PageHero>
      <section className={`container ${styles.main}`}>
        {submitted === 'lead' ? (
          <div className={styles.thankYou} role="status" data-testid="audit-thank-you">
            <h2>{page.thankYouLead.title}</h2>
            <p>{page.thankYouLead.text}</p>
          </div>
        ) : submitted ? (
          <div className={styles.thankYou} role="status" data-testid="audit-thank-you">
            <h2>{page.thankYou.title}</h2>
            <p>{page.thankYou.text}</p>
            <ul>
              {page.thankYou.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : (
          <div className={styles.layout}>
            <div className={styles.card}>
              <h2 className={styles.cardTitle}>{page.formTitle}</h2>
              <TextField
                label={page.websiteLabel}
                name="website"
                type="url"
                inputMode="url"
                autoComplete="url"
                required
                placeholder="yourwebsite.com"
                value={website}
                onChange={(event) => {
                  clear();
                  lastLooked.current = '';
                  setWebsite(event.target.value);
                }}
                onBlur={() => lookup(website)}
              />
              {running && <BuildingLoader stage={stage} />}
              {result && (
                <div className={styles.found} data-testid="lookup-result">
                  <p className={styles.analyzed}>{page.analyzed}</p>
                  <p>
                    <strong>{result.companyName}</strong>
                    {[result.businessType, result.location].filter(Boolean).map((part) => ` · ${part}`)}
                  </p>
                  <dl className={styles.facts}>
                    {result.seoScore !== null && (
                      <div>
                        <dt>SEO score</dt>
                        <dd>
                          {result.seoScore}/100
                          <small className={styles.measured} data-testid="seo-note">
                            {' '}
                            ({scoreNotes.seo})
                          </small>
                        </dd>
                      </div>
                    )}
                    {result.loadTime !== null && (
                      <div>
                        <dt>Load time</dt>
                        <dd>
                          {result.loadTime.toFixed(1)} s
                          {result.speedMeasurement && <small className={styles.measured}> ({result.speedMeasurement.loadTime})</small>}
                        </dd>
                      </div>
                    )}
                    {result.mobileOptimized !== null && (
                      <div>
                        <dt>Mobile</dt>
                        <dd>{result.mobileOptimized ? 'Optimized' : 'Not optimized'}</dd>
                      </div>
                    )}
                    {result.hasAnalytics !== null && (
                      <div>
                        <dt>Analytics</dt>
                        <dd>{result.hasAnalytics ? 'Installed' : 'Missing'}</dd>
                      </div>
                    )}
                  </dl>
                </div>
              )}
              {leadForm({
                website,
                foundBusinessName: result?.companyName,
                onBusinessNameTyped: clear,
                onSubmitted: ({ reportId }) => {
                  setSubmitted(reportId ? 'audit' : 'lead');
                  trackConversion();
                },
              })}
            </div>
            <aside className={styles.side}>
              <div className={styles.preview} data-testid="website-preview">
                <h2 className={styles.sideTitle}>{page.previewTitle}</h2>
                {running ? (
                  <div className={styles.scanning}>
                    <span className={styles.scanLine} aria-hidden="true" />
                    <p>{page.previewLoading}</p>
                  </div>
                ) : result?.screenshot ? (
                  <img
                    className={styles.screenshot}
                    src={`data:image/png;base64,${result.screenshot}`}
                    alt={`Screenshot of ${result.companyName}'s website`}
                  />
                ) : (
                  <div className={styles.placeholder}>
                    <p>{page.previewTitle}</p>
                  </div>
                )}
              </div>
              <div className={styles.insights}>
                <h2 className={styles.sideTitle}>{page.insightsTitle}</h2>
                {insights.length ? (
                  <ul className={styles.issues}>
                    {insights.map((issue) => (
                      <li key={issue.type + issue.description} data-category={issue.category}>
                        <span className={styles.issueCategory}>{issue.category}</span> {issue.description}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className={styles.muted}>Enter your website to see the top issues we find.</p>
                )}
              </div>
            </aside>
          </div>
        )}
      </section>
    </>
  );
}
