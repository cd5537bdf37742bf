import { useEffect, useState, type FormEvent } from 'react';
import { defaultPageDescription, pageName } from '@curb/content';
import { DESCRIBED_PAGES, DESCRIPTION_LENGTH, type DescribedPage, type PageTexts } from '@curb/contracts/owner-content';
import { Panel } from '@/components/admin/admin-page';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { VersionHistory } from '@/components/admin/version-history';
import { TextAreaField } from '@/components/ui/form/field';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { usePageTexts, useSavePageTexts, useSetPageTexts, useSiteBundle } from '../api/content';
import styles from './content.module.css';

const PAGES = Object.keys(DESCRIBED_PAGES) as DescribedPage[];
const { shortest, longest, maxLength } = DESCRIPTION_LENGTH;

/** How long a description is against what a search result shows: a warning, never a refusal. */
function lengthNote(text: string): { note: string; warn: boolean } {
  const n = text.trim().length;
  if (n === 0) return { note: 'Empty: the site uses the description shown in the box.', warn: false };
  if (n < shortest) return { note: `${n} characters: a search result shows more; ${shortest} to ${longest} reads best.`, warn: true };
  if (n > longest) return { note: `${n} characters: search results cut it after about ${longest}.`, warn: true };
  return { note: `${n} characters: a good length (${shortest} to ${longest}).`, warn: false };
}

/** The search description of each public page; an empty one falls back to one built from the owner's content. */
export function PageDescriptionsEditor() {
  const texts = usePageTexts();
  const site = useSiteBundle();
  const setTexts = useSetPageTexts();
  const save = useSavePageTexts();
  const { toast } = useToast();
  const [drafts, setDrafts] = useState<Record<string, string> | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  useEffect(() => {
    if (texts.data) setDrafts(Object.fromEntries(PAGES.map((page) => [page, texts.data.descriptions[page] ?? ''])));
    setProblem(null);
  }, [texts.data]);

  const title = 'Search descriptions';
  const history = <VersionHistory<PageTexts> subject="pages" name="search descriptions" onRestored={setTexts} />;
  if (!drafts) {
    return (
      <Panel title={title}>
        {texts.isError ? (
          <ErrorView message="Failed to load the search descriptions" onRetry={() => void texts.refetch()} />
        ) : (
          <LoadingView />
        )}
      </Panel>
    );
  }

  // Only the descriptions written are kept: an empty one is the default.
  const edited: PageTexts = {
    descriptions: Object.fromEntries(PAGES.map((page) => [page, drafts[page]!.trim()]).filter(([, text]) => text)),
  };
  const dirty = JSON.stringify(edited) !== JSON.stringify({ descriptions: texts.data?.descriptions ?? {} });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(edited, {
      onSuccess: () => toast({ title: 'Search descriptions saved', description: 'The pages carry them now.' }),
      onError: (error) => setProblem(serverProblem(error, 'The search descriptions could not be saved. Please try again.')),
    });
  };

  return (
    <Panel title={title} actions={history}>
      <p className={adminStyles.muted}>
        What a search result or a shared link says under each page's title. Leave one empty and the site writes one from your profile,
        services and career.
      </p>
      <form onSubmit={submit} aria-label={title} noValidate className={adminStyles.form}>
        {PAGES.map((page) => {
          const { note, warn } = lengthNote(drafts[page]!);
          const field = `descriptions.${page}`;
          return (
            <TextAreaField
              key={page}
              label={pageName(DESCRIBED_PAGES[page])}
              name={field}
              rows={2}
              maxLength={maxLength}
              value={drafts[page]}
              placeholder={site.data ? defaultPageDescription(page, site.data) : ''}
              hint={<span className={warn ? styles.lengthWarning : undefined}>{note}</span>}
              error={problem?.field === field ? problem.message : null}
              onChange={(e) => setDrafts((d) => ({ ...d!, [page]: e.target.value }))}
            />
          );
        })}
        <div className={styles.saveBar}>
          <button type="submit" className="button" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save search descriptions'}
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
