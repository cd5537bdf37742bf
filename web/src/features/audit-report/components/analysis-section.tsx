import type { AuditReport, SocialProfile } from '@curb/contracts/audit';
import { mostUsedWords } from '../utils/levels';
import styles from './audit-report.module.css';
import { Badge, Check, Fact, Section } from './report-bits';

/** The real-estate profile sites the report verifies. */
const PROFILE_SITES = ['Zillow', 'Realtor.com', 'Homes.com'];
const MAX_ISSUES = 2;

function ProfileCard({ profile }: { profile: SocialProfile }) {
  const issues = profile.issues ?? [];
  return (
    <div className={styles.profile} data-highlight="true" data-testid={`profile-${profile.platform}`}>
      <div className={styles.profileHead}>
        <strong>{profile.platform}</strong>
        {profile.verified && <Badge tone="green">Verified</Badge>}
        {profile.completeness !== undefined && <Badge tone="grey">{profile.completeness}% complete</Badge>}
      </div>
      <a href={profile.url} target="_blank" rel="noopener noreferrer nofollow">
        {profile.username || profile.url}
      </a>
      {profile.brokerageInfo && <p>Brokerage: {profile.brokerageInfo}</p>}
      {profile.licenseInfo && <p>{profile.licenseInfo}</p>}
      {issues.length > 0 && (
        <ul className={styles.list}>
          {issues.slice(0, MAX_ISSUES).map((issue, i) => (
            <li key={i}>{issue}</li>
          ))}
          {issues.length > MAX_ISSUES && <li className={styles.muted}>+{issues.length - MAX_ISSUES} more</li>}
        </ul>
      )}
    </div>
  );
}

