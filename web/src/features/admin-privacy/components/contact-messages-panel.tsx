import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import type { ContactMessageRecord, ListFilter } from '@curb/contracts/privacy';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatDateTime } from '@/components/admin/format';
import { ListFilterBar } from '@/components/admin/list-filter-bar';
import { AddressText } from '@/components/ui/address-text';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { contactMessagesCsvUrl, useContactMessages } from '../api/privacy';

const column = createColumnHelper<ContactMessageRecord>();
const columns = [
  column.accessor('createdAt', { header: 'Received', meta: { wrap: 'never' }, cell: (c) => formatDateTime(c.getValue()) }),
  column.accessor('name', { header: 'Name', cell: (c) => <strong>{c.getValue()}</strong> }),
  column.accessor('email', {
    header: 'E-mail',
    meta: { wrap: 'anywhere' },
    cell: (c) => (
      <a href={`mailto:${c.getValue()}`}>
        <AddressText text={c.getValue()} />
      </a>
    ),
  }),
  column.accessor('subject', { header: 'Subject' }),
  column.accessor('message', { header: 'Message', meta: { wrap: 'anywhere', stackInCard: true } }),
];

/** The contact form's messages, newest first, with the filters their CSV download applies too. */
export function ContactMessagesPanel() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ListFilter>({});
  const messages = useContactMessages(page, filter);
  const data = messages.data;
  const apply = useCallback((next: ListFilter) => {
    setFilter(next);
    setPage(1);
  }, []);
  return (
    <Panel
      title="Contact Messages"
      actions={
        <a className={`button button-outline ${styles.smallButton}`} href={contactMessagesCsvUrl(filter)} download>
          Download messages (CSV)
        </a>
      }
    >
      <ListFilterBar filter={filter} onApply={apply} label="Filter the contact messages" searchLabel="Name, e-mail or text" />
      {messages.isPending ? (
        <LoadingView label="Loading messages..." />
      ) : messages.isError && !data ? (
        <ErrorView message="Failed to fetch the contact messages" onRetry={() => void messages.refetch()} />
      ) : data && data.messages.length === 0 ? (
        <p className={styles.empty}>
          {filter.q || filter.from || filter.to ? 'No message matches these filters.' : 'No contact messages yet.'}
        </p>
      ) : (
        data && (
          <>
            {/* The server sorts (newest first) and pages this list. */}
            <DataTable data={data.messages} columns={columns} getRowId={(row) => row.id} sortable={false} />
            <Pagination
              currentPage={data.pagination.currentPage}
              totalPages={data.pagination.totalPages}
              onPageChange={setPage}
              isLoading={messages.isPlaceholderData}
              label="Contact message pages"
            />
          </>
        )
      )}
    </Panel>
  );
}
