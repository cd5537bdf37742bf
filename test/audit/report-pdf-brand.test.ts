// The report PDF speaks in the owner's brand colour (its headings, the links to the report and
// to the booking page, the monogram), taken from their profile; the grades keep their own red.
// A cached PDF is keyed by the sender, so a new colour renders anew.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runChecks } from '@curb/audit/checks/registry';
import { reportSender, senderKey } from '@curb/audit/pdf/sender';
import { buildReport } from '@curb/audit/report/build';
import { sampleProfile } from '@curb/content';
import { contextOf } from './checks/harness.ts';

/** The fill colours the PDF's pages paint with, as PDF colour operands ("r g b", 0 to 1). */
function fillColours(pdf: Buffer): Set<string> {
  const bytes = pdf.toString('latin1');
  const colours = new Set<string>();
  for (const m of bytes.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, bytes.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue; // an image or font stream, not a page's drawing
    }
    for (const c of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) scn\b/g))
      colours.add(
        c
          .slice(1)
          .map((v) => Number(v).toFixed(3))
          .join(' '),
      );
  }
  return colours;
}
const operands = (hex: string) => [1, 3, 5].map((i) => (Number.parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');

describe("the report PDF in the owner's brand colour", () => {
  it('paints with the profile’s colour, and with the sample’s only for the sample', async () => {
    const { renderReportPdf } = await import('@curb/audit/pdf/render');
    const ctx = contextOf();
    const report = buildReport({
      reportId: 'r'.repeat(22),
      businessName: 'Harbor Point Homes',
      ctx,
      run: runChecks(ctx),
      generatedAt: new Date(),
    });
    const TEAL = '#0f766e';
    const owner = reportSender({ profile: { ...sampleProfile(), brandColour: TEAL } });
    const sample = reportSender();
    expect(senderKey(owner)).not.toBe(senderKey(sample));

    const ownColours = fillColours(await renderReportPdf(report, 'https://site.example/audit-report/r', owner));
    expect(ownColours).toContain(operands(TEAL));
    const sampleColours = fillColours(await renderReportPdf(report, 'https://site.example/audit-report/r', sample));
    expect(sampleColours).not.toContain(operands(TEAL));
    expect(sampleColours).toContain(operands(sampleProfile().brandColour));
  }, 60_000);
});