export function AnalysisSection({ report }: { report: AuditReport }) {
  const w = report.websiteData;
  const f = w.realEstateFeatures;
  const ma = report.marketAnalysis;
  const reProfiles = w.socialProfiles.filter((p) => PROFILE_SITES.includes(p.platform));
  const others = w.socialProfiles.filter((p) => !PROFILE_SITES.includes(p.platform));
  const pv = w.profileVerification;
  const features = f ? [f.hasIDX, f.hasPropertySearch, f.hasValuationTool, f.hasMortgageCalculator, f.hasVirtualTours] : [];
  return (
    <>
      <Section id="website-overview" title="Website Overview">
        <dl className={styles.facts}>
          <Fact label="Page title">{w.seoTitle ?? 'Missing'}</Fact>
          <Fact label="Meta description">{w.metaDescription ?? 'Missing'}</Fact>
          <Fact label="Built with">{w.techStack?.length ? w.techStack.join(', ') : 'Not detected'}</Fact>
          <Fact label="Services mentioned">{w.services?.length ? w.services.join(', ') : 'None found'}</Fact>
        </dl>
        {mostUsedWords(w.keywordDensity).length > 0 && (
          <>
            <h3>Most used words</h3>
            <div className={styles.badges} data-testid="most-used-words">
              {mostUsedWords(w.keywordDensity).map(([word, pct]) => (
                <Badge key={word} tone="grey">
                  {word} {pct}%
                </Badge>
              ))}
            </div>
          </>
        )}
        <h3>The 15-point review</h3>
        <div data-testid="checklist">
          {report.checklist.map((c) => (
            <Check key={c.id} ok={c.notMeasured ? null : c.passed}>
              {c.title}
              {c.notMeasured ? <span className={styles.muted}> — not measured: {c.notMeasured}</span> : null}
              {!c.passed && !c.notMeasured && c.detail ? <span className={styles.muted}> — {c.detail}</span> : null}
            </Check>
          ))}
        </div>
        {report.notMeasured && (
          <>
            <h3>Not measured</h3>
            <p data-testid="not-measured-summary">{report.notMeasured.summary}</p>
            <div data-testid="not-measured-checks">
              {report.notMeasured.checks.map((c) => (
                <Check key={c.id} ok={null}>
                  {c.title}
                  <span className={styles.muted}> — {c.reason}</span>
                </Check>
              ))}
            </div>
          </>
        )}
      </Section>

      <Section id="social-presence" title="Social Presence">
        {pv && (
          <p data-testid="profile-summary">
            {pv.verifiedProfiles} of {pv.totalProfiles} real estate profiles verified · average completeness {pv.averageCompleteness}%
            {pv.brokerages.length ? ` · brokerage: ${pv.brokerages.join(', ')}` : ''}
          </p>
        )}
        {reProfiles.length > 0 ? (
          <div className={styles.grid2}>
            {reProfiles.map((p) => (
              <ProfileCard key={p.platform} profile={p} />
            ))}
          </div>
        ) : (
          <p className={styles.muted}>No Zillow, Realtor.com or Homes.com profile is linked from the site.</p>
        )}
        <h3>Other profiles</h3>
        {others.length ? (
          <ul className={styles.list}>
            {others.map((p) => (
              <li key={p.platform}>
                {p.platform}:{' '}
                <a href={p.url} target="_blank" rel="noopener noreferrer nofollow">
                  {p.username || p.url}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No social network profiles are linked from the site.</p>
        )}
      </Section>

      <Section id="business-information" title="Business Information">
        <dl className={styles.facts}>
          <Fact label="Business name">{w.companyName}</Fact>
          <Fact label="Business type">{w.businessType}</Fact>
          <Fact label="Location">{w.location ?? 'Not found'}</Fact>
          <Fact label="Phone">{w.phone ?? 'Not found'}</Fact>
        </dl>
      </Section>

      <Section id="real-estate-features" title="Real Estate Features">
        {f ? (
          <>
            <p data-testid="readiness">
              <strong>{features.filter(Boolean).length} of 5</strong> core features ·{' '}
              {`${f.leadCaptureElements.length} lead capture elements · ${f.professionalCredentials.length} credentials`}
            </p>
            <div className={styles.grid2}>
              <div>
                <Check ok={f.hasIDX}>IDX listings{f.idxProvider ? ` (${f.idxProvider})` : ''}</Check>
                <Check ok={f.hasPropertySearch}>Property search</Check>
                <Check ok={f.hasValuationTool}>Home valuation tool</Check>
                <Check ok={f.hasMortgageCalculator}>Mortgage calculator</Check>
                <Check ok={f.hasVirtualTours}>Virtual tours</Check>
              </div>
              <div>
                <h3>Lead capture elements</h3>
                {f.leadCaptureElements.length ? (
                  <ul className={styles.list}>
                    {f.leadCaptureElements.map((x) => (
                      <li key={x}>{x}</li>
                    ))}
                  </ul>
                ) : (
                  <p className={styles.muted}>None found</p>
                )}
                <h3>Credentials</h3>
                <p>{f.professionalCredentials.length ? f.professionalCredentials.join(', ') : 'None shown'}</p>
                {f.realEstateWidgets.length > 0 && <p className={styles.muted}>Also on the site: {f.realEstateWidgets.join(', ')}</p>}
              </div>
            </div>
          </>
        ) : (
          <p className={styles.muted}>Not available for this report.</p>
        )}
      </Section>

      <Section id="competitive-analysis" title="Competitive Analysis">
        {ma ? (
          <>
            <dl className={styles.facts}>
              <Fact label="Market opportunity">{ma.marketOpportunity}</Fact>
              <Fact label="Growth potential">{ma.growthPotential}/100</Fact>
              <Fact label="Portals competing for your leads">{ma.competitorCount}</Fact>
            </dl>
            <h3>Key insights</h3>
            <ul className={styles.list}>
              {ma.keyInsights.map((x, i) => (
                <li key={i}>{x}</li>
              ))}
            </ul>
            <div className={styles.grid2}>
              <div>
                <h3>Strengths</h3>
                <ul className={styles.list}>
                  {ma.competitiveAdvantage.length ? (
                    ma.competitiveAdvantage.map((x, i) => <li key={i}>{x}</li>)
                  ) : (
                    <li>None stand out yet</li>
                  )}
                </ul>
              </div>
              <div>
                <h3>Challenges</h3>
                <ul className={styles.list}>
                  {ma.marketChallenges.length ? (
                    ma.marketChallenges.map((x, i) => <li key={i}>{x}</li>)
                  ) : (
                    <li>No major challenges found</li>
                  )}
                </ul>
              </div>
            </div>
          </>
        ) : (
          <p className={styles.muted}>Not available for this report.</p>
        )}
      </Section>
    </>
  );
}
