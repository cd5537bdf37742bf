import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import formStyles from '@/components/admin/admin-form.module.css';
import fieldStyles from '@/components/ui/form/field.module.css';
import { focusField } from '@/components/ui/form/field-refusal';
import type { FieldProblem } from '@/lib/server-message';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import own from './stats-access.module.css';

/**
 * A settings section that is a list the owner adds to and takes from (goals, API tokens): the
 * list loading or failing, what the section is for, each item with its one action, and the
 * form that adds one, with the server's refusal under it.
 */
export function EditableList<T extends { id: string }>({
  title,
  list,
  fetchError,
  intro,
  items,
  listLabel,
  describe,
  action,
  before,
  add,
}: {
  title: string;
  list: { isPending: boolean; isError: boolean; refetch: () => unknown };
  fetchError: string;
  intro: ReactNode;
  items: T[];
  listLabel: string;
  describe: (item: T) => ReactNode;
  /** What the button beside each item does (Remove, Revoke). */
  action: { label: string; busy: boolean; run: (item: T) => void };
  /** Shown above the list (a token just created). */
  before?: ReactNode;
  add: {
    label: string;
    /** The form's fields, each given the server's refusal when it names that field. */
    fields: (errorAt: (field: string) => string | null) => ReactNode;
    /** The fields `fields` draws, by the names the server gives them. */
    names: readonly string[];
    problem: FieldProblem | null;
    ready: boolean;
    busy: boolean;
    submitLabel: string;
    busyLabel: string;
    onSubmit: () => void;
  };
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const field = add.problem?.field && add.names.includes(add.problem.field) ? add.problem.field : null;
  useEffect(() => {
    if (field) focusField(formRef.current, field);
  }, [add.problem, field]);
  if (list.isPending)
    return (
      <Panel title={title}>
        <LoadingView />
      </Panel>
    );
  if (list.isError)
    return (
      <Panel title={title}>
        <ErrorView message={fetchError} onRetry={() => void list.refetch()} />
      </Panel>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.onSubmit();
  };
  return (
    <Panel title={title}>
      <p className={styles.muted}>{intro}</p>
      {before}
      {items.length > 0 && (
        <ul className={own.list} aria-label={listLabel}>
          {items.map((item) => (
            <li key={item.id} className={own.item}>
              <span>{describe(item)}</span>
              <button
                type="button"
                className={`button button-outline ${styles.smallButton}`}
                disabled={action.busy}
                onClick={() => action.run(item)}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form ref={formRef} onSubmit={submit} className={formStyles.form} aria-label={add.label}>
        {add.fields((name) => (name === field ? add.problem!.message : null))}
        {add.problem && !field && (
          <p role="alert" className={fieldStyles.error}>
            {add.problem.message}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={!add.ready || add.busy}>
            {add.busy ? add.busyLabel : add.submitLabel}
          </button>
        </div>
      </form>
    </Panel>
  );
}
