import styles from './shrug-illustration.module.css';

/** A drawn shrugging figure for the 404 page (inline, so the CSP needs no image source). */
export function ShrugIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 210" role="img" aria-label="A person shrugging" className={className}>
      <ellipse cx="120" cy="200" rx="78" ry="7" fill="#111827" opacity="0.08" />
      <text x="22" y="62" fontSize="30" fontWeight="700" className={styles.accent} opacity="0.55">
        ?
      </text>
      <text x="202" y="48" fontSize="24" fontWeight="700" className={styles.accent} opacity="0.4">
        ?
      </text>
      <path d="M84 104 Q120 86 156 104 L166 198 H74 Z" className={styles.accent} data-testid="shrug-shirt" />
      <path
        d="M92 110 L60 142 L42 106 M148 110 L180 142 L198 106"
        fill="none"
        className={styles.accentDark}
        strokeWidth="14"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <ellipse cx="40" cy="99" rx="11" ry="7" fill="#f6c7a1" stroke="#111827" strokeWidth="2" />
      <ellipse cx="200" cy="99" rx="11" ry="7" fill="#f6c7a1" stroke="#111827" strokeWidth="2" />
      <circle cx="120" cy="60" r="28" fill="#f6c7a1" stroke="#111827" strokeWidth="3" />
      <path d="M93 52 Q95 30 120 31 Q145 30 147 52 Q136 39 120 40 Q103 39 93 52 Z" fill="#111827" />
      <path
        d="M104 54 q6 -5 12 0 M124 54 q6 -5 12 0 M109 78 q5.5 -4 11 0 t11 0"
        fill="none"
        stroke="#111827"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="110" cy="63" r="3" fill="#111827" />
      <circle cx="130" cy="63" r="3" fill="#111827" />
    </svg>
  );
}
