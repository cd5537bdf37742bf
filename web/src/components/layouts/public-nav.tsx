import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { company, navigation as siteNavigation, type NavItem } from '@curb/content';
import styles from './public-nav.module.css';

/** Spec: the bar changes style once the page is scrolled more than 10px. */
const SCROLLED_THRESHOLD_PX = 10;
const smoothScroll = { behavior: 'smooth' } as const;

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
  const className = item.highlight ? `${styles.link} ${styles.highlight}` : styles.link;
  // In-page items are home sections: from any route they lead to / and scroll to the section.
  if (item.href === null) {
    return (
      <Link
        to="/"
        hash={item.id}
        hashScrollIntoView={smoothScroll}
        // Without the hash in the comparison every section link would look active on /.
        activeOptions={{ includeHash: true }}
        className={className}
        onClick={onNavigate}
      >
        {item.label}
      </Link>
    );
  }
  return (
    <Link to={item.href} className={className} onClick={onNavigate}>
      {item.label}
    </Link>
  );
}

export function PublicNav() {
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={styles.header} data-scrolled={scrolled || undefined}>
      <nav className={`container ${styles.bar}`} aria-label="Main">
        <Link to="/" hash="hero" hashScrollIntoView={smoothScroll} className={styles.logo} onClick={closeMenu}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          {company.name}
        </Link>
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
          {siteNavigation.map((item) => (
            <li key={item.id}>
              <NavLink item={item} onNavigate={closeMenu} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
