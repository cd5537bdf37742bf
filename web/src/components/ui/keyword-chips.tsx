import { relatedItemsFor } from '@curb/content';
import styles from './keyword-chips.module.css';

/**
 * Tool, tag and technology chips. A chip with related items opens the keyword dialog for
 * its word; one without stays a plain label, so no click leads to an empty list.
 */
export function KeywordChips({
  keywords,
  onKeyword,
  label,
}: {
  keywords: readonly string[];
  onKeyword: (keyword: string) => void;
  label?: string;
}) {
  return (
    <ul className={styles.chips} aria-label={label}>
      {keywords.map((keyword) => (
        <li key={keyword}>
          {relatedItemsFor(keyword).length > 0 ? (
            <button type="button" className={styles.chip} onClick={() => onKeyword(keyword)}>
              {keyword}
            </button>
          ) : (
            <span className={`${styles.chip} ${styles.plain}`}>{keyword}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
