import { hero, metrics, personal } from '@curb/content';
import { useState } from 'react';
import { scrollToSection } from '@/lib/scroll';
import { HeroStars } from './hero-stars';
import { VCARD_FILE_NAME, VCARD_PATH } from './contact-card';
import { QrModal } from './qr-modal';
import styles from './hero.module.css';

export function Hero() {
  const [qrOpen, setQrOpen] = useState(false);
  return (
    <section id="hero" className={styles.hero}>
      <HeroStars />
      <div className={`container ${styles.inner}`}>
        <img className={styles.headshot} src={personal.headshot} alt={`Portrait of ${personal.name}`} width="160" height="160" />
        <div className={styles.text}>
          <p className={styles.eyebrow}>{hero.eyebrow}</p>
          <h1 className={styles.name}>{personal.name}</h1>
          <p className={styles.title}>{personal.title}</p>
          <p className={styles.intro}>{hero.intro}</p>
          <dl className={styles.metrics}>
            <div>
              <dt>{metrics.experienceLabel}</dt>
              <dd>{metrics.yearsExperience}</dd>
            </div>
            <div>
              <dt>{metrics.volumeLabel}</dt>
              <dd>{metrics.transactionVolume}</dd>
            </div>
          </dl>
          <div className={styles.actions}>
            {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link; the handler only smooths the scroll */}
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
            {/* Spec: under 768px the contact button downloads the vCard; wider screens get the QR modal. */}
            <a
              href={VCARD_PATH}
              download={VCARD_FILE_NAME}
              className={`button button-outline ${styles.mobileOnly}`}
              data-testid="save-contact"
            >
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
