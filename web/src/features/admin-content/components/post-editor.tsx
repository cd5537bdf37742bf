import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { MEDIA_LIMITS, type AdminPost, type PostEdit, type PostStatus } from '@curb/contracts/owner-content';
import { Panel } from '@/components/admin/admin-page';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { Badge } from '@/components/admin/badge';
import { ImageField } from '@/components/admin/image-field';
import { previewSrc, useMediaLibrary, useUploadImage } from '@/components/admin/owner-content-client';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { VersionHistory } from '@/components/admin/version-history';
import { TextAreaField, TextField } from '@/components/ui/form/field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useDeletePost, useSavePost, useSetPost } from '../api/content';
import { previewHtml } from './markdown-preview';
import { slugify } from './slug';
import styles from './content.module.css';
import { FilePickButton } from '@/components/ui/form/file-pick-button';

/** What search results show before they cut a title or a description short. */
const SEO_TITLE_MAX = 70;
const SEO_DESCRIPTION_MAX = 300;

export const EMPTY_POST: PostEdit = {
  slug: '',
  title: '',
  seoTitle: '',
  seoDescription: '',
  excerpt: '',
  category: '',
  tags: [],
  coverImage: '',
  markdown: '',
  status: 'draft',
  publishedAt: '',
};

const editOf = ({ id: _id, version: _v, updatedAt: _u, ...edit }: AdminPost): PostEdit => edit;

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={`${styles.counter} ${length > max ? styles.over : adminStyles.muted}`} aria-live="polite">
      {length} / {max}
    </span>
  );
}

/**
 * One post: its words, address, search appearance and pictures. "Save draft" keeps it off the
 * site, "Publish" puts it there (dated today unless a date is set), "Unpublish" takes it off.
 */
