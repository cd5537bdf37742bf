// The raw-markup scan on what real pages and hostile ones hold: quoted ">" in attributes,
// conditional comments, a "<" in text, and pages built to make a scanner look back.
import { describe, expect, it } from 'vitest';
import { markupShape } from '@curb/audit/checks/raw-markup';

const page = (head: string, body = '<p>Hi</p>') =>
  `<!doctype html>\n<html lang="en">\n<head>\n${head}\n</head>\n<body>${body}</body>\n</html>`;

describe('raw markup scan', () => {
  it('reads a head of real-world tags as a head', () => {
    const shape = markupShape(
      page(
        `<meta name="description" content="Homes > $500k & condos">\n<!--[if lt IE 9]><script src="/html5shiv.js"></script><![endif]-->\n` +
          `<script>if (a < b && c > d) document.write('<div>')</script>\n<style>body > p { color: red }</style>\n` +
          `<noscript><img src="https://www.facebook.com/tr?id=1"></noscript>\n<TITLE>Jane</TITLE>\n<LINK REL="canonical" HREF="/">`,
      ),
    );
    expect(shape).toMatchObject({ headBreaker: null, beforeHead: null });
    expect([shape.htmlStarts.length, shape.headStarts.length, shape.bodyStarts.length]).toEqual([1, 1, 1]);
  });

  it('names the text or element that ends the head, and what it pushed out', () => {
    const text = markupShape(page('<meta charset="utf-8">\nWelcome!\n<link rel="canonical" href="/">'));
    expect(text.headBreaker).toEqual({ what: 'the text "Welcome!"', line: 5, pushedOut: ['link'] });
    const img = markupShape(page('<img src="/pixel.gif">\n<title>Jane</title><link rel="stylesheet" href="/a.css">'));
    expect(img.headBreaker).toEqual({ what: '<img src="/pixel.gif">', line: 4, pushedOut: ['title'] });
  });

  it('stays linear on pages of unclosed tags, quotes and raw-text elements', () => {
    const started = performance.now();
    for (const hostile of [
      '<a '.repeat(1_500_000),
      '<a"'.repeat(1_500_000),
      `<a href="${'x'.repeat(4_000_000)}`,
      '<script>'.repeat(500_000),
    ]) {
      markupShape(`<html><head>${hostile}`);
    }
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
