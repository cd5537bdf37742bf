import type { AnalyticsSettings } from '../utils/tags';
import styles from './consent-banner.module.css';

const VENDORS: [keyof AnalyticsSettings, string][] = [
  ['google_analytics_id', 'Google Analytics'],
  ['google_tag_manager_id', 'Google Tag Manager'],
  ['facebook_pixel_id', 'Meta Pixel'],
  ['linkedin_insight_tag', 'LinkedIn Insight'],
  ['hotjar_site_id', 'Hotjar'],
];

/** Asks once, only when the owner has configured third-party tags. */
export function ConsentBanner({ tags, onAccept, onDecline }: { tags: AnalyticsSettings; onAccept: () => void; onDecline: () => void }) {
  const names = VENDORS.filter(([key]) => tags[key]).map(([, name]) => name);
  return (
    <section className={styles.banner} aria-label="Cookie consent" data-testid="consent-banner">
      <p className={styles.text}>
        This site would like to use {names.join(', ')} to measure visits and improve its marketing. These services set cookies and receive
        data about your visit. Nothing is loaded unless you accept.
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button-outline" onClick={onDecline}>
          Decline
        </button>
        <button type="button" className="button" onClick={onAccept}>
          Accept
        </button>
      </div>
    </section>
  );
}
