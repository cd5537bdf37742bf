import { Link } from '@tanstack/react-router';
import { company, configuredServices, footer, personal } from '@curb/content';
import styles from './public-footer.module.css';

export function PublicFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        <div>
          <p className={styles.brand}>{company.name}</p>
          <p>{footer.taglines[0]}</p>
        </div>
        <div>
          <h2 className={styles.heading}>Services</h2>
          <ul className={styles.list}>
            {configuredServices.map((service) => (
              <li key={service.name}>
                <Link to="/services">{service.name}</Link>
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
              <a href={`mailto:${personal.email}`}>{personal.email}</a>
            </li>
            <li>{personal.location}</li>
          </ul>
        </div>
      </div>
      <p className={`container ${styles.copyright}`}>
        © {new Date().getFullYear()} {company.name}. All rights reserved.
      </p>
    </footer>
  );
}
