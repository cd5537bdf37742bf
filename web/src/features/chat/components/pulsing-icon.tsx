import styles from './chat.module.css';

/** The stand-in avatar: a microphone that pulses, faster while the assistant speaks. */
export function PulsingIcon({ active }: { active: boolean }) {
  return (
    <div className={styles.pulseStage} data-testid="avatar-pulse">
      <div className={`${styles.pulse} ${active ? styles.pulseActive : ''}`} aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="56"
          height="56"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="9" y="2" width="6" height="12" rx="3" />
          <path d="M5 10a7 7 0 0 0 14 0M12 17v4M8 21h8" />
        </svg>
      </div>
    </div>
  );
}
