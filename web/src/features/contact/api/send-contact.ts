import type { PageContact, PopupContact } from '@curb/contracts/leads';
import { submitForm } from '@/lib/form-submit';

/** POST /api/contact with either payload shape (tried again while the server is briefly unavailable); only success matters to the forms. */
export async function sendContact(message: PopupContact | PageContact): Promise<void> {
  await submitForm('/api/contact', message);
}
