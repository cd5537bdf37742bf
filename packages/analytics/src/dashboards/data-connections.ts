// Data-connections overview and feature status, computed from which data sources are live
// (rows present, transports configured) rather than written as static text.
import {
  DATA_SOURCES,
  type DataConnectionsOverview,
  type DataSourceId,
  type DataSourceStatus,
  type FeatureStatus,
} from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import { chTime } from './period.ts';

interface FeatureDefinition {
  id: string;
  featureName: string;
  description: string;
  category: string;
  sources: DataSourceId[];
}

export const FEATURES: readonly FeatureDefinition[] = [
  {
    id: 'marketing-audit-system',
    featureName: 'Marketing Audit System',
    description: 'Free website audits requested through the lead forms, analysed and e-mailed as a report.',
    category: 'audits',
    sources: ['form_submissions', 'email_delivery', 'seo_analysis'],
  },
  {
    id: 'funnel-manager',
    featureName: 'Funnel Manager',
    description: 'Landing pages and popups with their submissions, views and conversion.',
    category: 'funnel',
    sources: ['form_submissions', 'analytics_tracking', 'email_delivery'],
  },
  {
    id: 'analytics-integration',
    featureName: 'Analytics Integration',
    description: 'Traffic, sessions and search performance from the site’s own tracking.',
    category: 'analytics',
    sources: ['analytics_tracking', 'real_time_reporting', 'seo_analysis'],
  },
  {
    id: 'ab-testing',
    featureName: 'A/B Testing',
    description: 'Popup variants with exposures, clicks, conversions and significance.',
    category: 'analytics',
    sources: ['analytics_tracking', 'real_time_reporting'],
  },
  {
    id: 'retargeting',
    featureName: 'Retargeting Analytics',
    description: 'Visitor funnel, journeys of identified visitors and traffic sources.',
    category: 'analytics',
    sources: ['analytics_tracking', 'form_submissions', 'email_delivery'],
  },
  {
    id: 'admin-portal',
    featureName: 'Admin Portal',
    description: 'Owner sign-in and the admin dashboards.',
    category: 'admin',
    sources: ['user_authentication'],
  },
];

// The total from the daily rollup; the last day by the hour from the hourly rollup: this hour
// and the 23 before it. Not to the millisecond: the events of a partial hour could only be
// counted by reading the raw events of its whole day (they are sorted by day, then name).
const TRACKING_VOLUME_SQL = `
SELECT (SELECT sum(events) FROM events_daily WHERE is_bot = 0) AS total,
       (SELECT sum(events) FROM events_hourly WHERE is_bot = 0 AND hour >= toStartOfHour({now:DateTime64(3)}, 'UTC') - INTERVAL 23 HOUR)
         AS lastDay`;

/** The overview's SQL, the same on every engine (listed in catalog.ts). */
export const dataConnectionsSql = { trackingVolume: TRACKING_VOLUME_SQL };

/** Human events ever and in the last 24 hours (this hour and the 23 before): the tracking and real-time sources. */
export async function trackingVolume(ch: ClickHouse, now = Date.now()): Promise<{ total: number; lastDay: number }> {
  const [row] = await ch.query<{ total: string; lastDay: string }>(TRACKING_VOLUME_SQL, { now: chTime(now) });
  return { total: Number(row?.total ?? 0), lastDay: Number(row?.lastDay ?? 0) };
}

export function sourceStatus(id: DataSourceId, connected: boolean, dataPoints: number, detail: string): DataSourceStatus {
  return { id, label: DATA_SOURCES[id], connected, dataPoints, detail };
}

/** Complete when every source is connected, partial from half, otherwise a prototype. */
export function featureStatuses(sources: DataSourceStatus[], now = new Date()): FeatureStatus[] {
  const live = new Map(sources.map((s) => [s.id, s]));
  return FEATURES.map((f) => {
    const connected = f.sources.filter((s) => live.get(s)?.connected);
    const missing = f.sources.filter((s) => !live.get(s)?.connected);
    const level = Math.round((100 * connected.length) / f.sources.length);
    return {
      id: f.id,
      featureName: f.featureName,
      description: f.description,
      category: f.category,
      implementationStatus: level === 100 ? 'complete' : level >= 50 ? 'partial' : 'prototype',
      functionalityLevel: level,
      hasRealData: connected.some((s) => (live.get(s)?.dataPoints ?? 0) > 0),
      connectedDataSources: connected,
      missingDataSources: missing,
      lastCheckedAt: now.toISOString(),
    };
  });
}

export function dataConnectionsOverview(sources: DataSourceStatus[], now = new Date()): DataConnectionsOverview {
  const features = featureStatuses(sources, now);
  const missingConnections: Record<string, number> = {};
  for (const f of features) for (const s of f.missingDataSources) missingConnections[s] = (missingConnections[s] ?? 0) + 1;
  return {
    totalFeatures: features.length,
    featuresWithRealData: features.filter((f) => f.hasRealData).length,
    prototypeFeatures: features.filter((f) => f.implementationStatus === 'prototype').length,
    missingConnections,
    priorityFeatures: features
      .filter((f) => f.implementationStatus !== 'complete')
      .sort((a, b) => a.functionalityLevel - b.functionalityLevel || b.missingDataSources.length - a.missingDataSources.length),
    sources,
  };
}
