import { hero } from '@curb/content';
import { useState } from 'react';
import { imageSrcSet, useSiteContent } from '@/lib/site-content';
import { scrollToSection } from '@/lib/scroll';
import { HeroStars } from './hero-stars';
import { VCARD_PATH } from './contact-card';
import { QrModal } from './qr-modal';
import styles from './hero.module.css';
import { hasShowcase } from './showcase';

/** The hero names the first figures; the about section lists them all. */
const HERO_FIGURES = 2;

export function Hero() {
  const [qrOpen, setQrOpen] = useState(false);
  const content = useSiteContent();
  const { profile, figures } = content;
  return (
    <section id="hero" className={styles.hero}>
      <HeroStars />
      <div className={`container ${styles.inner}`}>
        {profile.photo ? (
          <img
            className={styles.headshot}
            src={profile.photo}
            srcSet={imageSrcSet(profile.photo)}
            sizes="160px"
            alt={`Portrait of ${profile.name}`}
            width="160"
            height="160"
            data-testid="owner-photo"
          />
        ) : (
          <span className={`${styles.headshot} ${styles.initials}`} role="img" aria-label={profile.name} data-testid="owner-initials">
            {profile.initials}
          </span>
        )}
        <div className={styles.text}>
          {/* The sample's line names the sample person's trade; an owner's site names their company. */}
          {(content.isSample ? hero.eyebrow : profile.company) && (
            <p className={styles.eyebrow}>{content.isSample ? hero.eyebrow : profile.company}</p>
          )}
          <h1 className={styles.name}>{profile.name}</h1>
          <p className={styles.title}>{profile.title}</p>
          {profile.tagline && <p className={styles.intro}>{profile.tagline}</p>}
          {figures.length > 0 && (
            <dl className={styles.metrics}>
              {figures.slice(0, HERO_FIGURES).map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className={styles.actions}>
            {hasShowcase(content) && (
              // biome-ignore lint/a11y/useValidAnchor: a real in-page link; the handler only smooths the scroll
              <a
                href="#achievements"
                className="button"
                onClick={(event) => {
                  event.preventDefault();
                  scrollToSection('achievements');
                }}
              >
                View Projects
              </a>
            )}
            {/* Under 768px the contact button downloads the vCard; wider screens get the QR modal. */}
            <a href={VCARD_PATH} download className={`button button-outline ${styles.mobileOnly}`} data-testid="save-contact">
              Save Contact
            </a>
            <button
              type="button"
              className={`button button-outline ${styles.desktopOnly}`}
              onClick={() => setQrOpen(true)}
              data-testid="show-contact-qr"
            >
              Contact Card
            </button>
          </div>
        </div>
      </div>
      <QrModal open={qrOpen} onClose={() => setQrOpen(false)} />
    </section>
  );
}
