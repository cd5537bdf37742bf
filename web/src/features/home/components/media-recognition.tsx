import { magazineFeature } from '@curb/content';
import { useEffect, useState } from 'react';
import { useSiteContent } from '@/lib/site-content';
import { PdfViewer } from './pdf-viewer';
import styles from './sections.module.css';

/** The card's picture alternates between the cover and the featured page every 3 s. */
export const COVER_SWAP_MS = 3000;

/** The magazine feature card (no anchor id); the cover or the button opens the viewer. */
export function MediaRecognition() {
  const [showFeatured, setShowFeatured] = useState(false);
  const [viewerOpen, setViewerOpen] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setShowFeatured((shown) => !shown), COVER_SWAP_MS);
    return () => clearInterval(timer);
  }, []);

  // The feature is about the sample person: an owner's site does not claim it.
  if (!useSiteContent().isSample) return null;
  const feature = magazineFeature;
  return (
    <section className={`${styles.section} ${styles.muted}`} aria-labelledby="media-title">
      <div className="container">
        <h2 id="media-title">Media Recognition</h2>
        <article className={styles.magazine}>
          <button
            type="button"
            className={styles.cover}
            onClick={() => setViewerOpen(true)}
            aria-label={`Open ${feature.publication}, ${feature.date}`}
          >
            <img
              src={showFeatured ? feature.featuredImage : feature.image}
              alt=""
              width="306"
              height="396"
              loading="lazy"
              decoding="async"
              data-testid="magazine-cover"
              data-page={showFeatured ? feature.featuredPage : 1}
            />
          </button>
          <div>
            <p className={styles.eyebrow}>
              {feature.publication} · {feature.date} edition · page {feature.featuredPage}
            </p>
            <h3 className={styles.magazineTitle}>{feature.title}</h3>
            <p className={styles.cardText}>{feature.description}</p>
            <p className={styles.cardText}>
              <strong>Role:</strong> {feature.role}
            </p>
            <ul className={styles.bullets}>
              {feature.highlights.map((highlight) => (
                <li key={highlight}>{highlight}</li>
              ))}
            </ul>
            <button type="button" className="button" onClick={() => setViewerOpen(true)}>
              View Feature Article
            </button>
          </div>
        </article>
      </div>
      <PdfViewer open={viewerOpen} onClose={() => setViewerOpen(false)} />
    </section>
  );
}
