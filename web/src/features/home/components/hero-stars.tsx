import { memo } from 'react';
import styles from './hero.module.css';

/** Spec: 150 decorative stars in the hero. */
export const HERO_STAR_COUNT = 150;

// Fixed positions (a seeded generator), so the server render and the browser agree.
const stars = (() => {
  let seed = 20240601;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: HERO_STAR_COUNT }, () => ({
    x: (random() * 100).toFixed(2),
    y: (random() * 100).toFixed(2),
    r: (0.6 + random() * 1.4).toFixed(2),
    o: (0.25 + random() * 0.6).toFixed(2),
  }));
})();

export const HeroStars = memo(function HeroStars() {
  return (
    <svg className={styles.stars} aria-hidden="true" data-testid="hero-stars" width="100%" height="100%">
      {stars.map((star, i) => (
        <circle key={i} cx={`${star.x}%`} cy={`${star.y}%`} r={star.r} opacity={star.o} />
      ))}
    </svg>
  );
});
