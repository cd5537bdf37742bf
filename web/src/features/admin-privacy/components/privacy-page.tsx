import { AdminPage } from '@/components/admin/admin-page';
import { ContactMessagesPanel } from './contact-messages-panel';
import { ErasuresPanel } from './erasures-panel';
import { PersonPanel } from './person-panel';

const DESCRIPTION =
  "Answer a person's request for their data or its erasure, and export contact messages. The leads export is on Marketing Audits.";

/** A person's data (download or erase), the contact messages, and the record of erasures. */
export function PrivacyPage() {
  return (
    <AdminPage title="Data & Privacy" description={DESCRIPTION}>
      <PersonPanel />
      <ContactMessagesPanel />
      <ErasuresPanel />
    </AdminPage>
  );
}
