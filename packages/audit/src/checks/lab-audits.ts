// What only a browser sees, read from Lighthouse's own audits of the home page (mobile run)
// rather than re-derived from the HTML: text too small to read on a phone, tap targets too
// close, contrast, ARIA misuse, console errors, deprecated APIs, permission prompts on load,
// distorted or blurry images, unminified files, a page wider than the phone. Without a
// Lighthouse run (network estimates, the quick lookup, a run that did not finish) these checks
// are reported "not measured", with the reason, and left out of the scores: never passed.
import type { CheckCategory, Severity } from '@curb/contracts/audit';
import type { LabAudit } from '../lab/types.ts';
import { listSome, plural, quote, type Check, type CheckContext } from './types.ts';

/**
 * The failed Lighthouse audits of the mobile run (a desktop run's when it carries them); null
 * when no run took them (estimates and the speed-only desktop run carry none).
 */
export function labAudits(ctx: CheckContext): LabAudit[] | null {
  return ctx.lab.mobile.audits ?? ctx.lab.desktop.audits ?? null;
}

interface LabCheckSpec {
  id: string;
  category: CheckCategory;
  severity: Severity;
  title: string;
  description: string;
  fix: string;
  /** Lighthouse audit ids this check reports; it fires when any of them failed. */
  audits: string[];
}

/** "Lighthouse (mobile, home page): <audit> — 3 elements, e.g. ..." for the failed audits. */
function evidence(failed: LabAudit[], home: string): string {
  const parts = failed.map((a) => {
    const what = a.displayValue ?? (a.itemCount ? plural(a.itemCount, 'item') : 'failed');
    const examples = a.items.length
      ? `, e.g. ${listSome(
          a.items.map((i) => quote(i, 70)),
          2,
        )}`
      : '';
    return `${a.title} (${what}${examples})`;
  });
  return `Lighthouse on ${home} (mobile): ${parts.join('; ')}.`;
}

function labCheck(spec: LabCheckSpec): Check {
  const wanted = new Set(spec.audits);
  return {
    id: spec.id,
    category: spec.category,
    severity: spec.severity,
    title: spec.title,
    description: spec.description,
    fix: spec.fix,
    needs: 'lighthouse',
    run: (ctx) => {
      const failed = labAudits(ctx)?.filter((a) => wanted.has(a.id)) ?? [];
      return failed.length > 0 && { detail: evidence(failed, ctx.home.url), urls: [ctx.home.url] };
    },
  };
}

/** Lighthouse's ARIA audits (accessibility category, "ARIA" group). */
const ARIA_AUDITS = [
  'aria-allowed-attr',
  'aria-allowed-role',
  'aria-command-name',
  'aria-conditional-attr',
  'aria-deprecated-role',
  'aria-dialog-name',
  'aria-hidden-body',
  'aria-hidden-focus',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-prohibited-attr',
  'aria-required-attr',
  'aria-required-children',
  'aria-required-parent',
  'aria-roles',
  'aria-text',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'aria-treeitem-name',
  'aria-valid-attr-value',
  'aria-valid-attr',
  'duplicate-id-aria',
];

