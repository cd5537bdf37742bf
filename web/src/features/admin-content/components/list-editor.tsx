import { useEffect, useState, type FormEvent } from 'react';
import { Panel } from '@/components/admin/admin-page';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { ImageField } from '@/components/admin/image-field';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { VersionHistory } from '@/components/admin/version-history';
import { TextAreaField, TextField } from '@/components/ui/form/field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useContentList, useSaveContentList, useSetContentList } from '../api/content';
import type { ListKindSpec } from './list-kinds';
import { slugify } from './slug';
import styles from './content.module.css';

type Item = Record<string, unknown>;
/** An entry as the form holds it: every field as text ("lines" fields one entry a line). */
type DraftItem = Record<string, string>;

const toDraft = (spec: ListKindSpec, item: Item): DraftItem =>
  Object.fromEntries(
    spec.fields.map((f) => [
      f.key,
      f.kind === 'lines' ? ((item[f.key] as string[] | undefined) ?? []).join('\n') : String(item[f.key] ?? ''),
    ]),
  );

const fromDraft = (spec: ListKindSpec, draft: DraftItem): Item => {
  const item: Item = Object.fromEntries(
    spec.fields.map((f) => [
      f.key,
      f.kind === 'lines'
        ? draft[f.key]!.split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
        : draft[f.key]!.trim(),
    ]),
  );
  // A service's address name follows its title until the owner names it.
  if (spec.kind === 'services' && !item.id) item.id = slugify(String(item.title), 80);
  return item;
};

const emptyDraft = (spec: ListKindSpec): DraftItem => Object.fromEntries(spec.fields.map((f) => [f.key, '']));

/**
 * One ordered list of the site (services, testimonials, figures, expertise cards): add, remove,
 * reorder and edit its entries, then one Save keeps the whole list as its next version.
 */
export function ListEditor({ spec }: { spec: ListKindSpec }) {
  const list = useContentList<Item>(spec.kind);
  const setList = useSetContentList<Item>(spec.kind);
  const save = useSaveContentList<Item>(spec.kind);
  const { toast } = useToast();
  const [drafts, setDrafts] = useState<DraftItem[] | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  useEffect(() => {
    if (list.data) setDrafts(list.data.map((item) => toDraft(spec, item)));
    setProblem(null);
  }, [list.data, spec]);

  const history = <VersionHistory<Item[]> subject={spec.kind} name={spec.title.toLowerCase()} onRestored={setList} />;
  if (list.isPending || !drafts) {
    return (
      <Panel title={spec.title}>
        {list.isError ? (
          <ErrorView message={`Failed to load ${spec.title.toLowerCase()}`} onRetry={() => void list.refetch()} />
        ) : (
          <LoadingView />
        )}
      </Panel>
    );
  }

  const items = drafts.map((d) => fromDraft(spec, d));
  const dirty = JSON.stringify(items) !== JSON.stringify(list.data?.map((i) => fromDraft(spec, toDraft(spec, i))));
  const errorAt = (index: number, key: string) => {
    const field = problem?.field;
    return field && (field === `${index}.${key}` || field.startsWith(`${index}.${key}.`)) ? problem.message : null;
  };
  const update = (index: number, key: string, value: string) =>
    setDrafts((ds) => ds!.map((d, i) => (i === index ? { ...d, [key]: value } : d)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((ds) => {
      const next = [...ds!];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(items, {
      onSuccess: () => toast({ title: `${spec.title} saved`, description: 'The site shows them now.' }),
      onError: (error) => setProblem(serverProblem(error, `${spec.title} could not be saved. Please try again.`)),
    });
  };

  return (
    <Panel title={spec.title} actions={history}>
      <p className={adminStyles.muted}>{spec.description}</p>
      <form onSubmit={submit} aria-label={spec.title} noValidate className={adminStyles.form}>
        <ol className={styles.items}>
          {drafts.map((draft, index) => {
            const name = draft[spec.nameField] || `New ${spec.noun}`;
            return (
              // Entries have no identity of their own; the position is what the owner reorders.
              <li key={index} className={styles.item} aria-label={`${spec.noun} ${index + 1}: ${name}`}>
                <div className={styles.itemHeader}>
                  <strong>
                    {index + 1}. {name}
                  </strong>
                  <div className={adminStyles.actions}>
                    <button
                      type="button"
                      className={`button button-outline ${adminStyles.smallButton}`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={`Move ${name} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={`button button-outline ${adminStyles.smallButton}`}
                      disabled={index === drafts.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={`Move ${name} down`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={`button button-outline ${adminStyles.smallButton}`}
                      onClick={() => setDrafts((ds) => ds!.filter((_, i) => i !== index))}
                      aria-label={`Remove ${name}`}
                    >
                      Remove
                    </button>
                  </div>
                </div>
                <div className={styles.itemFields}>
                  {spec.fields.map((f) =>
                    f.kind === 'image' ? (
                      <ImageField
                        key={f.key}
                        label={f.label}
                        name={`${index}.${f.key}`}
                        value={draft[f.key]!}
                        onChange={(ref) => update(index, f.key, ref)}
                        error={errorAt(index, f.key)}
                      />
                    ) : f.kind === 'line' ? (
                      <TextField
                        key={f.key}
                        label={f.label}
                        name={`${index}.${f.key}`}
                        value={draft[f.key]}
                        hint={f.hint}
                        error={errorAt(index, f.key)}
                        onChange={(e) => update(index, f.key, e.target.value)}
                      />
                    ) : (
                      <TextAreaField
                        key={f.key}
                        label={f.label}
                        name={`${index}.${f.key}`}
                        rows={f.kind === 'lines' ? 3 : 4}
                        value={draft[f.key]}
                        hint={f.hint}
                        error={errorAt(index, f.key)}
                        onChange={(e) => update(index, f.key, e.target.value)}
                      />
                    ),
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        <div className={styles.saveBar}>
          <button type="button" className="button button-outline" onClick={() => setDrafts((ds) => [...ds!, emptyDraft(spec)])}>
            Add {spec.noun}
          </button>
          <button type="submit" className="button" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving...' : `Save ${spec.title.toLowerCase()}`}
          </button>
          {dirty && !save.isPending && <span className={adminStyles.muted}>Unsaved changes</span>}
          {problem && (
            <span role="alert" className={styles.formError}>
              Nothing was saved: {problem.message}
            </span>
          )}
        </div>
      </form>
    </Panel>
  );
}
