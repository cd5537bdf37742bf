// The report PDF as a reader sees it: page 1 rendered by Poppler (pdftoppm) and its text
// positions (pdftotext -bbox-layout). No two lines of text may overlap, and every item of
// the 15-point review carries its mark, green for passed and red for failed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '@curb/contracts/audit';
import { runChecks } from '@curb/audit/checks/registry';
import { buildReport } from '@curb/audit/report/build';
import { contextOf } from './checks/harness.ts';

interface Box {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Page 1's text lines with their boxes, in PDF points from the top left. */
function lineBoxes(pdfPath: string): Box[] {
  const xhtml = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox-layout', pdfPath, '-'], { encoding: 'utf8' });
  const lines: Box[] = [];
  for (const [, attrs, body] of xhtml.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)) {
    const at = (name: string) => Number(new RegExp(`${name}="([\\d.]+)"`).exec(attrs!)![1]);
    const text = [...body!.matchAll(/<word [^>]*>([^<]*)<\/word>/g)].map((w) => w[1]).join(' ');
    lines.push({ text, xMin: at('xMin'), yMin: at('yMin'), xMax: at('xMax'), yMax: at('yMax') });
  }
  return lines;
}

/** Page 1 at 72 dpi (one pixel per point) as RGB pixels. */
function renderPage(pdfPath: string, dir: string): { width: number; height: number; rgb: Buffer } {
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '72', pdfPath, join(dir, 'page')]);
  const ppm = execFileSync('sh', ['-c', `cat "${dir}"/page*.ppm`], { maxBuffer: 64 << 20 });
  // P6 header: magic, width, height, max value, each separated by whitespace.
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), rgb: ppm.subarray(header[0].length) };
}

const near = (rgb: Buffer, at: number, [r, g, b]: readonly number[]) =>
  Math.abs(rgb[at]! - r!) < 60 && Math.abs(rgb[at + 1]! - g!) < 60 && Math.abs(rgb[at + 2]! - b!) < 60;
const GREEN = [0x16, 0xa3, 0x4a] as const;
const RED = [0xdc, 0x26, 0x26] as const;

describe('report PDF page 1', () => {
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
    lines = lineBoxes(pdfPath);
    page = renderPage(pdfPath, dir);
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
