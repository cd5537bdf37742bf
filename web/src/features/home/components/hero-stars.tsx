import styles from './hero.module.css';

/** 150 decorative stars in the hero (drawn by the media script into one image). */
export const HERO_STAR_COUNT = 150;
export const HERO_STARS_IMAGE = '/media/hero-stars.svg';

/** One image rather than 150 elements: nothing for the browser app to hydrate. */
export function HeroStars() {
  return <img className={styles.stars} src={HERO_STARS_IMAGE} alt="" aria-hidden="true" data-testid="hero-stars" />;
}
