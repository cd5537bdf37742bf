import type { PageContact, PopupContact } from '@curb/contracts/leads';
import { apiRequest } from '@/lib/api-client';

/** POST /api/contact with either payload shape; only success matters to the forms. */
export async function sendContact(message: PopupContact | PageContact): Promise<void> {
  await apiRequest('POST', '/api/contact', message);
}
