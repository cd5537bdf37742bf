// Flesch reading ease of a page's prose (English only: the formula's constants are English).
// 60-70 is plain English; below 50 reads like a college text, below 30 like an academic paper.
import type { ParsedPage } from '../page.ts';
import { collapse } from '../page.ts';

/** Under this many words of prose the score says nothing (a contact page, a listing card). */
export const MIN_PROSE_WORDS = 100;
/** A paragraph needs this many words to count as prose rather than a label or a button. */
const MIN_PARAGRAPH_WORDS = 8;

export interface Readability {
  score: number;
  words: number;
  sentences: number;
  /** The hardest sentence, for the evidence. */
  longest: string;
}

/** English syllables by vowel groups, with the usual corrections (silent final e, -le, -ed). */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!w) return 0;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  const groups = trimmed.match(/[aeiouy]{1,2}/g)?.length ?? 0;
  return Math.max(1, groups);
}

/**
 * Legal text the agent must publish as written: the MLS's listing disclaimer (which IDX plugins
 * put under every grid), fair-housing and copyright notices. Judging its reading ease would blame
 * the agent for the MLS's wording.
 */
export const MANDATED_WRAPPER = '[class*="disclaim" i], [id*="disclaim" i], [class*="legal" i], [class*="copyright" i], small';
export const MANDATED_TEXT = /deemed reliable|not guaranteed|internet data exchange|\bIDX\b|equal housing opportunity|all rights reserved/i;

/** The page's paragraphs of running text: navigation, buttons, cards and mandated legal text are not prose. */
function prose(p: ParsedPage): string[] {
  return p
    .$('p, li, blockquote, dd')
    .toArray()
    .filter(
      (el) =>
        p.$(el).parents('nav, header, footer, form').length === 0 &&
        p.$(el).find('p, li').length === 0 &&
        p.$(el).closest(MANDATED_WRAPPER).length === 0,
    )
    .map((el) => collapse(p.$(el).text()))
    .filter((t) => t.split(' ').length >= MIN_PARAGRAPH_WORDS && !MANDATED_TEXT.test(t));
}

/** Reading ease of an English page, or null when it is not English or has too little prose. */
export function readabilityOf(p: ParsedPage): Readability | null {
  if (!p.lang || !/^en\b/i.test(p.lang)) return null;
  let words = 0;
  let syllableCount = 0;
  let sentences = 0;
  let longest = '';
  for (const paragraph of prose(p)) {
    // A paragraph without end punctuation is still one sentence (a heading-like line, a list item).
    const parts = paragraph.split(/(?<=[.!?;:])\s+(?=[^a-z])/).filter((s) => /[\p{L}]/u.test(s));
    for (const sentence of parts) {
      const ws = sentence.split(' ').filter((w) => /[\p{L}]/u.test(w));
      if (!ws.length) continue;
      sentences++;
      words += ws.length;
      for (const w of ws) syllableCount += syllables(w);
      if (ws.length > longest.split(' ').length) longest = sentence;
    }
  }
  if (words < MIN_PROSE_WORDS || sentences === 0) return null;
  const score = 206.835 - 1.015 * (words / sentences) - 84.6 * (syllableCount / words);
  return { score: Math.round(score * 10) / 10, words, sentences, longest };
}
