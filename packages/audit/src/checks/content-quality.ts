// How the page's words read: headline length, a headline that is only a logo's alt text,
// reading ease of the prose, and pages that repeat another page with a few words swapped.
import type { ParsedPage } from '../page.ts';
import { collapse } from '../page.ts';
import { readabilityOf } from './readability.ts';
import { nearDuplicates } from './similarity.ts';
import { listSome, onPages, plural, quote, type Check } from './types.ts';

/** Screaming Frog's limit for H1 and H2 headings: longer ones are cut in search snippets and read as paragraphs. */
const HEADING_MAX = 70;
/** Flesch bands: under 50 "difficult" (college level), under 30 "very difficult" (graduate level). */
const DIFFICULT = 50;
const VERY_DIFFICULT = 30;

function longHeading(p: ParsedPage, level: 1 | 2): string | null {
  const long = p.headings.filter((h) => h.level === level && h.text.length > HEADING_MAX);
  if (!long.length) return null;
  const first = long[0]!;
  const lead = long.length > 1 ? `${plural(long.length, `<h${level}>`)} run over ${HEADING_MAX} characters, e.g.` : `The <h${level}>`;
  return `${lead} ${quote(first.text, 90)} (${first.text.length} characters).`;
}

/** An <h1> whose only words are an image's alt text (a logo or banner standing in for the headline). */
function altOnlyH1(p: ParsedPage): string | null {
  for (const el of p.$('h1').toArray()) {
    const h = p.$(el);
    const clone = h.clone();
    clone.find('script, style, svg title').remove();
    if (collapse(clone.text())) continue;
    const alt = collapse(h.find('img[alt]').first().attr('alt') ?? '');
    if (alt) return `The <h1> is only an image whose alt text is ${quote(alt, 60)}.`;
  }
  return null;
}

function readabilityFinding(p: ParsedPage, low: number, high: number): string | null {
  const r = readabilityOf(p);
  if (!r || r.score >= high || r.score < low) return null;
  return (
    `Reading ease ${r.score} over ${r.words} words in ${plural(r.sentences, 'sentence')} (${Math.round(r.words / r.sentences)} words ` +
    `per sentence); the longest: ${quote(r.longest, 90)}.`
  );
}

export const contentQualityChecks: Check[] = [
  {
    id: 'onpage.h1-too-long',
    category: 'on-page',
    severity: 'Notice',
    title: 'Very long H1 headline',
    description: 'A headline over 70 characters reads as a sentence: visitors skim past it and it dilutes the topic it should name.',
    fix: 'Keep the <h1> to the page’s topic in a few words (“Arlington Homes for Sale”) and move the rest into the first paragraph.',
    run: (ctx) => onPages(ctx, (p) => longHeading(p, 1)),
  },
  {
    id: 'onpage.h2-too-long',
    category: 'on-page',
    severity: 'Notice',
    title: 'Very long H2 subheadings',
    description: 'Subheadings over 70 characters are read as paragraphs: visitors scanning the page for a section miss it.',
    fix: 'Shorten each <h2> to the section’s subject; put the explanation in the text below it.',
    run: (ctx) => onPages(ctx, (p) => longHeading(p, 2)),
  },
  {
    id: 'onpage.h1-image-only',
    category: 'on-page',
    severity: 'Notice',
    title: 'H1 is only an image',
    description:
      'When the headline is a logo or banner image, its alt text is all search engines read as the page’s topic, usually just the ' +
      'business name.',
    fix: 'Write the page’s headline as text in the <h1> and leave the logo outside it.',
    run: (ctx) => onPages(ctx, altOnlyH1),
  },
  {
    id: 'onpage.readability-difficult',
    category: 'on-page',
    severity: 'Notice',
    title: 'Text is hard to read',
    description:
      'A Flesch reading ease under 50 means college-level text: long sentences and long words that buyers and sellers skim past.',
    fix: 'Use shorter sentences (under 20 words) and everyday words; break long paragraphs into lists.',
    run: (ctx) => onPages(ctx, (p) => readabilityFinding(p, VERY_DIFFICULT, DIFFICULT)),
  },
  {
    id: 'onpage.readability-very-difficult',
    category: 'on-page',
    severity: 'Notice',
    title: 'Text is very hard to read',
    description: 'A Flesch reading ease under 30 reads like a legal or academic text; most visitors give up on it.',
    fix: 'Rewrite the page in short sentences and plain words, one idea per sentence; keep legal wording on its own page.',
    run: (ctx) => onPages(ctx, (p) => readabilityFinding(p, Number.NEGATIVE_INFINITY, VERY_DIFFICULT)),
  },
  {
    id: 'onpage.near-duplicate',
    category: 'on-page',
    severity: 'Warning',
    title: 'Near-duplicate pages',
    description:
      'Pages that repeat another page with a few words swapped (the same text for each town or neighbourhood) are treated as ' +
      'duplicates: search engines show one and filter out the rest.',
    fix: 'Give each page its own content (local prices, schools, streets, photos), or merge them into one page.',
    run: (ctx) => {
      const pairs = nearDuplicates(ctx.pages);
      if (!pairs.length) return null;
      const path = (u: string) => new URL(u).pathname;
      const shown = pairs.map((d) => `${path(d.a)} and ${path(d.b)} (${Math.round(d.similarity * 100)} % alike)`);
      return {
        detail: `${plural(pairs.length, 'pair')} of pages are near duplicates: ${listSome(shown, 2)}.`,
        urls: [...new Set(pairs.flatMap((d) => [d.a, d.b]))].slice(0, 10),
      };
    },
  },
];
