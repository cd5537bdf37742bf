import { type FormEvent, useId, useState } from 'react';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { DIMENSION_LABELS, formatDimensionValue, OPERATOR_LABELS } from '../lib/labels';
import { FILTER_DIMENSIONS, FILTER_OPERATORS, type FilterDimension, type FilterOperator, type TrafficFilter } from '../lib/search';
import styles from './traffic.module.css';

/** The page's filters as removable chips, and a small form to add one on any dimension. */
export function FilterBar({
  filters,
  onAdd,
  onRemove,
}: {
  filters: readonly TrafficFilter[];
  onAdd: (filter: TrafficFilter) => void;
  onRemove: (index: number) => void;
}) {
  const id = useId();
  const [dimension, setDimension] = useState<FilterDimension>('visit:source');
  const [operator, setOperator] = useState<FilterOperator>('is');
  const [value, setValue] = useState('');
  // Folded until asked for: on a phone the form would push the figures a screen down.
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return;
    onAdd([operator, dimension, value.trim()]);
    setValue('');
    setOpen(false);
  };
  return (
    <div className={styles.filterBar}>
      {filters.length > 0 && (
        <ul className={styles.chips} aria-label="Filters">
          {filters.map(([op, dim, text], i) => (
            <li key={`${op}-${dim}-${text}`} className={styles.chip} data-testid="filter-chip">
              <span>
                {DIMENSION_LABELS[dim]} {OPERATOR_LABELS[op]} <strong>{op === 'contains' ? text : formatDimensionValue(dim, text)}</strong>
              </span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove filter ${DIMENSION_LABELS[dim]} ${OPERATOR_LABELS[op]} ${text}`}
                onClick={() => onRemove(i)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className={`button button-outline ${adminStyles.smallButton}`}
          aria-expanded={open}
          aria-controls={`${id}-form`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Cancel' : 'Add a filter'}
        </button>
      </div>
      <form id={`${id}-form`} hidden={!open} className={styles.filterForm} onSubmit={submit} aria-label="Add a filter">
        <label htmlFor={`${id}-dim`} className="visually-hidden">
          Filter on
        </label>
        <select id={`${id}-dim`} value={dimension} onChange={(e) => setDimension(e.target.value as FilterDimension)}>
          {FILTER_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {DIMENSION_LABELS[d]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-op`} className="visually-hidden">
          Operator
        </label>
        <select id={`${id}-op`} value={operator} onChange={(e) => setOperator(e.target.value as FilterOperator)}>
          {FILTER_OPERATORS.map((o) => (
            <option key={o} value={o}>
              {OPERATOR_LABELS[o]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-value`} className="visually-hidden">
          Value
        </label>
        <input id={`${id}-value`} value={value} maxLength={500} placeholder="Value" onChange={(e) => setValue(e.target.value)} />
        <button type="submit" className="button button-outline" disabled={value.trim() === ''}>
          Apply
        </button>
      </form>
    </div>
  );
}
