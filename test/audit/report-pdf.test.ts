// The report PDF as a reader sees it, rendered by Poppler (pdftoppm) with its text positions
// (pdftotext -bbox-layout). The summary page: no two lines of text may overlap, and every item
// of the 15-point review carries its mark, green for passed and red for failed. The whole PDF
// too: the cover and the last page carry the sender, every page its number and the
// report's date, and the last page a call to action that works on paper: the booking address
// written out and a QR code that a phone reads back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '@curb/contracts/audit';
import { personal } from '@curb/content';
import { runChecks } from '@curb/audit/checks/registry';
import { reportSender } from '@curb/audit/pdf/sender';
import { buildReport } from '@curb/audit/report/build';
import { contextOf } from './checks/harness.ts';
import { SAMPLE_BUSINESS, sampleFixture } from './sample-site.ts';

interface Box {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** A page's text lines with their boxes, in PDF points from the top left. */
function lineBoxes(pdfPath: string, pageNo: number): Box[] {
  const xhtml = execFileSync('pdftotext', ['-f', String(pageNo), '-l', String(pageNo), '-bbox-layout', pdfPath, '-'], { encoding: 'utf8' });
  const lines: Box[] = [];
  for (const [, attrs, body] of xhtml.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)) {
    const at = (name: string) => Number(new RegExp(`${name}="([\\d.]+)"`).exec(attrs!)![1]);
    const text = [...body!.matchAll(/<word [^>]*>([^<]*)<\/word>/g)].map((w) => w[1]).join(' ');
    lines.push({ text, xMin: at('xMin'), yMin: at('yMin'), xMax: at('xMax'), yMax: at('yMax') });
  }
  return lines;
}

/** A page at `dpi` (72: one pixel per point) as RGB pixels. */
function renderPage(pdfPath: string, dir: string, pageNo: number, dpi = 72): { width: number; height: number; rgb: Buffer } {
  const prefix = join(dir, `page-${pageNo}-${dpi}`);
  execFileSync('pdftoppm', ['-f', String(pageNo), '-l', String(pageNo), '-r', String(dpi), pdfPath, prefix]);
  const file = readdirSync(dir).find((f) => f.startsWith(`page-${pageNo}-${dpi}`) && f.endsWith('.ppm'))!;
  const ppm = execFileSync('cat', [join(dir, file)], { maxBuffer: 64 << 20 });
  // P6 header: magic, width, height, max value, each separated by whitespace.
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), rgb: ppm.subarray(header[0].length) };
}

/** Every page's plain text. */
function pageTexts(pdfPath: string): string[] {
  return execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

const near = (rgb: Buffer, at: number, [r, g, b]: readonly number[]) =>
  Math.abs(rgb[at]! - r!) < 60 && Math.abs(rgb[at + 1]! - g!) < 60 && Math.abs(rgb[at + 2]! - b!) < 60;
const GREEN = [0x16, 0xa3, 0x4a] as const;
const RED = [0xdc, 0x26, 0x26] as const;
/** The summary page: the cover comes first. */
const SUMMARY = 2;

describe('report PDF summary page', () => {
  let dir: string;
  let report: AuditReport;
  let lines: Box[];
  let page: ReturnType<typeof renderPage>;

  beforeAll(async () => {
    const { renderReportPdf } = await import('@curb/audit/pdf/render');
    // A bare site fails much of the review; a long name wraps the title onto two lines.
    const ctx = contextOf({ html: '<html><head><title>Home</title></head><body><p>Welcome. <img src="/a.jpg"></p></body></html>' });
    report = buildReport({
      reportId: 'r'.repeat(22),
      businessName: 'Jane Porter Realty Group of Northern Virginia and Washington DC',
      ctx,
      run: runChecks(ctx),
      generatedAt: new Date('2026-11-15T12:00:00Z'),
    });
    dir = mkdtempSync(join(tmpdir(), 'curb-pdf-'));
    const pdfPath = join(dir, 'report.pdf');
    writeFileSync(pdfPath, await renderReportPdf(report, 'https://example.com/audit-report/abc'));
    lines = lineBoxes(pdfPath, SUMMARY);
    page = renderPage(pdfPath, dir, SUMMARY);
  }, 30_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has no two lines of text overlapping (title and address, scores and their labels)', () => {
    expect(lines.length).toBeGreaterThan(20);
    const overlaps: string[] = [];
    // Half a point of slack: glyph boxes of adjacent lines may touch.
    const slack = 0.5;
    for (let i = 0; i < lines.length; i++) {
      for (let j = i + 1; j < lines.length; j++) {
        const a = lines[i]!;
        const b = lines[j]!;
        const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
        const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
        if (x > slack && y > slack) overlaps.push(`"${a.text}" / "${b.text}"`);
      }
    }
    expect(overlaps).toEqual([]);
    // The long name wraps whole words: no hyphen split.
    expect(lines.some((l) => l.text === 'Washington DC')).toBe(true);
  });

  it('marks each of the 15 review items, green when passed and red when failed', () => {
    expect(report.checklist).toHaveLength(15);
    expect(report.checklist.some((c) => c.passed)).toBe(true);
    expect(report.checklist.some((c) => !c.passed)).toBe(true);
    for (const item of report.checklist) {
      const line = lines.find((l) => l.text.startsWith(item.title.split(' ').slice(0, 3).join(' ')));
      expect(line, item.title).toBeDefined();
      // The mark sits in the 14 points left of the item's text.
      let marked = 0;
      for (let y = Math.floor(line!.yMin); y <= Math.ceil(line!.yMax); y++) {
        for (let x = Math.floor(line!.xMin - 14); x < line!.xMin - 1; x++) {
          if (near(page.rgb, (y * page.width + x) * 3, item.passed ? GREEN : RED)) marked++;
        }
      }
      expect(marked, `${item.title} (${item.passed ? 'passed' : 'failed'})`).toBeGreaterThan(3);
    }
  });
});

