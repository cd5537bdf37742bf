import { useEffect, useState, type FormEvent } from 'react';
import { type ListFilter, listFilterProblem } from '@curb/contracts/privacy';
import { TextField } from '@/components/ui/form/field';
import styles from './list-filter-bar.module.css';

/**
 * The filters of an admin list (words, and the days it was received), applied when the owner
 * submits them; the list and its CSV download use the same filter.
 */
export function ListFilterBar({
  filter,
  onApply,
  label,
  searchLabel = 'Search',
}: {
  filter: ListFilter;
  onApply: (filter: ListFilter) => void;
  /** The form's accessible name ("Filter the audits"). */
  label: string;
  searchLabel?: string;
}) {
  const [draft, setDraft] = useState<ListFilter>(filter);
  useEffect(() => setDraft(filter), [filter]);
  const problem = listFilterProblem(draft);
  const empty = !draft.q && !draft.from && !draft.to;
  const set = (key: keyof ListFilter) => (value: string) => setDraft((d) => ({ ...d, [key]: value || undefined }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem)
      onApply({
        ...(draft.q?.trim() && { q: draft.q.trim() }),
        ...(draft.from && { from: draft.from }),
        ...(draft.to && { to: draft.to }),
      });
  };

  return (
    <form className={styles.bar} onSubmit={submit} aria-label={label} role="search">
      <div className={styles.search}>
        <TextField label={searchLabel} type="search" maxLength={200} value={draft.q ?? ''} onChange={(e) => set('q')(e.target.value)} />
      </div>
      <TextField
        label="From (UTC)"
        type="date"
        value={draft.from ?? ''}
        onChange={(e) => set('from')(e.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      <TextField
        label="To (UTC)"
        type="date"
        value={draft.to ?? ''}
        onChange={(e) => set('to')(e.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      <button type="submit" className="button" disabled={Boolean(problem)}>
        Apply
      </button>
      <button
        type="button"
        className="button button-outline"
        disabled={empty && !filter.q && !filter.from && !filter.to}
        onClick={() => {
          setDraft({});
          onApply({});
        }}
      >
        Clear
      </button>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
