import { AdminPage } from '@/components/admin/admin-page';
import { ApiTokensForm } from './api-tokens-form';
import { GoalsForm } from './goals-form';
import { RetentionForm } from './retention-form';
import { SettingsForm } from './settings-form';
import { WeeklyEmailForm } from './weekly-email-form';

export function SettingsPage() {
  return (
    <AdminPage
      title="Settings"
      description={
        'Tracking and search-engine settings applied to every public page, and the contact the audit reports carry. Tracking ' +
        'tags load only for visitors who accept them.'
      }
    >
      <SettingsForm category="analytics" />
      <SettingsForm category="seo" />
      <SettingsForm category="contact" />
      <SettingsForm category="traffic" />
      <WeeklyEmailForm />
      <GoalsForm />
      <ApiTokensForm />
      <RetentionForm />
    </AdminPage>
  );
}
