import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useEffect, useState } from 'react';
import {
  DEFAULT_PERIOD_DAYS,
  MIN_EXPOSURES_PER_VARIANT,
  type AbConversionRow,
  type AbPhaseResult,
  type AbRawRow,
  type AbTestingResponse,
  type AbTestSummary,
  type AbVariantStats,
  type PeriodDays,
} from '@curb/contracts/analytics';
import { AdminPage, Panel } from '@/components/admin/admin-page';
import { Badge } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';
import { BarChart } from '@/components/admin/bar-chart';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatDateTime, formatIdentifier, formatPercent } from '@/components/admin/format';
import { PeriodPicker } from '@/components/admin/period-picker';
import { RATES } from '@/components/admin/rates';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { Tabs } from '@/components/admin/tabs';
import { DataTable } from '@/components/ui/data-table';
import { useToast } from '@/components/ui/toast/use-toast';
import { useAbTests } from '../api/ab-tests';
import { useAbTesting } from '../api/get-ab-testing';
import { newVisitorsSee, TestControls, testState, variantLabel } from './test-controls';
import { leaderVerdict, upliftText } from './verdict';
import { wilsonInterval } from './wilson';

const TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'performance', label: 'Test Performance' },
  { key: 'raw', label: 'Raw Data' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const RAW_PAGE_SIZE = 25;
const fixed = (n: number | null, digits = 1, suffix = '') => (n === null ? '—' : `${n.toFixed(digits)}${suffix}`);

/** Each test's winner is its variant with the highest conversion rate. */
function winnerOf(rows: AbConversionRow[]): string | null {
  const best = [...rows].sort((a, b) => b.conversionRate - a.conversionRate)[0];
  return best && rows.some((r) => r.conversionRate !== best.conversionRate) ? best.variant : null;
}

function Overview({ data }: { data: AbTestingResponse }) {
  const impressions = data.conversionRates.reduce((s, r) => s + r.impressions, 0);
  const conversions = data.conversionRates.reduce((s, r) => s + r.conversions, 0);
  // Running means running now (not paused, not rolled out), whatever the period's figures hold.
  const tests = useAbTests();
  const running = tests.data?.filter((t) => t.status === 'running').length;
  const stopped = tests.data?.filter((t) => t.status !== 'running') ?? [];
  // Tests the site no longer runs have no phases: their figures are shown by variant alone.
  const withoutPhases = [...new Set(data.conversionRates.map((r) => r.testType))].filter(
    (testType) => !data.phases.some((p) => p.testType === testType),
  );
  return (
    <>
      <StatGrid>
        <StatCard
          label="Tests Running"
          value={running === undefined ? '—' : formatCount(running)}
          hint={
            stopped.length
              ? stopped.map((t) => `${formatIdentifier(t.testType)}: ${testState(t).text}. ${newVisitorsSee(t)}`).join(' ')
              : undefined
          }
        />
        <StatCard label="Impressions" value={formatCount(impressions)} />
        <StatCard label="Conversions" value={formatCount(conversions)} />
        <StatCard
          label={RATES.abConversions.label}
          value={formatPercent(impressions ? (conversions / impressions) * 100 : 0)}
          hint={RATES.abConversions.hint}
        />
      </StatGrid>
      {data.phases.length === 0 && withoutPhases.length === 0 && <p className={styles.empty}>No A/B test exposures in this period.</p>}
      {data.phases.map((phase) => (
        <PhasePanel key={`${phase.testType}-${phase.number}`} phase={phase}>
          {phase.summary ? (
            <RateCharts rows={phase.rows} summary={phase.summary} otherTexts={phase.otherTexts} />
          ) : (
            <p className={styles.empty}>Nobody has been exposed in this phase within the period yet.</p>
          )}
        </PhasePanel>
      ))}
      {withoutPhases.map((testType) => {
        const rows = data.conversionRates.filter((r) => r.testType === testType);
        const summary = data.tests.find((t) => t.testType === testType);
        return (
          <Panel
            key={testType}
            title={formatIdentifier(testType)}
            actions={<LeaderBadge winner={summary ? summary.winner : winnerOf(rows)} summary={summary} />}
          >
            <RateCharts rows={rows.map((r) => ({ ...r, variantText: '' }))} summary={summary} otherTexts={{}} />
          </Panel>
        );
      })}
    </>
  );
}

/** A phase's dates, in the period: from when (and by whom) to when, and from when it is counted here. */
function phaseSpan(phase: AbPhaseResult): string {
  const from = phase.startedAt
    ? `From ${formatDateTime(phase.startedAt)}${phase.startedBy ? ` (by ${phase.startedBy})` : ''}`
    : 'From the start of the test';
  const to = phase.endedAt ? ` until ${formatDateTime(phase.endedAt)}` : ' to now';
  const cut = phase.startedAt === null || Date.parse(phase.countedFrom) > Date.parse(phase.startedAt);
  return `${from}${to}.${cut ? ` Counted in this period from ${formatDateTime(phase.countedFrom)}.` : ''}`;
}

/** One phase of a test: its title, dates, what began it and the texts its variants showed. */
function PhasePanel({ phase, actions, children }: { phase: AbPhaseResult; actions?: ReactNode; children: ReactNode }) {
  const current = phase.endedAt === null;
  return (
    <div data-testid="ab-phase" data-phase={phase.number} data-current={current}>
      <Panel
        title={`${formatIdentifier(phase.testType)} — phase ${phase.number}${current ? ' (current)' : ''}`}
        actions={actions ?? (phase.summary && <LeaderBadge winner={phase.summary.winner} summary={phase.summary} />)}
      >
        <p className={styles.muted} data-testid="ab-phase-span">
          {phaseSpan(phase)}
          {phase.reason && ` Began when ${phase.reason} changed.`}
        </p>
        <p data-testid="ab-phase-copy">
          {Object.entries(phase.copy)
            .map(([variant, text]) => variantLabel(variant, text))
            .join(' · ')}
        </p>
        {children}
      </Panel>
    </div>
  );
}

/** A test's conversion and click rates per variant, each named by the text its visitors saw. */
function RateCharts({
  rows,
  summary,
  otherTexts,
}: {
  rows: AbConversionRow[];
  summary: AbTestSummary | undefined;
  otherTexts: Record<string, string[]>;
}) {
  const winner = summary ? summary.winner : winnerOf(rows);
  const others = Object.entries(otherTexts);
  return (
    <>
      <BarChart
        title={`${RATES.abConversions.label} by variant (95% interval)`}
        data={rows.map((r) => ({
          label: variantLabel(r.variant, r.variantText),
          value: r.conversionRate,
          ...wilsonInterval(r.conversions, r.impressions),
          caption: `${formatPercent(r.conversionRate)} (${formatCount(r.conversions)}/${formatCount(r.impressions)})`,
          highlight: r.variant === winner,
        }))}
      />
      <BarChart
        title="Click rate by variant"
        data={rows.map((r) => ({
          label: variantLabel(r.variant, r.variantText),
          value: r.clickRate,
          caption: formatPercent(r.clickRate),
          highlight: r.variant === winner,
        }))}
      />
      {others.length > 0 && (
        <p className={styles.muted}>
          Also shown in this phase, on other funnels&apos; landing pages:{' '}
          {others.map(([variant, texts]) => `${variant}: ${texts.map((t) => `“${t}”`).join(', ')}`).join('; ')}.
        </p>
      )}
    </>
  );
}

/** The test's leader, said once: the winner when significant, else the highest rate so far. */
function LeaderBadge({ winner, summary }: { winner: string | null; summary: AbTestSummary | undefined }) {
  const { tone, text } = leaderVerdict(winner, summary);
  return <Badge tone={tone}>{text}</Badge>;
}

const variantColumn = createColumnHelper<AbVariantStats>();
/** Figures a control (or a control without conversions) has none of sort after every variant's. */
const orNone = (n: number | null) => n ?? undefined;
const VARIANT_COLUMNS = [
  variantColumn.accessor('variant', {
    header: 'Variant',
    cell: (c) => (
      <>
        {c.getValue()} {c.row.original.isControl && <Badge tone="gray">control</Badge>}
      </>
    ),
  }),
  variantColumn.accessor('exposures', { header: 'Exposures', cell: (c) => formatCount(c.getValue()) }),
  variantColumn.accessor('conversions', { header: 'Conversions', cell: (c) => formatCount(c.getValue()) }),
  // The rate by what it divides, in this table's words (its exposures are the overview's impressions).
  variantColumn.accessor('conversionRate', { header: 'Conversions ÷ exposures', cell: (c) => formatPercent(c.getValue(), 2) }),
  variantColumn.accessor((v) => orNone(v.uplift), {
    id: 'uplift',
    header: 'Uplift vs control (95% interval)',
    sortUndefined: 'last',
    cell: ({ row: { original: v } }) => upliftText(v),
  }),
  variantColumn.accessor((v) => orNone(v.pValue), {
    id: 'pValue',
    header: 'p-value',
    sortUndefined: 'last',
    cell: ({ row: { original: v } }) => fixed(v.pValue, 3),
  }),
  variantColumn.accessor((v) => orNone(v.chanceToBeatControl), {
    id: 'chanceToBeatControl',
    header: 'Chance to beat control',
    sortUndefined: 'last',
    cell: ({ row: { original: v } }) => (v.chanceToBeatControl === null ? '—' : formatPercent(v.chanceToBeatControl * 100)),
  }),
];

const rawColumn = createColumnHelper<AbRawRow>();
const RAW_COLUMNS = [
  rawColumn.accessor('date', { header: 'Date' }),
  rawColumn.accessor('testType', { header: 'Test' }),
  rawColumn.accessor('variant', { header: 'Variant' }),
  rawColumn.accessor('event', { header: 'Event' }),
  rawColumn.accessor('source', { header: 'Source' }),
  rawColumn.accessor('count', { header: 'Count', cell: (c) => formatCount(c.getValue()) }),
];

/** A test's badges on the Test Performance tab: sample size, split check and leader. */
function SummaryBadges({ test }: { test: AbTestSummary }) {
  return (
    <div className={styles.actions}>
      {test.underpowered && <Badge tone="yellow">Under-powered (&lt; {MIN_EXPOSURES_PER_VARIANT} per variant)</Badge>}
      {test.srm.mismatch && <Badge tone="red">Sample ratio mismatch</Badge>}
      <LeaderBadge winner={test.winner} summary={test} />
    </div>
  );
}

/** A test's exposures, split check and per-variant statistics. */
function SummaryTable({ test }: { test: AbTestSummary }) {
  return (
    <>
      <p className={styles.muted}>
        {formatCount(test.totalExposures)} exposures; control is variant {test.control}.{' '}
        {test.srm.skipped ??
          `Split check${
            test.srm.expected
              ? ` against ${Object.entries(test.srm.expected)
                  .map(([v, w]) => `${w} % ${v}`)
                  .join(' / ')}`
              : ''
          }: p = ${fixed(test.srm.pValue, 3)}.`}
      </p>
      <DataTable data={test.variants} columns={VARIANT_COLUMNS} getRowId={(v) => v.variant} />
    </>
  );
}

function Performance({ data }: { data: AbTestingResponse }) {
  const counted = data.phases.filter((p) => p.summary);
  // Tests the site no longer runs have no phases: their period's figures as they are.
  const withoutPhases = data.tests.filter((t) => !data.phases.some((p) => p.testType === t.testType));
  if (counted.length === 0 && withoutPhases.length === 0) return <p className={styles.empty}>No A/B test exposures in this period.</p>;
  return (
    <>
      {counted.map((phase) => (
        <PhasePanel key={`${phase.testType}-${phase.number}`} phase={phase} actions={<SummaryBadges test={phase.summary!} />}>
          <SummaryTable test={phase.summary!} />
        </PhasePanel>
      ))}
      {withoutPhases.map((test) => (
        <Panel key={test.testType} title={formatIdentifier(test.testType)} actions={<SummaryBadges test={test} />}>
          <SummaryTable test={test} />
        </Panel>
      ))}
    </>
  );
}

function RawData({ data }: { data: AbTestingResponse }) {
  if (data.rawData.length === 0) return <p className={styles.empty}>No A/B events in this period.</p>;
  return (
    <Panel title="Raw Data">
      <DataTable data={data.rawData} columns={RAW_COLUMNS} pageSize={RAW_PAGE_SIZE} pagesLabel="Raw data pages" />
    </Panel>
  );
}

export function AbTestingPage() {
  const [days, setDays] = useState<PeriodDays>(DEFAULT_PERIOD_DAYS);
  const [tab, setTab] = useState<TabKey>('overview');
  const ab = useAbTesting(days);
  const { toast } = useToast();
  useEffect(() => {
    if (ab.isError) toast({ title: 'Failed to fetch A/B testing data', variant: 'destructive' });
  }, [ab.isError, toast]);

  return (
    <AdminPage
      title="A/B Testing"
      description="Each test's split, pause or roll-out; its variants' impressions, clicks, conversions and their significance."
      actions={<PeriodPicker value={days} onChange={setDays} />}
    >
      {ab.isPending ? (
        <LoadingView label="Loading A/B testing data..." />
      ) : ab.isError ? (
        <ErrorView onRetry={() => void ab.refetch()} />
      ) : (
        <>
          <TestControls
            leaders={Object.fromEntries(
              ab.data.phases
                .filter((p) => p.endedAt === null)
                .map((p) => [p.testType, { variant: p.summary?.winner ?? null, significant: p.summary?.significant ?? false }]),
            )}
          />
          <Tabs tabs={TABS} value={tab} onChange={setTab} label="A/B testing views">
            {tab === 'overview' && <Overview data={ab.data} />}
            {tab === 'performance' && <Performance data={ab.data} />}
            {tab === 'raw' && <RawData data={ab.data} />}
          </Tabs>
        </>
      )}
    </AdminPage>
  );
}
