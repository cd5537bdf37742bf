// The public forms' API on the real stores: every validation rule answers 400 with the
// spec's words and stores nothing; audit requests write lead, audit and job together.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { storeLead } from './store.ts';

// The test network has no DNS: sites to audit are loopback addresses (AUDIT_ALLOW_PRIVATE_NETWORKS),
// and a domain that does not resolve is exactly the request that cannot become an audit.
const SITE = 'http://127.0.0.1:8080';
const UNKNOWN_DOMAIN = 'acme-homes.invalid';

const auditLead = {
  formId: 'inline-audit',
  variant: 'inline-audit',
  source: 'Marketing Audit Page',
  website: SITE,
  businessName: 'Acme Homes',
  email: 'owner@acme-homes.com',
  emailConsent: true,
};

describe('public forms API', () => {
  let app: FastifyInstance;
  let stores: Stores;
  // Each test gets its own client address so the per-address rate limit never interferes.
  let ipCounter = 1;
  const post = (url: string, payload: unknown, ip = `10.0.0.${ipCounter++}`) =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
      remoteAddress: ip,
    });
  const count = async (table: string) => Number((await stores.sql.unsafe(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
  const jobsFor = async (auditId: string) =>
    stores.sql`SELECT id FROM pgboss.job WHERE name = 'audit-run' AND data->>'auditId' = ${auditId}`;

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig({ AUDIT_ALLOW_PRIVATE_NETWORKS: 'true' }), stores);
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  describe('POST /api/lead', () => {
    it('stores an audit lead with its queued audit and audit-run job, and answers the reportId', async () => {
      const res = await post(
        '/api/lead',
        {
          ...auditLead,
          websiteData: { companyName: 'Acme Homes LLC', enrichmentMethod: 'url-provided' },
          campaignData: { utm_source: 'newsletter' },
        },
        '10.0.9.1',
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.reportId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(body.message).toBe('Your marketing audit request has been submitted. Check your email for the report link.');
      const [lead] = await stores.sql`SELECT * FROM leads WHERE id = ${body.leadId}`;
      expect(lead).toMatchObject({ form_id: 'inline-audit', website: `${SITE}/`, business_name: 'Acme Homes', email_consent: true });
      expect(lead!.enrichment).toEqual({ companyName: 'Acme Homes LLC', enrichmentMethod: 'url-provided' });
      expect(lead!.fields).toMatchObject({ variant: 'inline-audit', campaignData: { utm_source: 'newsletter' } });
      const [audit] = await stores.sql`SELECT * FROM audits WHERE report_id = ${body.reportId}`;
      expect(audit).toMatchObject({ lead_id: body.leadId, status: 'queued', website: `${SITE}/`, source: 'Marketing Audit Page' });
      expect(await jobsFor(audit!.id)).toHaveLength(1);
      // The worker runs one audit at a time per site, e-mail and client address (audit-queue.test.ts).
      const [job] = await stores.sql<{ data: { keys: string[] } }[]>`SELECT data FROM pgboss.job WHERE data->>'auditId' = ${audit!.id}`;
      expect(job!.data.keys).toEqual([`site:${new URL(SITE).host}`, 'email:owner@acme-homes.com', 'client:10.0.9.1']);
    });

    it('stores a contact-form lead without an audit, the business name falling back to the person', async () => {
      const res = await post('/api/lead', {
        formId: 'contact-form',
        firstName: 'Ana',
        lastName: 'Lee',
        email: 'ana@example.com',
        subject: 'Hi',
        message: 'Hello',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ reportId: null, message: 'Form submitted successfully!' });
      const [lead] = await stores.sql`SELECT business_name, fields FROM leads WHERE id = ${res.json().leadId}`;
      expect(lead).toEqual({ business_name: 'Ana Lee', fields: { subject: 'Hi', message: 'Hello' } });
    });

    it('is idempotent for a retried submission id', async () => {
      const submissionId = randomUUID();
      const first = await post('/api/lead', { ...auditLead, submissionId });
      const again = await post('/api/lead', { ...auditLead, submissionId });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect((await stores.sql`SELECT count(*)::int AS n FROM leads WHERE submission_id = ${submissionId}`)[0]!.n).toBe(1);
    });

    it.each([
      [{ ...auditLead, website: '' }, 'Website URL is required', 'website'],
      [{ ...auditLead, website: 'not a website' }, 'Please enter a valid website URL', 'website'],
      [{ ...auditLead, website: 'javascript:alert(1)' }, 'Please enter a valid website URL', 'website'],
      [{ ...auditLead, businessName: '   ' }, 'Your Business Name is required', 'businessName'],
      [{ ...auditLead, email: 'owner@' }, 'Please enter a valid email address', 'email'],
      [{ ...auditLead, emailConsent: false }, 'Consent is required to submit this form', 'emailConsent'],
      [{ ...auditLead, businessName: '<script>alert(1)</script>' }, 'Names cannot contain HTML tags.'],
      [{ ...auditLead, formId: 'popup-evil', variant: undefined }, 'Unknown form "popup-evil".'],
      [{ ...auditLead, formId: undefined, variant: undefined }, 'The form id is missing.'],
      [{ ...auditLead, variant: 'popup-image' }, 'The form id and the variant name different forms.'],
      [{ formId: 'contact-form', firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S' }, 'Message is required', 'message'],
      [{ ...auditLead, emailConsent: 'yes' }, 'emailConsent must be true or false.'],
      [{ ...auditLead, email: ['a@b.co'] }, 'email must be text.'],
      [{ ...auditLead, isAdmin: true }, 'Unknown field "isAdmin".'],
      [{ ...auditLead, businessName: 'x'.repeat(201) }, 'businessName is too long (at most 200 characters).'],
      [{ ...auditLead, submissionId: 'abc' }, 'submissionId must be a UUID.'],
      [{ ...auditLead, websiteData: { screenshot: 'AAAA' } }, 'Unknown field "screenshot".'],
      ['just a string', 'The request body must be a JSON object.'],
      [[auditLead], 'The request body must be a JSON object.'],
    ])('refuses %j with a clear message and stores nothing', async (payload, message, field?: string) => {
      const before = [await count('leads'), await count('audits')];
      const res = await post('/api/lead', payload);
      expect(res.statusCode).toBe(400);
      // The field the form shows the refusal at, when one field is at fault.
      expect(res.body).toBe(JSON.stringify(field ? { message, field } : { message }));
      expect([await count('leads'), await count('audits')]).toEqual(before);
    });

    it('refuses a 1 MB body', async () => {
      const res = await post('/api/lead', { ...auditLead, message: 'x'.repeat(1024 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/too large/i);
    });

    it('answers 429 with a clear message past the per-address limit', async () => {
      const ip = '10.9.9.9';
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await post('/api/lead', { formId: 'inline-audit' }, ip)).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
      const limited = await post('/api/lead', auditLead, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: 'Too many submissions from your connection. Please wait a minute and try again.' });
    });
  });

  describe('one transaction for lead, audit and job', () => {
    it('rolls the lead and audit back when queueing the job fails, and the job with them', async () => {
      const before = [await count('leads'), await count('audits'), await count('pgboss.job')];
      const failingJobs = {
        send: async (...args: Parameters<Stores['jobs']['send']>) => {
          await stores.jobs.send(...args); // the job row is written inside the transaction...
          throw new Error('queue unavailable'); // ...and must disappear with it
        },
      } as unknown as Stores['jobs'];
      const lead = {
        formId: 'inline-audit',
        source: 't',
        businessName: 'B',
        firstName: null,
        lastName: null,
        email: 'b@b.co',
        website: 'https://b.co/',
        fields: {},
        enrichment: null,
        emailConsent: true,
        communicationConsent: false,
        submissionId: null,
      };
      await expect(storeLead({ sql: stores.sql, jobs: failingJobs }, lead, true)).rejects.toThrow('queue unavailable');
      expect([await count('leads'), await count('audits'), await count('pgboss.job')]).toEqual(before);
    });
  });

  describe('POST /api/contact', () => {
    it('stores the popup shape, subject optional', async () => {
      const res = await post('/api/contact', { name: 'Sam <3 Homes', email: 'sam@example.com', subject: '', message: 'Call me' });
      expect(res.statusCode).toBe(201);
      const [row] = await stores.sql`SELECT name, subject, source FROM contact_messages WHERE id = ${res.json().id}`;
      expect(row).toEqual({ name: 'Sam <3 Homes', subject: '', source: 'contact-popup' });
    });

    it('stores the page shape', async () => {
      const res = await post('/api/contact', {
        firstName: 'Ana',
        lastName: 'Lee',
        email: 'ana@example.com',
        subject: 'Team',
        message: 'Hello',
      });
      expect(res.statusCode).toBe(201);
      const [row] = await stores.sql`SELECT name, source FROM contact_messages WHERE id = ${res.json().id}`;
      expect(row).toEqual({ name: 'Ana Lee', source: 'contact-form' });
    });

    it('is idempotent for a retried submission id', async () => {
      const submissionId = randomUUID();
      const payload = { name: 'Sam', email: 'sam@example.com', message: 'Once', submissionId };
      const first = await post('/api/contact', payload);
      const again = await post('/api/contact', payload);
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json()).toEqual(first.json());
    });

    it.each([
      [{ name: 'Sam', email: 'sam@example.com' }, 'Message is required', 'message'],
      [{ name: '', email: 'sam@example.com', message: 'x' }, 'Name is required', 'name'],
      [{ name: 'Sam', email: 'sam', message: 'x' }, 'Please enter a valid email address', 'email'],
      [{ firstName: 'Ana', email: 'ana@example.com', subject: 'S', message: 'x' }, 'Last Name is required', 'lastName'],
      [{ firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com', message: 'x' }, 'Subject is required', 'subject'],
      [{ name: 'Sam', firstName: 'Ana', email: 'a@b.co', message: 'x' }, 'Send either name, or firstName and lastName, not both.'],
      [{ name: '<img src=x onerror=alert(1)>', email: 'a@b.co', message: 'x' }, 'Names cannot contain HTML tags.'],
      [{ name: 'Sam', email: 'a@b.co', message: 42 }, 'message must be text.'],
    ])('refuses %j', async (payload, message, field?: string) => {
      const before = await count('contact_messages');
      const res = await post('/api/contact', payload);
      expect(res.statusCode).toBe(400);
      // The field the form shows the refusal at, when one field is at fault.
      expect(res.body).toBe(JSON.stringify(field ? { message, field } : { message }));
      expect(await count('contact_messages')).toBe(before);
    });
  });

  describe('POST /api/marketing-audit', () => {
    const inline = {
      businessName: 'Ridge Realty',
      email: 'team@ridgerealty.com',
      website: SITE,
      emailConsent: true,
      communicationConsent: false,
      formData: { email: 'team@ridgerealty.com', businessName: 'Ridge Realty', website: SITE },
      source: 'Services Page',
    };

    it('queues an audit of the website the visitor confirmed', async () => {
      const res = await post('/api/marketing-audit', inline);
      expect(res.statusCode).toBe(201);
      const [audit] = await stores.sql`SELECT id, website, business_name, source FROM audits WHERE report_id = ${res.json().reportId}`;
      expect(audit).toMatchObject({ website: `${SITE}/`, business_name: 'Ridge Realty', source: 'Services Page' });
      expect(await jobsFor(audit!.id)).toHaveLength(1);
    });

    it('takes the website from formData as the spec payload carries it', async () => {
      const res = await post('/api/marketing-audit', { ...inline, website: undefined });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      [{ ...inline, businessName: '', formData: {} }, 'Business Name is required', 'businessName'],
      [{ ...inline, email: '', formData: {} }, 'Email Address is required', 'email'],
      [{ ...inline, email: 'x@y' }, 'Please enter a valid email address', 'email'],
      // No website is no audit: the e-mail's domain is only the form's suggestion, never a silent guess.
      [
        { ...inline, website: undefined, formData: { email: inline.email, businessName: inline.businessName } },
        'Website URL is required',
        'website',
      ],
      [{ ...inline, website: 'not a site' }, 'Please enter a valid website URL', 'website'],
      [{ ...inline, emailConsent: false }, 'Consent is required to submit this form', 'emailConsent'],
      [
        { ...inline, website: UNKNOWN_DOMAIN },
        `The domain ${UNKNOWN_DOMAIN} could not be found. Please check the website address.`,
        'website',
      ],
    ])('refuses %j and stores nothing', async (payload, message, field?: string) => {
      const before = [await count('leads'), await count('audits')];
      const res = await post('/api/marketing-audit', payload);
      expect(res.statusCode).toBe(400);
      // The field the form shows the refusal at, when one field is at fault.
      expect(res.body).toBe(JSON.stringify(field ? { message, field } : { message }));
      expect([await count('leads'), await count('audits')]).toEqual(before);
    });
  });

  it('refuses an audit lead form whose website cannot be found, before promising a report', async () => {
    const before = [await count('leads'), await count('audits')];
    const res = await post('/api/lead', { ...auditLead, website: UNKNOWN_DOMAIN });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `The domain ${UNKNOWN_DOMAIN} could not be found. Please check the website address.`,
      field: 'website',
    });
    expect([await count('leads'), await count('audits')]).toEqual(before);
  });

  it('refuses a private address unless the operator allows private networks', async () => {
    const closed = await composeApp(testConfig(), stores);
    try {
      const res = await closed.inject({ method: 'POST', url: '/api/lead', payload: auditLead, remoteAddress: '10.9.9.9' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This address points to a private or reserved network and cannot be audited.');
    } finally {
      await closed.close();
    }
  });
});
