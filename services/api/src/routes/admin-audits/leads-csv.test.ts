// The leads CSV as an owner opens it in a spreadsheet: links that open, fields in words, the form
// named as the owner knows it, and a file that says whether it follows the list's filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';
import { parseCsv } from '../../../../../test/csv.ts';

let app: FastifyInstance;
let stores: Stores;
let admin: { cookie: string; origin: string };

beforeAll(async () => {
  stores = await createTestStores();
  app = await composeApp(testConfig({ PUBLIC_URL: 'https://homes.example' }), stores);
  admin = await adminHeaders(app, stores);
  const { sql } = stores;
  const [page] = await sql`INSERT INTO leads (form_id, source, business_name, email, fields, created_at)
    VALUES ('inline-audit', 'Marketing Audit Page', 'Ridge Realty', 'team@ridge.example',
            ${sql.json({ phone: '703 555 0100', abVariant: 'B', campaignData: { source: 'google', medium: 'cpc' } })},
            now() - interval '1 day') RETURNING id`;
  await sql`INSERT INTO leads (form_id, source, business_name, email, created_at)
    VALUES ('marketing-audit', 'Inline Audit Form', 'Oak Homes', 'oak@homes.example', now())`;
  await sql`INSERT INTO audits (lead_id, report_id, business_name, email, status)
    VALUES (${page!.id}, 'ridge-report-0000000001', 'Ridge Realty', 'team@ridge.example', 'done')`;
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
});

const csv = async (query = '') => {
  const res = await app.inject({ url: `/api/admin/leads.csv${query}`, headers: admin });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  const byName = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
  return { res, rows: byName };
};

describe('the leads CSV', () => {
  it('links each report by its full address, names the form and lists the other fields in words', async () => {
    const { rows } = await csv();
    const ridge = rows.find((r) => r['E-mail'] === 'team@ridge.example')!;
    expect(ridge.Report).toBe('https://homes.example/audit-report/ridge-report-0000000001');
    // (PostgreSQL keeps an object's keys shortest first.)
    expect(ridge['Other fields']).toBe('A/B variant: B; Campaign: medium=cpc, source=google');
    expect(ridge.Phone).toBe('703 555 0100');
    // The free audit page's form and the inline forms, named as the owner knows them, each id kept.
    expect([ridge.Form, ridge['Form id']]).toEqual(['Free audit page form', 'inline-audit']);
    const oak = rows.find((r) => r['E-mail'] === 'oak@homes.example')!;
    expect([oak.Form, oak['Form id'], oak['Other fields'], oak.Report]).toEqual(['Inline audit form', 'marketing-audit', '', '']);
  });

  it("says in the file's name whether it holds every lead or the list's filtered ones", async () => {
    const all = await csv();
    expect(all.res.headers['content-disposition']).toMatch(/filename="leads-all-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(all.rows).toHaveLength(2);
    const filtered = await csv('?q=oak');
    expect(filtered.res.headers['content-disposition']).toMatch(/filename="leads-filtered-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(filtered.rows.map((r) => r['E-mail'])).toEqual(['oak@homes.example']);
  });
});
