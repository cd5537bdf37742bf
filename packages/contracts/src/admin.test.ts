import { describe, expect, it } from 'vitest';
import { auditBadge } from './admin.ts';

const none = {
  reportViewed: false,
  emailOpened: false,
  emailDelivered: false,
  emailInOutbox: false,
  emailRefused: false,
  emailSent: false,
} as const;

describe('the audit status badge', () => {
  it.each([
    [{ ...none, status: 'queued' }, 'In Progress'],
    [{ ...none, status: 'running' }, 'In Progress'],
    [{ ...none, status: 'done' }, 'Processing'],
    [{ ...none, status: 'done', emailSent: true }, 'Processing'],
    [{ ...none, status: 'done', emailSent: true, emailDelivered: true }, 'Email Sent'],
    // Written to the outbox folder: nobody received it, so it is not Email Sent.
    [{ ...none, status: 'done', emailInOutbox: true }, 'In outbox — not sent'],
    [{ ...none, status: 'done', emailInOutbox: true, reportViewed: true }, 'Converted'],
    [{ ...none, status: 'done', emailSent: true, emailDelivered: true, emailOpened: true }, 'Email Opened'],
    [{ ...none, status: 'done', emailSent: true, emailDelivered: true, reportViewed: true }, 'Converted'],
    // The recipient's server refused it: said so, never Email Sent nor a vague Failed.
    [{ ...none, status: 'done', emailRefused: true }, "Refused by the recipient's server"],
    [{ ...none, status: 'failed' }, 'Failed'],
  ] as const)('%o → %s', (flags, badge) => {
    expect(auditBadge(flags)).toBe(badge);
  });
});
