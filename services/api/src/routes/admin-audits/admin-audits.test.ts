import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MarketingAuditListSchema } from '@curb/contracts/admin';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

describe('GET /api/admin/marketing-audits', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string };
  const list = (query = '') => app.inject({ url: `/api/admin/marketing-audits${query}`, headers: admin });

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    admin = await adminHeaders(app, stores);
    // 23 audits, one a minute, the newest last; every 5th viewed. A mail was tried for every 2nd
    // and every 3rd; every 3rd was taken by a transport, as the worker records it: the outbox for
    // every 9th (no mail service then), else the mail API for every 6th and SMTP for the others.
    await stores.sql`
      INSERT INTO audits (report_id, business_name, email, website, source, email_sent, email_delivered, mail_transport,
                          email_opened, report_viewed, report_view_count, report_converted_at, status, created_at)
      SELECT 'report-' || lpad(i::text, 22, '0'), 'Business ' || i, 'owner' || i || '@example.com',
             CASE WHEN i % 4 = 0 THEN NULL ELSE 'https://b' || i || '.example' END, 'popup-image',
             i % 2 = 0 OR i % 3 = 0, i % 3 = 0,
             CASE WHEN i % 9 = 0 THEN 'outbox' WHEN i % 6 = 0 THEN 'mail-api' WHEN i % 3 = 0 THEN 'smtp' END,
             i % 6 = 0 AND i % 9 <> 0, i % 5 = 0 OR i % 7 = 0, CASE WHEN i % 5 = 0 THEN 2 WHEN i % 7 = 0 THEN 1 ELSE 0 END,
             CASE WHEN i % 5 = 0 THEN now() END, 'done', now() - (23 - i) * interval '1 minute'
      FROM generate_series(1, 23) AS i`;
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('answers page 1 of 10, newest first, with totals over every audit', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(MarketingAuditListSchema.properties).sort());
    expect(body.recent[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.recent).toHaveLength(10);
    expect(body.recent[0]).toMatchObject({
      businessName: 'Business 23',
      email: 'owner23@example.com',
      website: 'https://b23.example',
      source: 'popup-image',
    });
    const row = (n: number) => body.recent.find((r: { businessName: string }) => r.businessName === `Business ${n}`);
    // Tried, not taken by any transport (yet): not sent.
    expect(row(20)).toMatchObject({
      website: null,
      emailSent: false,
      emailDelivered: false,
      emailInOutbox: false,
      emailOpened: false,
      reportViewed: true,
      reportViewCount: 2,
      status: 'done',
    });
    expect(row(21)).toMatchObject({ emailSent: true, emailDelivered: true, emailInOutbox: false });
    // Written to the outbox: it reached nobody, so neither sent nor delivered.
    expect(row(18)).toMatchObject({ emailSent: false, emailDelivered: false, emailInOutbox: true, emailOpened: false });
    // Sent: 3, 6, 12, 15, 21 (mail API or SMTP); 9 and 18 went to the outbox.
    // Viewed: every row with a view (5, 10, 15, 20 came back later; 7, 14, 21 only right after asking).
    expect(body).toMatchObject({
      total: 23,
      emailsSent: 5,
      emailsDelivered: 5,
      emailsInOutbox: 2,
      reportsViewed: 7,
      reportsReturned: 4,
      conversionRate: 17.4,
    });
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      itemsPerPage: 10,
      totalItems: 23,
      hasPrevPage: false,
      hasNextPage: true,
    });
  });

  it('pages through every audit exactly once', async () => {
    const pages = await Promise.all([1, 2, 3].map(async (p) => (await list(`?page=${p}&limit=10`)).json()));
    const names = pages.flatMap((p) => p.recent.map((r: { businessName: string }) => r.businessName));
    expect(names).toHaveLength(23);
    expect(new Set(names).size).toBe(23);
    expect(pages[2].pagination).toMatchObject({ currentPage: 3, hasPrevPage: true, hasNextPage: false });
    const beyond = (await list('?page=9')).json();
    expect(beyond.recent).toEqual([]);
    expect(beyond.total).toBe(23);
  });

  it.each([
    ['?page=0', 'page must be at least 1.'],
    ['?page=-1', 'page must be at least 1.'],
    ['?page=abc', 'page must be a whole number.'],
    ['?page=1.5', 'page must be a whole number.'],
    ['?limit=0', 'limit must be at least 1.'],
    ['?limit=101', 'limit must be at most 100.'],
    ['?page=100001', 'page must be at most 100000.'],
    ['?sort=email', 'Unknown field "sort".'],
    ['?page=Infinity', 'page must be a whole number.'],
    ['?limit=Infinity', 'limit must be a whole number.'],
    ['?page=1e309', 'page must be a whole number.'],
    ['?page=NaN', 'page must be a whole number.'],
    ['?limit=-Infinity', 'limit must be a whole number.'],
  ])('refuses %s with a 400 that names the parameter', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await app.inject('/api/admin/marketing-audits');
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('Business');
  });
});
