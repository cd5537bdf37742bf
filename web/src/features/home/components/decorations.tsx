import { useEffect, useRef } from 'react';
import styles from './decorations.module.css';

/** A top bar showing how far the page has been scrolled. */
export function ScrollProgress() {
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      barRef.current?.style.setProperty('transform', `scaleX(${max > 0 ? Math.min(1, window.scrollY / max) : 0})`);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return <div ref={barRef} className={styles.progress} aria-hidden="true" data-testid="scroll-progress" />;
}

/** 6 decorative floating circles. */
export const FLOATING_CIRCLE_COUNT = 6;

export function FloatingCircles() {
  return (
    <div className={styles.circles} aria-hidden="true" data-testid="floating-circles">
      {Array.from({ length: FLOATING_CIRCLE_COUNT }, (_, i) => (
        <span key={i} className={styles.circle} />
      ))}
    </div>
  );
}
