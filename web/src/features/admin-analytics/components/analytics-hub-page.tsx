import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { AdminPage, Panel } from '@/components/admin/admin-page';
import { Badge, type BadgeTone } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatPercent } from '@/components/admin/format';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { TextField } from '@/components/ui/form/field';
import { showAtField } from '@/components/ui/form/field-refusal';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverMessage } from '@/lib/server-message';
import { useAnalyticsSettings, useConnections, useSeoDashboard, useSetupKeywords } from '../api/analytics-hub';
import { integrationSources, type IntegrationStatus } from './integration-sources';

const STATUS: Record<IntegrationStatus, { tone: BadgeTone; label: string }> = {
  connected: { tone: 'green', label: 'connected' },
  configured: { tone: 'yellow', label: 'configured' },
  not_configured: { tone: 'red', label: 'not configured' },
};

const orDash = (n: number | null | undefined, format: (n: number) => string = formatCount) =>
  n === null || n === undefined ? '—' : format(n);

/** The product has no rank-tracking source of its own: saying so beats an empty promise. */
const NO_RANK_SOURCE = 'Keyword positions are not collected until a rank-tracking source is connected.';

function KeywordSetup({ current }: { current: string | null }) {
  const [domain, setDomain] = useState(current ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const setup = useSetupKeywords();
  const { toast } = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate(domain, {
      onSuccess: (res) => toast({ title: res.message, description: `${res.domain} is saved. ${NO_RANK_SOURCE}` }),
      onError: (error) => {
        if (showAtField(form.current, error, (_field, message) => setRefusal(message))) return;
        toast({ title: 'Keyword setup failed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      },
    });
  };
  return (
    <form ref={form} onSubmit={submit} className={styles.actions} aria-label="Keyword tracking setup">
      <TextField
        compact
        hideLabel
        label="Domain"
        name="domain"
        placeholder="example.com"
        value={domain}
        error={refusal}
        onChange={(e) => {
          setDomain(e.target.value);
          setRefusal(null);
        }}
        maxLength={300}
        required
      />
      <button type="submit" className={`button ${styles.smallButton}`} disabled={setup.isPending}>
        {setup.isPending ? 'Setting up...' : 'Setup Keywords'}
      </button>
    </form>
  );
}

export function AnalyticsHubPage() {
  const seo = useSeoDashboard();
  const settings = useAnalyticsSettings();
  const connections = useConnections();
  const sources = integrationSources(settings.data ?? [], seo.data, connections.data);
  const site = seo.data?.websiteAnalytics;

  return (
    <AdminPage title="Analytics Integration Hub" description="Every analytics source of the site, its traffic and its search performance.">
      <Panel title="Data Sources">
        {settings.isError && <p className={styles.muted}>Failed to fetch analytics settings</p>}
        <ul className={styles.steps} aria-label="Analytics sources">
          {sources.map((s) => (
            <li key={s.id} data-testid={`source-${s.id}`}>
              <span>
                <strong>{s.name}</strong>{' '}
                <span className={styles.muted}>
                  {orDash(s.dataPoints)} {s.dataLabel}
                </span>
              </span>
              <span className={styles.actions}>
                <Badge tone={STATUS[s.status].tone}>{STATUS[s.status].label}</Badge>
                {s.keywordTracking ? (
                  <KeywordSetup current={seo.data?.keywordTracking.domain ?? null} />
                ) : (
                  s.status === 'not_configured' && (
                    <Link to="/admin/settings" className={`button button-outline ${styles.smallButton}`}>
                      Setup Guide
                    </Link>
                  )
                )}
              </span>
            </li>
          ))}
        </ul>
        {seo.data?.keywordTracking.domain && !seo.data.keywordTracking.sourceConfigured && (
          <p className={styles.muted} data-testid="keyword-tracking-status">
            Keyword tracking domain: {seo.data.keywordTracking.domain}. {NO_RANK_SOURCE}
          </p>
        )}
      </Panel>

      {seo.isPending ? (
        <LoadingView label="Loading traffic and search figures..." />
      ) : seo.isError ? (
        <ErrorView onRetry={() => void seo.refetch()} />
      ) : (
        <>
          <Panel title="Traffic (last 7 days)">
            <StatGrid>
              <StatCard label="Sessions" value={formatCount(seo.data.googleAnalytics.sessions)} />
              <StatCard
                label="Organic Traffic"
                value={formatCount(seo.data.googleAnalytics.organicTraffic)}
                hint="sessions from search engines"
              />
              <StatCard label="Bounce Rate" value={formatPercent(seo.data.googleAnalytics.bounceRate)} />
            </StatGrid>
          </Panel>
          <Panel title="SEO Performance">
            <StatGrid>
              <StatCard label="SEO Score" value={site ? site.scores.seo : '—'} />
              <StatCard label="Performance Score" value={site ? site.scores.performance : '—'} />
              <StatCard label="Accessibility Score" value={site ? site.scores.accessibility : '—'} />
              <StatCard
                label="Average Position"
                value={orDash(seo.data.searchConsole.averagePosition, (n) => n.toFixed(1))}
                hint={seo.data.searchConsole.averagePosition === null ? 'no search console connected' : undefined}
              />
              <StatCard label="Impressions" value={orDash(seo.data.searchConsole.totalImpressions)} />
            </StatGrid>
            {site ? (
              <p className={styles.muted}>
                Home page checked: {site.url} — {site.performance.load_time_ms} ms, {site.performance.page_size_kb} KB,{' '}
                {`${site.seo.h1_count} h1`}, {site.seo.image_alt_missing} images without alt text.
              </p>
            ) : (
              <p className={styles.muted}>The home page could not be analysed right now.</p>
            )}
          </Panel>
        </>
      )}

      <Panel title="Quick Actions">
        <div className={styles.actions}>
          <Link to="/admin/settings" className="button button-outline">
            Tracking Settings
          </Link>
          <Link to="/admin/retargeting" className="button button-outline">
            Retargeting
          </Link>
          <Link to="/admin/ab-testing" className="button button-outline">
            A/B Testing
          </Link>
          <a href="/advanced-seo-audit" className="button button-outline">
            Run an SEO Audit
          </a>
        </div>
      </Panel>
    </AdminPage>
  );
}
