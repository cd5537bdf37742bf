import styles from './keyword-chips.module.css';

/** Tool, tag and technology chips; each one opens the keyword dialog for its word. */
export function KeywordChips({ keywords, onKeyword, label }: { keywords: readonly string[]; onKeyword: (keyword: string) => void; label?: string }) {
  return (
    <ul className={styles.chips} aria-label={label}>
      {keywords.map((keyword) => (
        <li key={keyword}>
          <button type="button" className={styles.chip} onClick={() => onKeyword(keyword)}>
            {keyword}
          </button>
        </li>
      ))}
    </ul>
  );
}
