import { describe, expect, it } from 'vitest';
import { composeTemplateMail } from './mail-templates.ts';

const compose = (body: string, values: Record<string, string>) =>
  composeTemplateMail({
    type: 'confirmation',
    subject: 'Hi {{firstName}}',
    body,
    values,
    unsubscribeUrl: 'https://site.example/u/1',
    ownerName: 'Pat Owner',
    linkColour: '#0f766e',
  });

describe('a funnel e-mail to a lead', () => {
  it("links the owner's addresses and the report's, never an address the visitor typed", () => {
    const mail = compose('Thanks {{businessName}}, from {{website}}.\n\nSee https://owner.example/guide and {{reportUrl}}', {
      businessName: 'Verify at https://evil.example/login',
      website: 'http://evil.example',
      reportUrl: 'https://site.example/audit-report/r1',
    });
    expect(mail.html).toContain('Thanks Verify at https://evil.example/login, from http://evil.example.');
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(mail.html).not.toContain('href="http://evil.example');
    expect(mail.html).toContain('<a href="https://owner.example/guide"');
    expect(mail.html).toContain('<a href="https://site.example/audit-report/r1"');
    expect(mail.text).toContain('Verify at https://evil.example/login');
  });

  it('keeps a visitor value out of an owner link written right before it, and escapes it', () => {
    const mail = compose('Your page: https://owner.example/{{businessName}}', { businessName: '<b>x</b>"\u0000' });
    const link = '<a href="https://owner.example/" style="color:#0f766e">https://owner.example/</a>';
    expect(mail.html).toContain(`${link}&lt;b&gt;x&lt;/b&gt;&quot;`);
  });
});
