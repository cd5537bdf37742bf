import { relatedItemsFor } from '@curb/content';
import { Dialog } from '@/components/ui/dialog/dialog';
import styles from './keyword-dialog.module.css';

/** The keyword dialog: everything on the site related to a tool, tag or technology. */
export function KeywordDialog({ keyword, onClose }: { keyword: string | null; onClose: () => void }) {
  const items = keyword ? relatedItemsFor(keyword) : [];
  return (
    <Dialog open={keyword !== null} onClose={onClose} title={keyword ?? ''} size="lg" testId="keyword-dialog">
      <p className={styles.count}>{`${items.length} related items`}</p>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.card}>
            <div className={styles.cardHeader}>
              <h3 className={styles.title}>{item.title}</h3>
              <span className={styles.type} data-type={item.type}>
                {item.type}
              </span>
            </div>
            {(item.company || item.period) && <p className={styles.meta}>{[item.company, item.period].filter(Boolean).join(' · ')}</p>}
            <p className={styles.description}>{item.description}</p>
            {item.metrics && item.metrics.length > 0 && (
              <dl className={styles.metrics}>
                {item.metrics.map((metric) => (
                  <div key={metric.label}>
                    <dt>{metric.label}</dt>
                    <dd>{metric.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {item.category && <span className={styles.category}>{item.category}</span>}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
