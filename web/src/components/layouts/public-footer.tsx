import { Link } from '@tanstack/react-router';
import { site } from '../../config/site';
import styles from './public-footer.module.css';

export function PublicFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        <div>
          <p className={styles.brand}>{site.name}</p>
          <p>{site.tagline}.</p>
        </div>
        <div>
          <h2 className={styles.heading}>Services</h2>
          <ul className={styles.list}>
            {site.services.map((service) => (
              <li key={service}>
                <Link to="/services">{service}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={styles.heading}>Free Marketing Audit</h2>
          <p>A 15-point review of your website, with the report in your inbox within 24 hours.</p>
          <Link to="/marketing-audit" className="button">
            Get Your Free Audit
          </Link>
        </div>
        <div>
          <h2 className={styles.heading}>Contact</h2>
          <ul className={styles.list}>
            <li>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>{site.location}</li>
          </ul>
        </div>
      </div>
      <p className={`container ${styles.copyright}`}>
        © {new Date().getFullYear()} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