describe('report PDF: the sender, page numbers, one date and a call to action that works printed', () => {
  const REPORT_URL = 'https://curbappeal.example/audit-report/rrrrrrrrrrrrrrrrrrrrrr';
  const BOOKING = 'https://calendly.com/morgan-ellis/strategy-call';
  let dir: string;
  let pdfPath: string;
  let pages: string[];

  beforeAll(async () => {
    const { renderReportPdf } = await import('@curb/audit/pdf/render');
    const ctx = contextOf(sampleFixture());
    // 02:30 UTC on the 15th: the evening of the 14th in Virginia, as the report page shows it.
    const report = buildReport({
      reportId: 'r'.repeat(22),
      businessName: SAMPLE_BUSINESS,
      ctx,
      run: runChecks(ctx),
      generatedAt: new Date('2026-11-15T02:30:00Z'),
    });
    // The owner's settings: a booking link and the site's public address.
    const sender = reportSender({
      contact: { booking_url: BOOKING },
      seo: { canonical_url: 'https://curbappeal.example/' },
      traffic: { time_zone: 'America/New_York' },
    });
    dir = mkdtempSync(join(tmpdir(), 'curb-pdf-'));
    pdfPath = join(dir, 'report.pdf');
    writeFileSync(pdfPath, await renderReportPdf(report, REPORT_URL, sender));
    pages = pageTexts(pdfPath);
  }, 30_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the owner on the cover: name, title, phone, e-mail and booking link', () => {
    const cover = pages[0]!;
    expect(cover).toContain(SAMPLE_BUSINESS);
    expect(cover).toContain('Prepared for you by');
    for (const text of [personal.name, personal.title, personal.formattedPhone, personal.email, BOOKING]) expect(cover).toContain(text);
    expect(cover).toContain(`Interactive report: ${REPORT_URL}`);
  });

  it("numbers every page and dates it in the owner's time zone (the date the report page shows)", () => {
    expect(pages.length).toBeGreaterThanOrEqual(6);
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text, `page ${i + 1}`).toContain('November 14, 2026');
      expect(text, `page ${i + 1}`).not.toContain('November 15, 2026');
    });
  });

  it('ends with a call to action: the booking address written out, the owner, the report address', () => {
    const last = pages.at(-1)!;
    expect(last).toContain(`Book a strategy call with ${personal.name}`);
    for (const text of [BOOKING, personal.formattedPhone, personal.email, personal.title, REPORT_URL]) expect(last).toContain(text);
  });

  it('draws a QR code on the last page that a phone reads as the booking address', () => {
    const { width, height, rgb } = renderPage(pdfPath, dir, pages.length, 100);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgb[i * 3]!;
      rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
      rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
      rgba[i * 4 + 3] = 255;
    }
    expect(jsQR(rgba, width, height)?.data).toBe(BOOKING);
  });

  it('names INP and shows no retired FID figure, dates itself with its time zone, and plans for the place the site names', () => {
    const all = pages.join('\n');
    expect(all).toContain('INP (lab stand-in: TBT)');
    expect(all).not.toMatch(/FID \(retired\)|\bFID \d/);
    expect(all).toMatch(/Generated \w+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M E[SD]T/);
    expect(all).not.toMatch(/\d+-\d+% more leads/);
    expect(all).toContain('Rank for "homes for sale in Alexandria, VA"');
    expect(all).not.toMatch(/<your area>/);
  });

  it('points to the contact section when the owner set no booking link', () => {
    expect(reportSender({ publicUrl: 'https://site.example/' }).bookingUrl).toBe('https://site.example/#contact');
    expect(reportSender({ publicUrl: 'https://site.example', seo: { canonical_url: 'https://www.site.example' } }).bookingUrl).toBe(
      'https://www.site.example/#contact',
    );
  });
});
