import { useState } from 'react';
import { SCORE_KEYS, type AuditReport, type ScoreKey } from '@curb/contracts/audit';
import { scoreNotes, vitalsCopy } from '@curb/content';
import { clsTone, embeddedImage, lcpTone, loadTimeTone, overviewLoadTone, scoreTone, tbtTone } from '../utils/levels';
import styles from './audit-report.module.css';
import { Badge, Bar, Fact, Section } from './report-bits';
import { ScoreCard } from './score-card';
import { ScoreDial } from './score-dial';

const ORDER: ScoreKey[] = ['website', 'seo', 'leadGen', 'social', 'content', 'technical'];
const TONE_TEXT = { green: styles['text-green'], amber: styles['text-amber'], red: styles['text-red'] };

function WebsitePreview({ report }: { report: AuditReport }) {
  const w = report.websiteData;
  const shot = embeddedImage(w.screenshot ? `data:image/png;base64,${w.screenshot}` : undefined);
  return (
    <Section id="website-preview" title="Website Preview">
      <div className={styles.preview}>
        {shot ? <img src={shot} alt={`Screenshot of ${report.website}`} /> : <span>Website Preview</span>}
      </div>
      <div className={styles.badges} data-testid="preview-badges">
        <Badge tone={w.hasSSL ? 'green' : 'red'}>{w.hasSSL ? 'SSL Secure' : 'Not Secure'}</Badge>
        <Badge tone={overviewLoadTone(w.loadTime)}>{w.loadTime.toFixed(1)}s load time</Badge>
        <Badge tone={w.mobileOptimized ? 'green' : 'red'}>{w.mobileOptimized ? 'Mobile Ready' : 'Not Mobile'}</Badge>
        <Badge tone={w.hasAnalytics ? 'green' : 'amber'}>{w.hasAnalytics ? 'Analytics' : 'No Analytics'}</Badge>
      </div>
    </Section>
  );
}

/** How the load time and Core Web Vitals were measured (older reports: only whether Lighthouse ran). */
function SpeedNote({ report }: { report: AuditReport }) {
  const m = report.websiteData.speedMeasurement;
  if (!m)
    return report.websiteData.lighthousePowered ? null : <p className={styles.muted}>Speed figures are estimated from network timings.</p>;
  return (
    <p className={styles.muted} data-testid="speed-measurement">
      Load time: {m.loadTime}. Core Web Vitals: {m.coreWebVitals}.
    </p>
  );
}

function TechnicalBlock({ report }: { report: AuditReport }) {
  const t = report.technicalSEO;
  const v = t.pageSpeed.webVitals;
  const load = report.websiteData.loadTime;
  return (
    <Section id="technical-block" title="Technical Performance">
      <dl className={styles.facts}>
        <Fact label="Desktop score">
          <span className={TONE_TEXT[scoreTone(t.pageSpeed.desktop)]}>{t.pageSpeed.desktop}</span>
        </Fact>
        <Fact label="Mobile score">
          <span className={TONE_TEXT[scoreTone(t.pageSpeed.mobile)]}>{t.pageSpeed.mobile}</span>
        </Fact>
        {/* GTmetrix and Pingdom grades are shown only when present: the audit calls neither service. */}
        {t.pageSpeed.gtmetrixGrade && <Fact label="GTmetrix grade">{t.pageSpeed.gtmetrixGrade}</Fact>}
        {t.pageSpeed.pingdomGrade && <Fact label="Pingdom grade">{t.pageSpeed.pingdomGrade}</Fact>}
        <Fact label="Load time">
          <span className={TONE_TEXT[loadTimeTone(load)]}>{load.toFixed(1)}s</span>
        </Fact>
      </dl>
      <h3>Core Web Vitals</h3>
      <dl className={styles.facts} data-testid="core-web-vitals">
        <Fact label="LCP">
          <span className={TONE_TEXT[lcpTone(v.lcp)]}>{(v.lcp / 1000).toFixed(1)}s</span>
        </Fact>
        <Fact label={vitalsCopy.inpLabel}>
          {v.tbt !== undefined ? <span className={TONE_TEXT[tbtTone(v.tbt)]}>{Math.round(v.tbt)}ms</span> : 'Not measured'}
        </Fact>
        <Fact label="CLS">
          <span className={TONE_TEXT[clsTone(v.cls)]}>{v.cls.toFixed(3)}</span>
        </Fact>
      </dl>
      <p className={styles.muted} data-testid="vitals-note">
        {vitalsCopy.note}
      </p>
      <SpeedNote report={report} />
      <div className={styles.grid2}>
        <div>
          <h3>Compression &amp; Caching</h3>
          <ul className={styles.list}>
            <li>
              Compression:{' '}
              {t.compressionSettings.gzipEnabled ? `enabled (${t.compressionSettings.compressionRatio}x smaller)` : 'not enabled'}
            </li>
            <li>Cache headers: {t.cacheHeaders.expiresHeaders ? 'set on static files' : 'missing'}</li>
          </ul>
        </div>
        <div>
          <h3>Resource Optimization</h3>
          <ul className={styles.list}>
            <li>Oversized images: {t.imageOptimization.oversizedImages}</li>
            <li>Missing alt tags: {t.imageOptimization.missingAltTags}</li>
            <li>Lazy loading: {t.imageOptimization.lazyLoadingEnabled ? 'enabled' : 'not used'}</li>
          </ul>
        </div>
      </div>
    </Section>
  );
}

export function ScoresSection({ report }: { report: AuditReport }) {
  const [open, setOpen] = useState<Partial<Record<ScoreKey, boolean>>>({});
  const s = report.scores;
  return (
    <>
      <div className={styles.grid2}>
        <WebsitePreview report={report} />
        <Section id="score-overview" title="Score Overview">
          <div className={styles.dials} data-testid="four-dials">
            <ScoreDial score={s.technical.score} label="Technical" size="sm" />
            <ScoreDial score={s.seo.score} label="SEO" size="sm" />
            <ScoreDial score={s.social.score} label="Social" size="sm" />
            <ScoreDial score={s.overall} label="Overall" size="sm" />
          </div>
          <p className={styles.muted} data-testid="seo-note">
            {scoreNotes.seo}
          </p>
        </Section>
      </div>
      <TechnicalBlock report={report} />
      <Section id="score-tiles" title="Your Scores">
        <div className={styles.tiles} data-testid="score-tiles">
          {SCORE_KEYS.map((key) => {
            const d = s[key];
            const tone = scoreTone(d.score);
            if (d.basis?.measured === 0) {
              return (
                <div key={key} className={styles.tile}>
                  <div className={styles.tileScore}>–</div>
                  <div>{d.metric}</div>
                  <div className={styles.muted}>Not measured</div>
                </div>
              );
            }
            return (
              <div key={key} className={styles.tile}>
                <div className={`${styles.tileScore} ${TONE_TEXT[tone]}`}>{d.score}</div>
                <div>{d.metric}</div>
                <Bar value={d.score} tone={tone} label={`${d.metric} score`} />
              </div>
            );
          })}
        </div>
      </Section>
      <Section id="score-details" title="Detailed Scores">
        {ORDER.map((key) => (
          <ScoreCard
            key={key}
            id={`score-${key}`}
            detail={s[key]}
            open={Boolean(open[key])}
            onToggle={() => setOpen((o) => ({ ...o, [key]: !o[key] }))}
          />
        ))}
      </Section>
    </>
  );
}
