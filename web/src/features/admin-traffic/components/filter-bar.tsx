import { type FormEvent, useId, useRef, useState } from 'react';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { SelectField, TextField } from '@/components/ui/form/field';
import { focusField } from '@/components/ui/form/field-refusal';
import { serverProblem } from '@/lib/server-message';
import { checkFilter } from '../api/stats';
import { DIMENSION_LABELS, formatDimensionValue, OPERATOR_LABELS } from '../lib/labels';
import { FILTER_DIMENSIONS, FILTER_OPERATORS, type FilterDimension, type FilterOperator, type TrafficFilter } from '../lib/search';
import styles from './traffic.module.css';

/** Where the server names the parts of a filter checked alone: [operator, dimension, values]. */
const FILTER_FIELDS = { operator: 'filters.0.0', dimension: 'filters.0.1', value: 'filters.0.2' } as const;
const FILTER_PARTS = Object.values(FILTER_FIELDS);

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
  const [refusal, setRefusal] = useState<{ field: string; message: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const close = () => {
    setOpen(false);
    setRefusal(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filter: TrafficFilter = [operator, dimension, value.trim()];
    if (filter[2] === '') return;
    setChecking(true);
    try {
      await checkFilter(filter);
    } catch (error) {
      // A refusal of the filter (a goal by a name there is none of) is shown at its control; any
      // other failure adds the filter anyway, and the page's panels say what went wrong.
      const { message, field } = serverProblem(error);
      // A refused value may be named down to its place in the values (filters.0.2.0).
      const part = FILTER_PARTS.find((name) => field === name || field?.startsWith(`${name}.`));
      if (part) {
        setRefusal({ field: part, message });
        focusField(form.current, part);
        return;
      }
    } finally {
      setChecking(false);
    }
    onAdd(filter);
    setValue('');
    close();
  };
  const refusalAt = (field: string) => (refusal?.field === field ? refusal.message : null);
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
          onClick={() => (open ? close() : setOpen(true))}
        >
          {open ? 'Cancel' : 'Add a filter'}
        </button>
      </div>
      {/* The filter is checked alone, so the server names its parts filters.0.0 (operator), .1, .2 (value). */}
      <form
        ref={form}
        id={`${id}-form`}
        hidden={!open}
        className={styles.filterForm}
        onSubmit={(event) => void submit(event)}
        aria-label="Add a filter"
      >
        <SelectField
          hideLabel
          label="Filter on"
          field={FILTER_FIELDS.dimension}
          error={refusalAt(FILTER_FIELDS.dimension)}
          value={dimension}
          onChange={(e) => {
            setDimension(e.target.value as FilterDimension);
            setRefusal(null);
          }}
        >
          {FILTER_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {DIMENSION_LABELS[d]}
            </option>
          ))}
        </SelectField>
        <SelectField
          hideLabel
          label="Operator"
          field={FILTER_FIELDS.operator}
          error={refusalAt(FILTER_FIELDS.operator)}
          value={operator}
          onChange={(e) => {
            setOperator(e.target.value as FilterOperator);
            setRefusal(null);
          }}
        >
          {FILTER_OPERATORS.map((o) => (
            <option key={o} value={o}>
              {OPERATOR_LABELS[o]}
            </option>
          ))}
        </SelectField>
        <div className={styles.filterValue}>
          <TextField
            hideLabel
            label="Value"
            field={FILTER_FIELDS.value}
            error={refusalAt(FILTER_FIELDS.value)}
            value={value}
            maxLength={500}
            placeholder="Value"
            onChange={(e) => {
              setValue(e.target.value);
              setRefusal(null);
            }}
          />
        </div>
        <button type="submit" className="button button-outline" disabled={value.trim() === '' || checking}>
          Apply
        </button>
      </form>
    </div>
  );
}
