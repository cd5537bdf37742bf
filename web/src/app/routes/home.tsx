import { Link } from '@tanstack/react-router';
import { Suspense, useState, type ReactNode } from 'react';
import { ContactForm } from '@/features/contact/components/contact-form';
import { ExperienceTimeline } from '@/features/experience/components/experience-timeline';
import { About } from '@/features/home/components/about';
import { ContactSection } from '@/features/home/components/contact-section';
import { FloatingCircles, ScrollProgress } from '@/features/home/components/decorations';
import { Hero } from '@/features/home/components/hero';
import { MediaRecognition } from '@/features/home/components/media-recognition';
import { Projects } from '@/features/home/components/projects';
import { Skills } from '@/features/home/components/skills';
import { KeywordDialog } from '@/features/keyword-dialog/components/keyword-dialog';
import { useSiteContent } from '@/lib/site-content';
import styles from './home.module.css';

/**
 * A Suspense boundary per section: a prerendered boundary hydrates in its own pass, so the
 * browser gets to breathe between sections instead of one long hydration task.
 */
const Section = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

// Section ids the navigation scrolls to: hero, achievements, about, skills, contact.
export function HomeRoute() {
  const [keyword, setKeyword] = useState<string | null>(null);
  const { career } = useSiteContent();
  return (
    <>
      <ScrollProgress />
      <FloatingCircles />
      <Hero />
      <Section>
        <Projects onKeyword={setKeyword} />
      </Section>
      <Section>
        <About />
      </Section>
      <Section>
        <Skills onKeyword={setKeyword} />
      </Section>
      <Section>
        <MediaRecognition />
      </Section>
      {career.length > 0 && (
        <Section>
          <section className={styles.experience} aria-labelledby="home-experience-title">
            <div className="container">
              <h2 id="home-experience-title">Recent Experience</h2>
              <ExperienceTimeline items={career.slice(0, 3)} onKeyword={setKeyword} />
              <Link to="/experience" className="button button-outline">
                View Full Experience
              </Link>
            </div>
          </section>
        </Section>
      )}
      <Section>
        <ContactSection form={<ContactForm />} />
      </Section>
      <KeywordDialog keyword={keyword} onClose={() => setKeyword(null)} />
    </>
  );
}
