import { Link } from '@tanstack/react-router';
import styles from './home.module.css';

// The navigation scrolls to these section ids (hero, achievements, about, skills, contact).
export function HomeRoute() {
  return (
    <>
      <section id="hero" className={styles.hero}>
        <div className="container">
          <h1>Real estate marketing that turns visitors into clients</h1>
          <p className={styles.lead}>
            Marketing, operations and team leadership for agents and teams across Northern Virginia,
            DC and Maryland.
          </p>
          <div className={styles.actions}>
            <Link to="/" hash="achievements" hashScrollIntoView={{ behavior: 'smooth' }} className="button">
              View Projects
            </Link>
            <Link to="/marketing-audit" className="button button-outline">
              Get Your Free Audit
            </Link>
          </div>
        </div>
      </section>
      <section id="achievements" className={`container ${styles.section}`}>
        <h2>Projects</h2>
        <p>Key metrics and major projects, each with its case study.</p>
      </section>
      <section id="about" className={`container ${styles.section}`}>
        <h2>About</h2>
        <p>15+ years in real estate operations and marketing, with $75M+ in transaction volume.</p>
      </section>
      <section id="skills" className={`container ${styles.section}`}>
        <h2>Expertise</h2>
        <p>Operations, technology, marketing, automation, team leadership and strategic planning.</p>
      </section>
      <section id="contact" className={`container ${styles.section}`}>
        <h2>Contact</h2>
        <p>Questions about your marketing or operations? Send a message and get an answer within 24 hours.</p>
      </section>
    </>
  );
}
