// The mails a lead gets carry the owner's brand colour, read from their profile, not the
// sample's red: the report e-mail's heading and button, and the links of a funnel's e-mail.
import { describe, expect, it } from 'vitest';
import { runChecks } from '@curb/audit/checks/registry';
import { buildReport } from '@curb/audit/report/build';
import { composeTemplateMail, sampleProfile } from '@curb/content';
import { contextOf } from '../../../../test/audit/checks/harness.ts';
import { reportMail } from './messages.ts';
import { mailOwnerOf } from './owner.ts';

const config = { PUBLIC_URL: 'https://curb.example', PORT: 3000, MAIL_FROM: 'site@curb.example' } as Parameters<typeof reportMail>[0];
const TEAL = '#0f766e';
const SAMPLE_RED = sampleProfile().brandColour;

describe("the owner's brand colour in the mails", () => {
  it('colours the report e-mail with the profile’s colour', () => {
    const ctx = contextOf();
    const report = buildReport({
      reportId: 'r'.repeat(22),
      businessName: 'Harbor Point Homes',
      ctx,
      run: runChecks(ctx),
      generatedAt: new Date(),
    });
    const owner = mailOwnerOf(config, { ...sampleProfile(), name: 'Rosa Delgado', brandColour: TEAL });
    const mail = reportMail(config, owner, 'lead@harbor.example', report, 'token', Buffer.from('%PDF'));
    expect(mail.html).toContain(`<p style="color:${TEAL};`);
    expect(mail.html).toContain(`style="background:${TEAL};color:#ffffff`);
    expect(mail.html).not.toContain(SAMPLE_RED);
  });

  it("colours a funnel e-mail's links with it", () => {
    const owner = mailOwnerOf(config, { ...sampleProfile(), brandColour: TEAL });
    const mail = composeTemplateMail({
      type: 'confirmation',
      subject: 'Thanks',
      body: 'My guide: https://rosa.example/guide',
      values: {},
      unsubscribeUrl: 'https://curb.example/api/unsubscribe/t',
      ownerName: owner.name,
      linkColour: owner.brandColour,
    });
    expect(mail.html).toContain(`<a href="https://rosa.example/guide" style="color:${TEAL}">`);
    expect(mail.html).not.toContain(SAMPLE_RED);
  });
});
