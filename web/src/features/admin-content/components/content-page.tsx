import { useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { Tabs } from '@/components/admin/tabs';
import { ListEditor } from './list-editor';
import { PageDescriptionsEditor } from './page-descriptions-editor';
import { LIST_KINDS } from './list-kinds';
import { PostsPanel } from './posts-panel';

const TABS = [
  { key: 'posts', label: 'Posts' },
  ...LIST_KINDS.map((k) => ({ key: k.kind as string, label: k.title })),
  { key: 'pages', label: 'Search descriptions' },
];

/** What the owner publishes: posts and case studies, and the site's ordered lists. */
export function ContentPage() {
  const [tab, setTab] = useState('posts');
  const spec = LIST_KINDS.find((k) => k.kind === tab);
  return (
    <AdminPage
      title="Site Content"
      description={
        "Posts, services, testimonials, headline figures, expertise cards, your career and the pages' search descriptions; " +
        'every save can be restored.'
      }
    >
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Content">
        {spec ? <ListEditor key={spec.kind} spec={spec} /> : tab === 'pages' ? <PageDescriptionsEditor /> : <PostsPanel />}
      </Tabs>
    </AdminPage>
  );
}
