import { Link } from '@tanstack/react-router';
import { company, hasAboutSection, navigation, type NavItem } from '@curb/content';
import { useEffect, useState, type MouseEvent } from 'react';
import { useGoToSection } from '@/lib/scroll';
import { useSiteContent } from '@/lib/site-content';
import { useSiteTitle } from '@/lib/site-title';
import styles from './public-nav.module.css';

/** The bar changes style once the page is scrolled more than 10px. */
export const SCROLLED_THRESHOLD_PX = 10;

function useScrolledPast(thresholdPx: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > thresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx]);
  return scrolled;
}

function NavLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const goToSection = useGoToSection();
  const className = item.highlight ? `${styles.link} ${styles.highlight}` : styles.link;
  if (item.href === null) {
    // In-page sections of the home page: a real link for crawlers, a smooth scroll for people.
    return (
      <a
        href={`/#${item.id}`}
        className={className}
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          onNavigate();
          goToSection(item.id);
        }}
      >
        {item.label}
      </a>
    );
  }
  return (
    <Link to={item.href} className={className} activeProps={{ 'aria-current': 'page' }} onClick={onNavigate}>
      {item.label}
    </Link>
  );
}

export function PublicNav() {
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const goToSection = useGoToSection();
  const siteTitle = useSiteTitle();
  const content = useSiteContent();
  const { isSample, profile } = content;
  // The sample's brand is the sample's; an owner's site goes by their own name.
  const brand = siteTitle ?? (isSample ? company.name : profile.name);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={styles.header} data-scrolled={scrolled || undefined}>
      <nav className={`container ${styles.bar}`} aria-label="Main">
        <a
          href="/"
          className={styles.logo}
          onClick={(event) => {
            event.preventDefault();
            closeMenu();
            goToSection('hero');
          }}
        >
          <img src={profile.logo || '/favicon.svg'} alt="" width="32" height="32" />
          {brand}
        </a>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls="public-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <ul id="public-menu" className={styles.menu} data-open={menuOpen || undefined}>
          {navigation
            .filter((item) => item.id !== 'about' || hasAboutSection(content))
            .map((item) => (
              <li key={item.id}>
                <NavLink item={item} onNavigate={closeMenu} />
              </li>
            ))}
        </ul>
      </nav>
    </header>
  );
}