export function PostEditor({
  post,
  onClose,
  onSaved,
}: {
  post: AdminPost | null;
  onClose: () => void;
  onSaved: (post: AdminPost) => void;
}) {
  const [draft, setDraft] = useState<PostEdit>(post ? editOf(post) : EMPTY_POST);
  const [tagsText, setTagsText] = useState(draft.tags.join(', '));
  // A new post's address follows its title until the owner edits the address.
  const [slugEdited, setSlugEdited] = useState(Boolean(post));
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  /** Where the cursor last was in the body, so an inserted picture lands there. */
  const cursor = useRef<number | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const save = useSavePost();
  const remove = useDeletePost();
  const setPost = useSetPost();
  const library = useMediaLibrary();
  const upload = useUploadImage();
  const { toast } = useToast();

  const set = <K extends keyof PostEdit>(key: K, value: PostEdit[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const errorAt = (field: string) =>
    problem?.field && (problem.field === field || problem.field.startsWith(`${field}.`)) ? problem.message : null;
  const edited: PostEdit = {
    ...draft,
    tags: tagsText
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };

  const html = useMemo(
    () =>
      showPreview
        ? previewHtml(draft.markdown, (ref) =>
            ref.startsWith('media:') || /^\/(?!\/)/.test(ref) ? previewSrc(ref, library.data, 960) : null,
          )
        : '',
    [showPreview, draft.markdown, library.data],
  );

  const store = (status: PostStatus, done: string) => {
    setProblem(null);
    save.mutate(
      { id: post?.id ?? null, edit: { ...edited, status } },
      {
        onSuccess: (saved) => {
          setDraft(editOf(saved));
          toast({ title: done, description: saved.title });
          onSaved(saved);
        },
        onError: (error) => setProblem(serverProblem(error, 'The post could not be saved. Please try again.')),
      },
    );
  };

  /** Uploads a picture and puts `![description](media:<id>)` where the cursor is in the body. */
  const insertImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const alt =
      file.name
        .replace(/\.[^.]+$/, '')
        .replace(/[[\]()<>\n]/g, ' ')
        .trim() || 'image';
    upload.mutate(
      { file, alt },
      {
        onSuccess: (item) => {
          const at = Math.min(cursor.current ?? draft.markdown.length, draft.markdown.length);
          const text = `${at > 0 && draft.markdown[at - 1] !== '\n' ? '\n\n' : ''}![${alt}](${item.ref})\n\n`;
          set('markdown', draft.markdown.slice(0, at) + text + draft.markdown.slice(at));
        },
        onSettled: () => {
          if (imageInput.current) imageInput.current.value = '';
        },
      },
    );
  };

  const published = post?.status === 'published';
  const busy = save.isPending || remove.isPending;
  return (
    <Panel
      title={post ? `Edit: ${post.title}` : 'New post'}
      actions={
        <div className={adminStyles.actions}>
          {post && <Badge tone={published ? 'green' : 'gray'}>{published ? `Published ${post.publishedAt}` : 'Draft'}</Badge>}
          {post && (
            <VersionHistory<AdminPost>
              subject={`post:${post.id}`}
              name={post.title}
              onRestored={(saved) => {
                setPost(saved);
                setDraft(editOf(saved));
                setTagsText(saved.tags.join(', '));
                onSaved(saved);
              }}
            />
          )}
          <button type="button" className="button button-outline" onClick={onClose}>
            Back to posts
          </button>
        </div>
      }
    >
      <form onSubmit={(e) => e.preventDefault()} aria-label="Post" noValidate className={adminStyles.form}>
        <div className={styles.editor}>
          <div className={adminStyles.form}>
            <TextField
              label="Title"
              name="title"
              required
              value={draft.title}
              error={errorAt('title')}
              onChange={(e) => {
                const title = e.target.value;
                setDraft((d) => ({ ...d, title, slug: slugEdited ? d.slug : slugify(title) }));
              }}
            />
            <TextField
              label="Address"
              name="slug"
              value={draft.slug}
              error={errorAt('slug')}
              hint={`/blog/${draft.slug || '…'} — lower-case words joined by hyphens.`}
              onChange={(e) => {
                setSlugEdited(true);
                set('slug', e.target.value);
              }}
            />
            <TextField
              label="Excerpt"
              name="excerpt"
              value={draft.excerpt}
              error={errorAt('excerpt')}
              onChange={(e) => set('excerpt', e.target.value)}
              hint="One or two sentences for the blog list."
            />
            <TextField
              label="Category"
              name="category"
              value={draft.category}
              error={errorAt('category')}
              onChange={(e) => set('category', e.target.value)}
            />
            <TextField
              label="Tags"
              name="tags"
              value={tagsText}
              error={errorAt('tags')}
              onChange={(e) => setTagsText(e.target.value)}
              hint="Separated by commas."
            />
            <TextField
              label="Publish date"
              name="publishedAt"
              type="date"
              value={draft.publishedAt}
              error={errorAt('publishedAt')}
              onChange={(e) => set('publishedAt', e.target.value)}
              hint="Today when you publish without one."
            />
          </div>
          <div className={adminStyles.form}>
            <TextField
              label="Search title"
              name="seoTitle"
              value={draft.seoTitle}
              error={errorAt('seoTitle')}
              onChange={(e) => set('seoTitle', e.target.value)}
              hint={
                <>
                  The title in search results; the post's title when empty. <Counter length={draft.seoTitle.length} max={SEO_TITLE_MAX} />
                </>
              }
            />
            <TextAreaField
              label="Search description"
              name="seoDescription"
              rows={3}
              value={draft.seoDescription}
              error={errorAt('seoDescription')}
              onChange={(e) => set('seoDescription', e.target.value)}
              hint={
                <>
                  The text under the title in search results; the excerpt when empty.{' '}
                  <Counter length={draft.seoDescription.length} max={SEO_DESCRIPTION_MAX} />
                </>
              }
            />
            <ImageField
              label="Cover image"
              name="coverImage"
              value={draft.coverImage}
              onChange={(ref) => set('coverImage', ref)}
              error={errorAt('coverImage')}
            />
          </div>
        </div>
        <div className={adminStyles.actions}>
          <div className={adminStyles.segmented} role="group" aria-label="Body view">
            <button type="button" className={adminStyles.segment} aria-pressed={!showPreview} onClick={() => setShowPreview(false)}>
              Write
            </button>
            <button type="button" className={adminStyles.segment} aria-pressed={showPreview} onClick={() => setShowPreview(true)}>
              Preview
            </button>
          </div>
          <FilePickButton
            ref={imageInput}
            accept={MEDIA_LIMITS.types.join(',')}
            onChange={insertImage}
            disabled={upload.isPending}
            name="insertImage"
          >
            {upload.isPending ? 'Uploading...' : 'Insert image'}
          </FilePickButton>
          {upload.isError && (
            <span role="alert" className={styles.formError}>
              {serverProblem(upload.error, 'The picture could not be uploaded.').message}
            </span>
          )}
        </div>
        {showPreview ? (
          // The preview's HTML is Markdown rendered without raw HTML and with checked links only.
          <div className={styles.preview} data-testid="post-preview" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <TextAreaField
            onSelect={(e) => {
              cursor.current = e.currentTarget.selectionStart;
            }}
            label="Body (Markdown)"
            name="markdown"
            rows={16}
            className={styles.body}
            value={draft.markdown}
            error={errorAt('markdown')}
            onChange={(e) => set('markdown', e.target.value)}
            hint="## for a heading, **bold**, [a link](https://…), - for a list. Insert image puts a picture where the cursor is."
          />
        )}
        <div className={styles.saveBar}>
          <button
            type="button"
            className="button button-outline"
            disabled={busy}
            onClick={() => store('draft', published ? 'Unpublished' : 'Draft saved')}
          >
            {published ? 'Unpublish' : 'Save draft'}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => store('published', published ? 'Post updated' : 'Post published')}
          >
            {published ? 'Update' : 'Publish'}
          </button>
          {post && (
            <button
              type="button"
              className="button button-outline"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(`Delete "${post.title}"? It leaves the site and its history goes.`)) return;
                remove.mutate(post.id, {
                  onSuccess: () => {
                    toast({ title: 'Post deleted', description: post.title });
                    onClose();
                  },
                  onError: (error) => setProblem(serverProblem(error)),
                });
              }}
            >
              Delete
            </button>
          )}
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
