// Near-duplicate pages: how much of one page's own text also stands on another page, read in
// 5-word sequences (shingles), after removing what every crawled page shows (menu, footer,
// site-wide sections). A word counts as shared when some 5-word sequence around it appears on
// the other page, so templated town pages that swap the town name every sentence still read as
// about 90 % shared, while pages that share only the template fall to zero.
import { createHash } from 'node:crypto';
import type { ParsedPage } from '../page.ts';
import { collapse } from '../page.ts';
import { stripQuery } from '../snapshot.ts';
import { MANDATED_TEXT, MANDATED_WRAPPER } from './readability.ts';

const SHINGLE = 5;
/** Semrush's figure: pages whose content is 85 % the same are near duplicates. */
export const NEAR_DUPLICATE = 0.85;
/** A page needs this many words of its own (beyond the site-wide template) to compare. */
const MIN_OWN_WORDS = 80;
/** Words of each page compared: a templated page repeats itself from the start, and a huge page costs no more. */
const MAX_WORDS = 5000;
/** With fewer pages, what every page shows cannot be told from what two pages happen to share. */
export const MIN_PAGES = 3;

/** Widget areas of WordPress, Divi and page-builder themes, and ARIA's name for them. */
const SIDEBARS = 'aside, [role="complementary"], #sidebar, #secondary, .sidebar, .widget-area, .et_pb_widget_area';

/** The main content's words: the <main> element when the page marks it, else the body. */
function mainWords(p: ParsedPage): string[] {
  const main = p.$('main, [role="main"]').first();
  const clone = (main.length ? main : p.$('body')).clone();
  // Sidebars repeat on every post of a blog but not on the home page, forms and the MLS's
  // disclaimer on every listing page: they are template, not content.
  clone.find(`script, style, noscript, template, nav, header, footer, form, ${SIDEBARS}, ${MANDATED_WRAPPER}`).remove();
  clone.find('p').each((_, el) => {
    if (MANDATED_TEXT.test(p.$(el).text())) p.$(el).remove();
  });
  return collapse(clone.text())
    .toLowerCase()
    .split(' ')
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, MAX_WORDS);
}

interface Text {
  url: string;
  words: string[];
  /** The hash of the shingle starting at each word (shorter than the text by SHINGLE - 1). */
  shingles: string[];
  set: Set<string>;
}

function textOf(p: ParsedPage): Text {
  const words = mainWords(p);
  const shingles: string[] = [];
  for (let i = 0; i + SHINGLE <= words.length; i++) {
    shingles.push(
      createHash('sha1')
        .update(words.slice(i, i + SHINGLE).join(' '))
        .digest('base64')
        .slice(0, 12),
    );
  }
  return { url: p.url, words, shingles, set: new Set(shingles) };
}

/** For each word of the text, whether a shingle covering it is in `other`. */
function coveredBy(t: Text, other: Set<string>): boolean[] {
  const covered = new Array<boolean>(t.words.length).fill(false);
  t.shingles.forEach((s, i) => {
    if (other.has(s)) for (let j = i; j < i + SHINGLE; j++) covered[j] = true;
  });
  return covered;
}

export interface NearDuplicate {
  a: string;
  b: string;
  /** The smaller of the two shares: how much of either page's own text the other repeats. */
  similarity: number;
}

/** Pairs of pages whose own text is at least `threshold` shared, most alike first. */
export function nearDuplicates(pages: ParsedPage[], threshold = NEAR_DUPLICATE): NearDuplicate[] {
  // Error pages and a page reached twice (through a redirect) are not pages of their own.
  const unique = [...new Map(pages.filter((p) => p.snapshot.status < 300).map((p) => [stripQuery(p.url), p])).values()];
  if (unique.length < MIN_PAGES) return [];
  const texts = unique.map(textOf);
  const everywhere = new Set([...texts[0]!.set].filter((s) => texts.every((t) => t.set.has(s))));
  const own = texts.map((t) => {
    const template = coveredBy(t, everywhere);
    const ownSet = new Set(t.shingles.filter((s) => !everywhere.has(s)));
    return { t, template, ownSet, ownWords: template.filter((x) => !x).length };
  });
  const share = (x: (typeof own)[number], y: (typeof own)[number]) => {
    const covered = coveredBy(x.t, y.ownSet);
    let n = 0;
    for (let i = 0; i < covered.length; i++) if (covered[i] && !x.template[i]) n++;
    return n / x.ownWords;
  };
  const found: NearDuplicate[] = [];
  for (let i = 0; i < own.length; i++) {
    for (let j = i + 1; j < own.length; j++) {
      const a = own[i]!;
      const b = own[j]!;
      // Identical text is the exact-duplicate check's finding, not this one's.
      if (a.ownWords < MIN_OWN_WORDS || b.ownWords < MIN_OWN_WORDS || a.t.words.join(' ') === b.t.words.join(' ')) continue;
      const similarity = Math.min(share(a, b), share(b, a));
      if (similarity >= threshold) found.push({ a: a.t.url, b: b.t.url, similarity });
    }
  }
  return found.sort((x, y) => y.similarity - x.similarity);
}