export const LAB_CHECK_SPECS: LabCheckSpec[] = [
  {
    id: 'onpage.font-size-small',
    category: 'on-page',
    severity: 'Warning',
    title: 'Text too small to read on a phone',
    description:
      'Much of the text is under 12 px on a phone, so visitors pinch and zoom to read your listings and contact details, or leave.',
    fix: 'Set body text to at least 16 px in the theme settings and check captions and footers on a phone.',
    audits: ['font-size'],
  },
  {
    id: 'onpage.content-too-wide',
    category: 'on-page',
    severity: 'Warning',
    title: 'Page wider than a phone screen',
    description:
      'Something on the page (a fixed-width table, a wide embed or image, an old theme layout) is wider than the phone, so ' +
      'visitors scroll sideways or see the page shrunk to unreadable size; Google ranks pages that are not mobile-friendly lower.',
    fix:
      'Find the wide element on a phone (often a table, an iframe or a fixed width in a page-builder block) and let it ' +
      'shrink to the screen.',
    audits: ['content-width'],
  },
  {
    id: 'a11y.tap-targets-small',
    category: 'accessibility',
    severity: 'Warning',
    title: 'Buttons and links too small or too close to tap',
    description: 'Tap targets under 24 px, or packed together, make visitors on phones hit the wrong link or button.',
    fix: 'Make buttons and menu links at least 48 px tall on phones, with space between them.',
    audits: ['target-size'],
  },
  {
    id: 'a11y.color-contrast',
    category: 'accessibility',
    severity: 'Warning',
    title: 'Text with too little contrast',
    description:
      'Light grey text, or white text over photos, is hard to read outdoors on a phone and for visitors with low vision (WCAG AA).',
    fix: 'Darken the text or its background until the contrast ratio is at least 4.5:1 (3:1 for large headings).',
    audits: ['color-contrast', 'link-in-text-block'],
  },
  {
    id: 'a11y.aria-misuse',
    category: 'accessibility',
    severity: 'Notice',
    title: 'ARIA attributes used incorrectly',
    description: 'Wrong or incomplete ARIA roles and attributes make screen readers announce menus, dialogs and sliders wrongly.',
    fix: 'Fix or remove the ARIA attributes Lighthouse names; native HTML elements need none.',
    audits: ARIA_AUDITS,
  },
  {
    id: 'a11y.controls-unnamed',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Controls without an accessible name',
    description: 'Image buttons, drop-downs and embedded objects without a name are announced as nothing to screen-reader users.',
    fix: 'Give each control a visible label, an aria-label or alt text, and one label per field.',
    // select-name is a11y.form-labels-missing's, read from the HTML.
    audits: ['input-button-name', 'input-image-alt', 'form-field-multiple-labels', 'object-alt', 'label-content-name-mismatch'],
  },
  {
    id: 'a11y.structure-invalid',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Lists, tables or headings built wrongly',
    description: 'Lists, tables and headings that break HTML rules lose their structure for screen readers.',
    fix: 'Keep <li> inside <ul>/<ol>, give data tables header cells, and put text in every heading.',
    audits: [
      'list',
      'listitem',
      'definition-list',
      'dlitem',
      'td-headers-attr',
      'th-has-data-cells',
      'table-duplicate-name',
      'table-fake-caption',
      'td-has-header',
      'empty-heading',
    ],
  },
  {
    id: 'a11y.language-parts',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Language attributes that do not match',
    description: 'Invalid lang values on parts of the page, or a mismatched xml:lang, make screen readers use the wrong voice.',
    fix: 'Use valid language codes (en, es) on elements with a lang attribute and keep lang and xml:lang equal.',
    audits: ['valid-lang', 'html-xml-lang-mismatch'],
  },
  {
    id: 'a11y.video-captions',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Videos without captions',
    description: 'Listing and neighbourhood videos without captions lose deaf visitors and everyone watching with the sound off.',
    fix: 'Add a captions track (<track kind="captions">) or use a host that shows captions.',
    audits: ['video-caption'],
  },
  {
    id: 'a11y.accesskeys-duplicate',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Repeated keyboard shortcuts',
    description: 'Two elements with the same accesskey make the shortcut reach only one of them.',
    fix: 'Give every accesskey a unique value, or remove them.',
    audits: ['accesskeys'],
  },
  {
    id: 'a11y.paste-blocked',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Form fields that refuse pasting',
    description: 'Fields that block paste make visitors retype e-mails and phone numbers, and break password managers.',
    fix: 'Remove the script that cancels paste events on the form fields.',
    audits: ['paste-preventing-inputs'],
  },
  {
    id: 'images.aspect-ratio-distorted',
    category: 'images',
    severity: 'Notice',
    title: 'Stretched or squashed images',
    description: 'Photos shown at a different shape than they were taken look distorted: a listing photo that looks off loses trust.',
    fix: 'Keep width and height in the photo’s own ratio, or crop with CSS object-fit: cover.',
    audits: ['image-aspect-ratio'],
  },
  {
    id: 'images.low-resolution',
    category: 'images',
    severity: 'Notice',
    title: 'Blurry images on sharp screens',
    description: 'Images smaller than their displayed size times the screen density look blurry on phones.',
    fix: 'Upload photos at least twice their displayed width and serve sizes with srcset.',
    audits: ['image-size-responsive'],
  },
  {
    id: 'perf.console-errors',
    category: 'performance',
    severity: 'Notice',
    title: 'JavaScript errors in the browser',
    description:
      'Errors logged while the page loads usually mean a widget, form or tracking tag failed: the visitor may see a broken search ' +
      'or a form that never sends.',
    fix: 'Open the browser console on the page, find the failing script named here and update or remove it.',
    audits: ['errors-in-console', 'inspector-issues'],
  },
  {
    id: 'perf.deprecated-apis',
    category: 'performance',
    severity: 'Notice',
    title: 'Features browsers are removing',
    description: 'The page uses browser features that are deprecated; when browsers drop them the widget using them stops working.',
    fix: 'Update the plugins or scripts Lighthouse names to their current versions.',
    audits: ['deprecations'],
  },
  {
    id: 'perf.unminified-files',
    category: 'performance',
    severity: 'Notice',
    title: 'Scripts or stylesheets not minified',
    description: 'Unminified CSS and JavaScript carry spaces and comments every visitor downloads.',
    fix: 'Turn on minification in the site builder, caching plugin or CDN.',
    audits: ['unminified-css', 'unminified-javascript'],
  },
  {
    id: 'security.permission-prompt-on-load',
    category: 'security',
    severity: 'Warning',
    title: 'Asks for location or notifications on arrival',
    description: 'A permission prompt before the visitor did anything looks pushy; most visitors refuse it and many leave.',
    fix: 'Ask for location or notifications only after the visitor clicks something that needs them.',
    audits: ['geolocation-on-start', 'notification-on-start'],
  },
  {
    id: 'security.third-party-cookies',
    category: 'security',
    severity: 'Notice',
    title: 'Third-party cookies',
    description: 'Browsers are blocking third-party cookies; widgets that rely on them (chat, embeds, old pixels) may stop working.',
    fix: 'Update or replace the embeds that set them, and check the widgets still work with third-party cookies blocked.',
    audits: ['third-party-cookies'],
  },
];

export const labAuditChecks: Check[] = LAB_CHECK_SPECS.map(labCheck);

/** Lighthouse audit ids some check reports (the coverage table lists the rest). */
export const LAB_AUDITS_READ: ReadonlySet<string> = new Set(LAB_CHECK_SPECS.flatMap((s) => s.audits));
