import { describe, expect, it } from 'vitest';
import { deliveryBadge, leadBadge } from './admin.ts';

const none = {
  reportViewed: false,
  emailOpened: false,
  emailDelivered: false,
  emailInOutbox: false,
  emailRefused: false,
  emailSent: false,
} as const;

describe('the audit list: the report e-mail and the lead in two columns', () => {
  it.each([
    [{ ...none, status: 'queued' }, 'In Progress'],
    [{ ...none, status: 'running' }, 'In Progress'],
    [{ ...none, status: 'done' }, 'Processing'],
    [{ ...none, status: 'done', emailSent: true }, 'Processing'],
    [{ ...none, status: 'done', emailSent: true, emailDelivered: true }, 'Email Sent'],
    // Written to the outbox folder: nobody received it, so it is not Email Sent.
    [{ ...none, status: 'done', emailInOutbox: true }, 'In outbox — not sent'],
    // What the lead did never hides what happened to the e-mail.
    [{ ...none, status: 'done', emailInOutbox: true, reportViewed: true }, 'In outbox — not sent'],
    [{ ...none, status: 'done', emailSent: true, emailDelivered: true, emailOpened: true }, 'Email Sent'],
    // The recipient's server refused it: said so, never Email Sent nor a vague Failed.
    [{ ...none, status: 'done', emailRefused: true }, "Refused by the recipient's server"],
    [{ ...none, status: 'failed' }, 'Failed'],
  ] as const)('e-mail of %o → %s', (flags, badge) => {
    expect(deliveryBadge(flags)).toBe(badge);
  });

  it.each([
    [{ ...none, status: 'done' }, null],
    [{ ...none, status: 'done', emailSent: true, emailDelivered: true, emailOpened: true }, 'Opened the e-mail'],
    [{ ...none, status: 'done', emailInOutbox: true, reportViewed: true }, 'Came back to the report'],
    [{ ...none, status: 'done', emailSent: true, emailDelivered: true, emailOpened: true, reportViewed: true }, 'Came back to the report'],
  ] as const)('lead of %o → %s', (flags, badge) => {
    expect(leadBadge(flags)).toBe(badge);
  });
});
