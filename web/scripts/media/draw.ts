// A tiny drawing model shared by the magazine's PDF and its page images: a page is a list
// of rectangles and single-line texts, laid out once and written by two back ends.

export interface Rect {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
}

export interface Text {
  kind: 'text';
  x: number;
  /** Baseline, from the top of the page. */
  y: number;
  size: number;
  bold?: boolean;
  color: string;
  text: string;
  anchor?: 'start' | 'middle' | 'end';
}

export type DrawOp = Rect | Text;

export interface Page {
  width: number;
  height: number;
  ops: DrawOp[];
}

// Helvetica advance widths (per 1000 em) for the characters the content uses; others 556.
const NARROW = new Set("ijlI.,;:'!|`");
const WIDE = new Set('mwMW@%');
const UPPER_WIDE = new Set('ABCDEFGHKNOPQRSUVXYZ&');

function charWidth(ch: string, bold: boolean): number {
  if (ch === ' ') return 278;
  if (NARROW.has(ch)) return bold ? 280 : 240;
  if (ch === 'f' || ch === 't' || ch === 'r') return bold ? 390 : 330;
  if (WIDE.has(ch)) return 870;
  if (UPPER_WIDE.has(ch)) return bold ? 722 : 680;
  if (ch >= 'A' && ch <= 'Z') return 611;
  return bold ? 611 : 556;
}

/** Approximate width of `text` in points at `size`. */
export function textWidth(text: string, size: number, bold = false): number {
  let total = 0;
  for (const ch of text) total += charWidth(ch, bold);
  return (total * size) / 1000;
}

/** Splits `text` into lines no wider than `maxWidth` points. */
export function wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
