import { scoreNotes, vitalsCopy } from '@curb/content';
import { parseWebsite, withScheme } from '@curb/content';
import type { AdvancedAuditResult, AdvancedIssue, CheckCategory } from '@curb/contracts/audit';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { runAdvancedAudit } from '../api/run-audit';
import { PageHero } from '@/components/layouts/page-hero';
import styles from './advanced-seo-audit.module.css';
import { Field } from '@/components/ui/form/field';

const TABS = ['Issues', 'Performance', 'Crawlability', 'On-Page', 'Technical', 'AI Search'] as const;
type Tab = (typeof TABS)[number];

/** Which check categories each of the category tabs lists. */
const TAB_CATEGORIES: Partial<Record<Tab, CheckCategory[]>> = {
  Crawlability: ['crawlability', 'links'],
  'On-Page': ['on-page', 'images', 'structured-data', 'social'],
  Technical: ['security', 'performance', 'accessibility', 'analytics'],
};

/**
 * The advanced SEO audit: idle -> running -> result | error; a new run clears the last one. An
 * address that arrives filled in (the report's link, ?url=) starts the audit at once: the visitor
 * came to see that site's audit, not to press a button.
 */
export function AdvancedSeoAuditPage({ initialUrl = '' }: { initialUrl?: string }) {
  const [url, setUrl] = useState(initialUrl);
  const [inputError, setInputError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<AdvancedAuditResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const run = async (address: string) => {
    if (!address.trim()) return setInputError('URL is required');
    if (!parseWebsite(address)) return setInputError('Please enter a valid URL');
    setInputError(null);
    setResult(null);
    setError(null);
    setRunning(true);
    try {
      setResult(await runAdvancedAudit(withScheme(address)));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'An unknown error occurred');
    } finally {
      setRunning(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!running) void run(url);
  };

  // Once per arrival (a re-render or React's double effect in development must not run it twice).
  useEffect(() => {
    if (started.current || !initialUrl || !parseWebsite(initialUrl)) return;
    started.current = true;
    void run(initialUrl);
  }, [initialUrl]);

  return (
    <>
      <PageHero
        title="Advanced SEO Audit"
        lead={
          'Checks 140+ issues across technical SEO, on-page content, performance and AI search ' +
          '(llms.txt, AI crawlers, citation readiness).'
        }
      >
        <form onSubmit={submit} noValidate>
          {/* The box and its button are one control to the field: a refusal shows under both. */}
          <Field label="Website URL" hideLabel error={inputError} field="url">
            {(control) => (
              <div className={styles.form}>
                <input
                  {...control}
                  type="url"
                  name="url"
                  inputMode="url"
                  placeholder="https://yourwebsite.com"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                />
                <button type="submit" className="button" disabled={running}>
                  {running ? 'Auditing...' : 'Run Audit'}
                </button>
              </div>
            )}
          </Field>
        </form>
      </PageHero>
      <section className={`container ${styles.main}`}>
        {running && (
          <div className={styles.loading} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            <div>
              <p className={styles.loadingTitle}>Running the audit...</p>
              <p>This audit usually takes under a minute; when another audit is testing its page in a browser, ours waits its turn.</p>
            </div>
          </div>
        )}
        {error && (
          <div className={styles.alert} role="alert">
            <strong>Audit failed.</strong> {error}
          </div>
        )}
        {result && <AuditResult result={result} />}
      </section>
    </>
  );
}

/** Whether the page is being printed (the button or the browser's own Print): rendered before the browser lays it out. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

function AuditResult({ result }: { result: AdvancedAuditResult }) {
  const [tab, setTab] = useState<Tab>('Issues');
  const paper = usePrinting();
  const tabIds = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const move = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!move) return;
    const next = (index + move + TABS.length) % TABS.length;
    setTab(TABS[next]!);
    tabRefs.current[next]?.focus();
  };
  return (
    <div className={styles.result} data-testid="seo-result">
      <div className={styles.summary}>
        <div className={styles.score}>
          <span className={styles.scoreValue}>{Math.round(result.overallScore)}</span>
          <span>/100</span>
          <span className={styles.scoreLabel}>Site Health Score</span>
          <span className={styles.scoreLabel} data-testid="score-note">
            {scoreNotes.siteHealth}
          </span>
          {result.notMeasured && (
            <span className={styles.scoreLabel} role="note" data-testid="not-measured-note">
              {result.notMeasured.summary}
            </span>
          )}
          {result.homePage && (
            <span className={styles.scoreLabel} data-testid="home-page-scores">
              Home page: SEO {result.homePage.seo}/100 · Overall {result.homePage.overall}/100. {scoreNotes.homePage}
            </span>
          )}
        </div>
        <dl className={styles.counts}>
          <div>
            <dt>Notices</dt>
            <dd>{result.counts.notices}</dd>
          </div>
          <div>
            <dt>Warnings</dt>
            <dd>{result.counts.warnings}</dd>
          </div>
          <div>
            <dt>Critical</dt>
            <dd>{result.counts.critical}</dd>
          </div>
          <div>
            <dt>Recommendations</dt>
            <dd>{result.counts.recommendations}</dd>
          </div>
        </dl>
      </div>
      <div className={styles.exportRow}>
        {/* The browser's print dialog saves a PDF too; the print layout lists every section. */}
        <button type="button" className="button button-outline" data-testid="print-audit" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
      <div role="tablist" aria-label="Audit sections" className={styles.tabs}>
        {TABS.map((name, index) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${tabIds}-tab-${index}`}
            aria-selected={tab === name}
            aria-controls={`${tabIds}-panel-${index}`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(name)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {name}
          </button>
        ))}
      </div>
      {/* On paper there are no tabs: every section, each under its name. */}
      {(paper ? TABS : [tab]).map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`${tabIds}-panel-${TABS.indexOf(name)}`}
          aria-labelledby={`${tabIds}-tab-${TABS.indexOf(name)}`}
          className={styles.panel}
        >
          {paper && <h2 className={styles.sectionTitle}>{name}</h2>}
          {name === 'Issues' && <IssueList issues={result.issues} />}
          {name === 'Performance' && <Performance result={result} />}
          {name === 'AI Search' && <AiSearch result={result} />}
          {TAB_CATEGORIES[name] && <CategoryTab result={result} categories={TAB_CATEGORIES[name]!} />}
        </div>
      ))}
      <h2 className={styles.sectionTitle}>Priority Recommendations</h2>
      <ol className={styles.recommendations}>
        {result.recommendations.map((rec) => (
          <li key={rec.title} className={styles.recommendation}>
            <h3>{rec.title}</h3>
            <p className={styles.badges}>
              <span data-level={rec.priority}>{rec.priority} priority</span>
              <span>{rec.category}</span>
              <span>Effort: {rec.effort}</span>
              <span>ROI: {rec.roi}</span>
            </p>
            <p>{rec.description}</p>
            <p>
              <strong>Impact:</strong> {rec.impact}
            </p>
            <ol className={styles.steps}>
              {rec.implementation.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </div>
  );
}

function IssueList({ issues }: { issues: AdvancedIssue[] }) {
  if (!issues.length) return <p>No issues found.</p>;
  return (
    <ul className={styles.issues}>
      {issues.map((issue) => (
        <li key={issue.id} className={styles.issue} data-type={issue.type}>
          <p className={styles.badges}>
            <span data-type={issue.type}>{issue.type}</span>
            <span>{issue.category}</span>
            <span>{issue.impact} impact</span>
          </p>
          <h3>{issue.title}</h3>
          <p>{issue.description}</p>
          {/* What triggered the finding: a doubting owner can check it. */}
          <div className={styles.evidence} data-testid="issue-evidence">
            <p>
              <strong>Found:</strong> {issue.detail}
            </p>
            {issue.urls && issue.urls.length > 0 && (
              <ul aria-label="Pages affected">
                {issue.urls.slice(0, 5).map((url) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
                      {url}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <p>
            <strong>Fix:</strong> {issue.fix}
          </p>
        </li>
      ))}
    </ul>
  );
}

const vitals = (cwv: AdvancedAuditResult['performance']['coreWebVitals']) => [
  { name: 'LCP', value: `${(cwv.lcp / 1000).toFixed(1)} s`, ratio: Math.min(1, cwv.lcp / 4000), good: cwv.lcp < 2500 },
  ...(cwv.tbt !== undefined
    ? [{ name: vitalsCopy.inpLabel, value: `${Math.round(cwv.tbt)} ms`, ratio: Math.min(1, cwv.tbt / 600), good: cwv.tbt < 200 }]
    : []),
  { name: 'CLS', value: cwv.cls.toFixed(2), ratio: Math.min(1, cwv.cls / 0.25), good: cwv.cls < 0.1 },
];

function Performance({ result }: { result: AdvancedAuditResult }) {
  const perf = result.performance;
  return (
    <div className={styles.performance}>
      <ul className={styles.vitals}>
        {vitals(perf.coreWebVitals).map((v) => (
          <li key={v.name}>
            <span>{v.name}</span>
            <span className={styles.bar}>
              <span style={{ width: `${Math.round(v.ratio * 100)}%` }} data-good={v.good} />
            </span>
            <span>{v.value}</span>
          </li>
        ))}
      </ul>
      <p data-testid="vitals-note">{vitalsCopy.note}</p>
      {perf.speedMeasurement && <p data-testid="speed-measurement">Core Web Vitals: {perf.speedMeasurement.coreWebVitals}.</p>}
      <dl className={styles.counts}>
        <div>
          <dt>Mobile score</dt>
          <dd>{perf.mobileScore}</dd>
        </div>
        <div>
          <dt>Desktop score</dt>
          <dd>{perf.desktopScore}</dd>
        </div>
        <div>
          <dt>Image optimisation</dt>
          <dd>{perf.imageOptimization ? '✓ Yes' : '✗ No'}</dd>
        </div>
        <div>
          <dt>Compression</dt>
          <dd>{perf.compression ? '✓ Yes' : '✗ No'}</dd>
        </div>
      </dl>
    </div>
  );
}

function AiSearch({ result }: { result: AdvancedAuditResult }) {
  const ai = result.aiSearchOptimization;
  return (
    <div className={styles.aiGrid}>
      <section>
        <h3>llms.txt</h3>
        <p>
          Exists: {ai.llmsTxt.exists ? 'Yes' : 'No'} · Valid: {ai.llmsTxt.valid ? 'Yes' : 'No'}
        </p>
        {ai.llmsTxt.issues.length > 0 && (
          <ul>
            {ai.llmsTxt.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3>Citation readiness</h3>
        <p>Score: {ai.citationReadiness.score}/100</p>
        <p>Factual accuracy: {ai.citationReadiness.factualAccuracy}/100</p>
        <p>Source attribution: {ai.citationReadiness.sourceAttribution}/100</p>
      </section>
      <section>
        <h3>Content optimisation</h3>
        <p>Average length: {(ai.contentOptimization.averageContentLength / 1000).toFixed(1)}k words</p>
        <p>Outdated pages: {ai.contentOptimization.outdatedContent}</p>
        <p>Overlong pages: {ai.contentOptimization.overlongContent}</p>
      </section>
    </div>
  );
}

function CategoryTab({ result, categories }: { result: AdvancedAuditResult; categories: CheckCategory[] }) {
  const rows = result.categories.filter((c) => categories.includes(c.category));
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Passed</th>
            <th scope="col">Failed</th>
            <th scope="col">Not measured</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.category}>
              <td>{row.category}</td>
              <td>{row.passed}</td>
              <td>{row.failed}</td>
              <td>{row.notMeasured ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <IssueList issues={result.issues.filter((issue) => categories.includes(issue.category))} />
    </>
  );
}
