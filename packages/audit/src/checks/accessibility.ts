// Accessibility basics that also affect search and conversion: zoom, form labels, button
// names, frame titles, landmarks, duplicate ids.
import type { CheerioAPI } from 'cheerio';
import { onPages, plural, type Check, verb } from './types.ts';

/** Inline styles that hide a spam-trap field: not shown, or pushed far off the screen. */
const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden|(?:left|top)\s*:\s*-\d{3,}px/i;

/**
 * A field no visitor sees or hears: the spam traps of form plugins (Mailchimp's bot field,
 * Elementor's honeypot), hidden by the attribute, aria-hidden or an inline style on it or a
 * wrapper. It needs no label.
 */
function hiddenFromVisitors(field: ReturnType<CheerioAPI>): boolean {
  return field
    .add(field.parents())
    .toArray()
    .some((el) => {
      const attribs = (el as { attribs?: Record<string, string> }).attribs ?? {};
      return 'hidden' in attribs || attribs['aria-hidden'] === 'true' || HIDING_STYLE.test(attribs.style ?? '');
    });
}

export const accessibilityChecks: Check[] = [
  {
    id: 'a11y.zoom-disabled',
    category: 'accessibility',
    severity: 'Warning',
    title: 'Zoom disabled',
    description: 'user-scalable=no or a maximum-scale below 2 stops visitors with low vision from zooming.',
    fix: 'Remove user-scalable=no and maximum-scale from the viewport tag.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const v = p.viewport ?? '';
        const max = /maximum-scale\s*=\s*([\d.]+)/i.exec(v);
        return (/user-scalable\s*=\s*(?:no|0)\b/i.test(v) || (max !== null && Number(max[1]) < 2)) && `The viewport is "${v}".`;
      }),
  },
  {
    id: 'a11y.form-labels-missing',
    category: 'accessibility',
    severity: 'Warning',
    title: 'Form fields without labels',
    description: 'Fields without labels are unusable with screen readers and lose their hint once the visitor starts typing.',
    fix: 'Give every field a <label for="..."> or an aria-label.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const $ = p.$;
        const unlabeled = $(
          'input:not([type="hidden" i]):not([type="submit" i]):not([type="button" i]):not([type="image" i]):not([type="reset" i]), ' +
            'select, textarea',
        )
          .toArray()
          .filter((el) => {
            const f = $(el);
            const id = f.attr('id');
            return (
              !hiddenFromVisitors(f) &&
              !f.attr('aria-label') &&
              !f.attr('aria-labelledby') &&
              !f.attr('title') &&
              f.parents('label').length === 0 &&
              !(id && $(`label[for="${id.replace(/"/g, '')}"]`).length)
            );
          });
        return unlabeled.length > 0 && `${plural(unlabeled.length, 'form field')} ${verb(unlabeled.length, 'has', 'have')} no label.`;
      }),
  },
  {
    id: 'a11y.button-name-missing',
    category: 'accessibility',
    severity: 'Warning',
    title: 'Buttons without a name',
    description: 'Icon buttons without text or aria-label are announced as just "button".',
    fix: 'Add visible text or an aria-label to every button.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const $ = p.$;
        const nameless = $('button, [role="button"], input[type="submit" i], input[type="button" i]')
          .toArray()
          .filter((el) => {
            const b = $(el);
            return (
              !b.text().trim() &&
              !b.attr('aria-label') &&
              !b.attr('aria-labelledby') &&
              !b.attr('title') &&
              !b.attr('value') &&
              !b.find('img[alt]:not([alt=""])').length
            );
          });
        return nameless.length > 0 && `${plural(nameless.length, 'button')} ${verb(nameless.length, 'has', 'have')} no accessible name.`;
      }),
  },
  {
    id: 'a11y.iframe-title-missing',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Frames without titles',
    description: 'Embedded maps, videos and tours need a title so screen-reader users know what they are.',
    fix: 'Add a title attribute to each <iframe>.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p.iframes.some((f) => !f.title.trim()) &&
          `${plural(p.iframes.filter((f) => !f.title.trim()).length, 'iframe')} ` +
            `${verb(p.iframes.filter((f) => !f.title.trim()).length, 'has', 'have')} no title.`,
      ),
  },
  {
    id: 'a11y.main-landmark-missing',
    category: 'accessibility',
    severity: 'Notice',
    title: 'No main landmark',
    description: 'A <main> element lets screen-reader users jump past the menu to the content.',
    fix: 'Wrap the page content in a <main> element.',
    run: (ctx) =>
      onPages(ctx, (p) => p.snapshot.html.length > 0 && p.$('main, [role="main"]').length === 0 && 'The page has no <main> element.'),
  },
  {
    id: 'a11y.duplicate-ids',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Duplicate element ids',
    description: 'Repeated ids break form labels and in-page links.',
    fix: 'Make every id attribute unique on the page.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const seen = new Set<string>();
        const dup = new Set<string>();
        p.$('[id]').each((_, el) => {
          const id = p.$(el).attr('id')!;
          if (seen.has(id)) dup.add(id);
          seen.add(id);
        });
        return dup.size > 0 && `Ids used more than once: ${[...dup].slice(0, 3).join(', ')}.`;
      }),
  },
  {
    id: 'a11y.positive-tabindex',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Positive tabindex',
    description: 'tabindex values above 0 scramble the keyboard order of the page.',
    fix: 'Use tabindex="0" or "-1" only, and order the markup instead.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p
            .$('[tabindex]')
            .toArray()
            .some((el) => Number(p.$(el).attr('tabindex')) > 0) && 'Elements use tabindex greater than 0.',
      ),
  },
];
