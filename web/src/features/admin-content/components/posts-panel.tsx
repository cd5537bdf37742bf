import { useState } from 'react';
import type { AdminPost } from '@curb/contracts/owner-content';
import { Panel } from '@/components/admin/admin-page';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { Badge } from '@/components/admin/badge';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatDateTime } from '@/components/admin/format';
import { usePosts } from '../api/content';
import { PostEditor } from './post-editor';

/** The owner's posts and case studies, drafts too, newest change first; one opens in the editor. */
export function PostsPanel() {
  const posts = usePosts();
  // null: the list; 'new': a post not saved yet; otherwise the id of the post being edited.
  const [editing, setEditing] = useState<string | null>(null);

  if (editing !== null) {
    const post = editing === 'new' ? null : (posts.data?.find((p) => p.id === editing) ?? null);
    return <PostEditor key={editing} post={post} onClose={() => setEditing(null)} onSaved={(saved: AdminPost) => setEditing(saved.id)} />;
  }
  return (
    <Panel
      title="Posts and case studies"
      actions={
        <button type="button" className="button" onClick={() => setEditing('new')}>
          New post
        </button>
      }
    >
      {posts.isPending ? (
        <LoadingView />
      ) : posts.isError ? (
        <ErrorView message="Failed to load the posts" onRetry={() => void posts.refetch()} />
      ) : posts.data.length === 0 ? (
        <p className={adminStyles.empty}>No posts of your own yet: the blog shows the sample case studies until you publish one.</p>
      ) : (
        <ol className={adminStyles.steps} aria-label="Posts">
          {posts.data.map((post) => (
            <li key={post.id} data-testid="admin-post">
              <div>
                <strong>{post.title}</strong>{' '}
                {post.status === 'published' ? <Badge tone="green">Published {post.publishedAt}</Badge> : <Badge tone="gray">Draft</Badge>}
                <br />
                <small className={adminStyles.muted}>
                  /blog/{post.slug} · saved {formatDateTime(post.updatedAt)}
                </small>
              </div>
              <button
                type="button"
                className={`button button-outline ${adminStyles.smallButton}`}
                onClick={() => setEditing(post.id)}
                aria-label={`Edit ${post.title}`}
              >
                Edit
              </button>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
