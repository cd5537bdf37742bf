import type { DataConnectionsOverview, SeoDashboard } from '@curb/contracts/analytics';
import type { AnalyticsSettingKey, Setting } from '@curb/contracts/settings';
import { settingsObject } from '@curb/contracts/settings-values';

export type IntegrationStatus = 'connected' | 'configured' | 'not_configured';

export interface IntegrationSource {
  id: string;
  name: string;
  status: IntegrationStatus;
  /** What is counted for it; null when nothing can be counted yet. */
  dataPoints: number | null;
  dataLabel: string;
  keywordTracking?: boolean;
}

/**
 * The hub's six sources. A third-party tag is `configured` once its id is set and
 * `connected` once the site also has visits that load it (an id is a setting the owner
 * edits, not a key fixed at build). The site's own tracking is connected when events arrive.
 */
export function integrationSources(
  settings: Setting[],
  seo: SeoDashboard | undefined,
  overview: DataConnectionsOverview | undefined,
): IntegrationSource[] {
  const keys = settingsObject<'analytics'>(settings);
  const sessions = seo?.googleAnalytics.sessions ?? 0;
  const tag = (id: string, name: string, ...settingKeys: AnalyticsSettingKey[]): IntegrationSource => {
    const set = settingKeys.some((k) => keys[k]);
    return {
      id,
      name,
      status: !set ? 'not_configured' : sessions > 0 ? 'connected' : 'configured',
      dataPoints: set ? sessions : null,
      dataLabel: 'sessions tagged, 7 days',
    };
  };
  const tracking = overview?.sources.find((s) => s.id === 'analytics_tracking');
  const keyword = seo?.keywordTracking;
  return [
    {
      id: 'site-analytics',
      name: 'Site Analytics (first-party)',
      status: tracking?.connected ? 'connected' : 'configured',
      dataPoints: tracking?.dataPoints ?? null,
      dataLabel: 'events tracked',
    },
    tag('google-analytics', 'Google Analytics 4', 'google_analytics_id'),
    tag('google-tag-manager', 'Google Tag Manager', 'google_tag_manager_id'),
    tag('ad-pixels', 'Advertising Pixels (Meta, LinkedIn)', 'facebook_pixel_id', 'linkedin_insight_tag'),
    tag('hotjar', 'Hotjar', 'hotjar_site_id'),
    {
      id: 'keyword-tracking',
      name: 'Keyword Tracking',
      status: keyword?.sourceConfigured ? 'connected' : keyword?.domain ? 'configured' : 'not_configured',
      dataPoints: seo?.keywordRankings.totalKeywords ?? null,
      dataLabel: keyword?.domain ? `keywords for ${keyword.domain}` : 'keywords tracked',
      keywordTracking: true,
    },
  ];
}
