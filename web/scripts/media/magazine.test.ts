// The generated magazine is a well-formed 58-page PDF with the feature on page 31.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { magazineFeature } from '@curb/content';
import { magazinePages } from './magazine.ts';
import { writePdf } from './pdf.ts';
import { pageSvg } from './svg.ts';

describe('magazine', () => {
  const pages = magazinePages();
  const pdf = writePdf(pages, 'Test');
  const text = pdf.toString('latin1');

  it('has 58 pages with the feature on page 31', () => {
    expect(pages).toHaveLength(magazineFeature.pageCount);
    const page31 = pages[magazineFeature.featuredPage - 1]!;
    expect(page31.ops.some((op) => op.kind === 'text' && op.text.includes('COVER STORY'))).toBe(true);
    expect(pageSvg(page31, 'p31')).toMatch(/^<svg [^>]+>.*Rising Star/);
  });

  it('writes a PDF whose cross-reference table points at every object', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text).toContain(`/Count ${magazineFeature.pageCount}`);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(magazineFeature.pageCount * 2);
    offsets.forEach((offset, i) => {
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
  });

  it('draws the pages in deflated content streams with the site content', () => {
    const streams = [...text.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) =>
      inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1'),
    );
    expect(streams).toHaveLength(magazineFeature.pageCount);
    expect(streams[magazineFeature.featuredPage - 1]).toContain('(Rising Star:');
    expect(streams[0]).toContain('(REAL PRODUCERS)');
  });
});
