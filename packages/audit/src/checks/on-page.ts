// What a searcher sees of a page and what it says: title, description, headings,
// language, mobile viewport, amount and uniqueness of content.
import { createHash } from 'node:crypto';
import type { ParsedPage } from '../page.ts';
import { stripQuery } from '../snapshot.ts';
import { listSome, onPages, plural, quote, type Check, type CheckContext, verb } from './types.ts';

const GENERIC_TITLES = /^(?:home|homepage|home page|welcome|untitled|index|default|my site|new page|page \d+|document)$/i;

/**
 * Pages sharing the same value of `key`, for the duplicate checks. Pages are compared by their
 * final address: one page reached directly and through a redirect is one page, not two.
 */
function duplicates(ctx: CheckContext, key: (p: ParsedPage) => string | null): { value: string; urls: string[] } | null {
  const groups = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const p of ctx.pages) {
    const v = key(p);
    const page = stripQuery(p.url);
    if (!v || seen.has(page)) continue;
    seen.add(page);
    groups.set(v, [...(groups.get(v) ?? []), p.url]);
  }
  const dup = [...groups.entries()].find(([, urls]) => urls.length > 1);
  return dup ? { value: dup[0], urls: dup[1] } : null;
}

/** Visible-text share of the HTML below which Semrush flags a page (10 %). */
const TEXT_HTML_RATIO = 0.1;
/** Template text left in a published page. */
const PLACEHOLDER = new RegExp(
  [
    /\blorem ipsum\b|\bdolor sit amet\b/.source,
    /\b(?:insert|add|enter|your) (?:text|content|(?:business |company )?name) here\b/.source,
    /\[(?:agent|company|business) name\]/.source,
  ].join('|'),
  'i',
);
/** Elements search engines read only in the head: in the body they are ignored. */
const HEAD_ONLY =
  'body title, body meta[name="description" i], body meta[name="robots" i], body meta[name="viewport" i], ' +
  'body link[rel="canonical" i], body link[rel="alternate" i][hreflang]';
const PLUGIN = /\.(?:swf|jar|xap)(?:$|\?)|shockwave|x-java|silverlight/i;
/** A head tag somewhere after <body: only then is the selector worth running (a linear scan). */
const HEAD_TAG = /<(?:title|meta\s[^>]*name=["']?(?:description|robots|viewport)|link\s[^>]*rel=["']?(?:canonical|alternate))/i;
const headTagInBody = (html: string) => {
  const body = html.search(/<body[\s>]/i);
  // Without a <body> tag the parser opens the body at the first content: let the selector decide.
  return body < 0 || HEAD_TAG.test(html.slice(body));
};

function validLang(code: string): boolean {
  return /^[a-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?$/i.test(code);
}

export const onPageChecks: Check[] = [
  {
    id: 'onpage.title-missing',
    category: 'on-page',
    severity: 'Critical',
    free: true,
    title: 'Missing page title',
    description: 'The title is the blue link in search results and the label of the browser tab. Without one, search engines invent it.',
    fix: 'Add a <title> of 30-60 characters naming what you offer and where, e.g. "Arlington VA Homes for Sale | Your Name Realty".',
    run: (ctx) => onPages(ctx, (p) => !p.title && 'The page has no <title> (or it is empty).'),
  },
  {
    id: 'onpage.title-too-short',
    category: 'on-page',
    severity: 'Notice',
    title: 'Title too short',
    description: 'A very short title wastes the most visible words in search results.',
    fix: 'Write a title of 30-60 characters with your service and area.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p.title !== null && p.title.length > 0 && p.title.length < 30 && `The title ${quote(p.title)} has ${p.title.length} characters.`,
      ),
  },
  {
    id: 'onpage.title-too-long',
    category: 'on-page',
    severity: 'Warning',
    title: 'Title too long',
    description: 'Search results cut titles at about 60 characters, so the end of yours is hidden.',
    fix: 'Shorten the title to 60 characters or fewer, keeping the important words first.',
    run: (ctx) =>
      onPages(ctx, (p) => p.title !== null && p.title.length > 60 && `The title has ${p.title.length} characters: ${quote(p.title)}.`),
  },
  {
    id: 'onpage.title-multiple',
    category: 'on-page',
    severity: 'Warning',
    title: 'More than one title',
    description: 'Several <title> elements confuse search engines about which one to show.',
    fix: 'Keep a single <title> in the <head>.',
    run: (ctx) => onPages(ctx, (p) => p.titles.length > 1 && `The page has ${p.titles.length} <title> elements.`),
  },
  {
    id: 'onpage.title-generic',
    category: 'on-page',
    severity: 'Warning',
    title: 'Generic title',
    description: 'Titles like "Home" or "Welcome" say nothing to searchers and do not rank for anything.',
    fix: 'Replace it with what you do and where, e.g. "Northern Virginia Real Estate Agent | Your Name".',
    run: (ctx) => onPages(ctx, (p) => p.title !== null && GENERIC_TITLES.test(p.title) && `The title is ${quote(p.title)}.`),
  },
  {
    id: 'onpage.title-duplicate',
    category: 'on-page',
    severity: 'Warning',
    title: 'Duplicate titles',
    description: 'Pages with the same title compete with each other in search results.',
    fix: 'Give every page a title describing its own content.',
    run: (ctx) => {
      const dup = duplicates(ctx, (p) => p.title?.toLowerCase() ?? null);
      return (
        dup !== null && { detail: `${plural(dup.urls.length, 'page')} share the title ${quote(dup.value)}.`, urls: dup.urls.slice(0, 10) }
      );
    },
  },
  {
    id: 'onpage.description-missing',
    category: 'on-page',
    severity: 'Warning',
    free: true,
    title: 'Missing meta description',
    description: 'The meta description is the text under your link in search results; without it search engines pick a random snippet.',
    fix: 'Add <meta name="description"> of 70-160 characters that invites the click, e.g. your area, speciality and a reason to call.',
    run: (ctx) => onPages(ctx, (p) => !p.description && 'The page has no meta description.'),
  },
  {
    id: 'onpage.description-too-short',
    category: 'on-page',
    severity: 'Notice',
    title: 'Meta description too short',
    description: 'A short description leaves space in the search result unused.',
    fix: 'Write 70-160 characters.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p.description !== null &&
          p.description.length > 0 &&
          p.description.length < 70 &&
          `The description has ${p.description.length} characters.`,
      ),
  },
  {
    id: 'onpage.description-too-long',
    category: 'on-page',
    severity: 'Notice',
    title: 'Meta description too long',
    description: 'Search results cut descriptions at about 160 characters.',
    fix: 'Shorten the description to 160 characters or fewer.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) => p.description !== null && p.description.length > 160 && `The description has ${p.description.length} characters.`,
      ),
  },
  {
    id: 'onpage.description-multiple',
    category: 'on-page',
    severity: 'Notice',
    title: 'More than one meta description',
    description: 'With several descriptions search engines pick one, perhaps not the one you want.',
    fix: 'Keep a single meta description per page.',
    run: (ctx) => onPages(ctx, (p) => p.descriptions.length > 1 && `The page has ${p.descriptions.length} meta descriptions.`),
  },
  {
    id: 'onpage.description-duplicate',
    category: 'on-page',
    severity: 'Warning',
    title: 'Duplicate meta descriptions',
    description: 'Identical descriptions make different pages look the same in search results.',
    fix: 'Write a description specific to each page.',
    run: (ctx) => {
      const dup = duplicates(ctx, (p) => p.description?.toLowerCase() || null);
      return dup !== null && { detail: `${plural(dup.urls.length, 'page')} share the same description.`, urls: dup.urls.slice(0, 10) };
    },
  },
  {
    id: 'onpage.h1-missing',
    category: 'on-page',
    severity: 'Warning',
    free: true,
    title: 'No H1 heading',
    description: 'The H1 is the headline of the page; it tells visitors and search engines what the page is about.',
    fix: 'Add one <h1> with the page\'s main topic, e.g. "Arlington Real Estate with Your Name".',
    run: (ctx) => onPages(ctx, (p) => !p.headings.some((h) => h.level === 1) && 'The page has no <h1>.'),
  },
  {
    id: 'onpage.h1-multiple',
    category: 'on-page',
    severity: 'Notice',
    title: 'Several H1 headings',
    description: 'More than one H1 dilutes the main topic of the page.',
    fix: 'Keep one <h1> and turn the others into <h2>.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p.headings.filter((h) => h.level === 1).length > 1 &&
          `The page has ${p.headings.filter((h) => h.level === 1).length} <h1> headings.`,
      ),
  },
  {
    id: 'onpage.h1-empty',
    category: 'on-page',
    severity: 'Warning',
    title: 'Empty H1 heading',
    description: 'An H1 without text (often a logo image without alt text) gives no topic.',
    fix: "Put the page's headline text in the <h1>.",
    run: (ctx) => onPages(ctx, (p) => p.headings.some((h) => h.level === 1 && !h.text) && 'An <h1> has no text.'),
  },
  {
    id: 'onpage.heading-order',
    category: 'on-page',
    severity: 'Notice',
    title: 'Heading levels skipped',
    description: 'Headings that jump levels (H1 to H3) break the outline screen readers and search engines use.',
    fix: 'Use headings in order: H1, then H2 for sections, H3 inside them.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        for (let i = 1; i < p.headings.length; i++) {
          const prev = p.headings[i - 1]!;
          const cur = p.headings[i]!;
          if (cur.level > prev.level + 1) return `An <h${cur.level}> ${quote(cur.text, 40)} follows an <h${prev.level}>.`;
        }
        return null;
      }),
  },
  {
    id: 'onpage.title-same-as-h1',
    category: 'on-page',
    severity: 'Notice',
    title: 'Title repeats the H1',
    description:
      'When the title and the headline are the same words, the page targets one phrasing instead of two (Semrush: "duplicate ' +
      'content in h1 and title").',
    fix: 'Keep the H1 for visitors ("Homes for sale in Arlington") and let the title add your name or area.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const h1 = p.headings.find((h) => h.level === 1)?.text;
        return !!h1 && !!p.title && h1.toLowerCase() === p.title.toLowerCase() && `The title and the H1 are both ${quote(h1)}.`;
      }),
  },
  {
    id: 'onpage.h1-duplicate',
    category: 'on-page',
    severity: 'Notice',
    title: 'Duplicate H1 headings',
    description: 'Pages with the same headline look like the same page to visitors and search engines.',
    fix: 'Give each page an H1 saying what that page offers.',
    run: (ctx) => {
      const dup = duplicates(ctx, (p) => p.headings.find((h) => h.level === 1)?.text.toLowerCase() || null);
      return (
        dup !== null && { detail: `${plural(dup.urls.length, 'page')} share the H1 ${quote(dup.value)}.`, urls: dup.urls.slice(0, 10) }
      );
    },
  },
  {
    id: 'onpage.text-html-ratio-low',
    category: 'on-page',
    severity: 'Notice',
    title: 'Little text for the amount of code',
    description:
      'Visible text makes up under 10% of the HTML: the page is mostly markup, scripts and styles, which is slow to load and ' +
      'gives search engines little to read.',
    fix: 'Move inline scripts and styles into files, trim page-builder markup, and add useful text.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const html = p.snapshot.htmlBytes;
        if (html < 10 * 1024 || p.snapshot.truncated) return null;
        const ratio = Buffer.byteLength(p.text) / html;
        return ratio < TEXT_HTML_RATIO && `Text is ${Math.round(ratio * 1000) / 10}% of the page’s ${Math.round(html / 1024)} KB of HTML.`;
      }),
  },
  {
    id: 'onpage.placeholder-text',
    category: 'on-page',
    severity: 'Warning',
    title: 'Template placeholder text',
    description: 'Placeholder text from the theme ("Lorem ipsum…") tells visitors the site is unfinished, and search engines index it.',
    fix: 'Replace the placeholder text with your own words, or remove the section.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const m = PLACEHOLDER.exec(p.text);
        return m !== null && `The page shows ${quote(p.text.slice(Math.max(0, m.index - 20), m.index + 50).trim(), 70)}.`;
      }),
  },
  {
    id: 'onpage.head-tags-in-body',
    category: 'on-page',
    severity: 'Warning',
    title: 'Head tags placed in the body',
    description:
      'A title, meta description, robots, viewport, canonical or hreflang tag inside the <body> is ignored by search engines ' +
      '(often pasted into a page-builder block instead of the header settings).',
    fix: 'Move these tags into the <head>: use the SEO or header settings of the site builder instead of an HTML block.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        if (!headTagInBody(p.snapshot.html)) return null;
        const found = p
          .$(HEAD_ONLY)
          .toArray()
          .filter((el) => p.$(el).parents('svg').length === 0)
          .map((el) => {
            const tag = p.$(el).prop('tagName')?.toLowerCase() ?? 'tag';
            const name = p.$(el).attr('name') ?? p.$(el).attr('rel');
            return name ? `<${tag} ${tag === 'meta' ? 'name' : 'rel'}="${name}">` : `<${tag}>`;
          });
        return found.length > 0 && `${listSome([...new Set(found)])} ${found.length === 1 ? 'is' : 'are'} inside the <body>.`;
      }),
  },
  {
    id: 'onpage.frames-or-plugins',
    category: 'on-page',
    severity: 'Warning',
    title: 'Frames or browser plugins',
    description:
      'Framesets and Flash, Java or Silverlight content do not show on phones or in current browsers, and search engines cannot ' +
      'read them.',
    fix: 'Rebuild the framed or plugin content as ordinary HTML (video and tours embed with an <iframe> or <video>).',
    run: (ctx) =>
      onPages(ctx, (p) => {
        if (!/<(?:frame|object|embed|applet)[\s>]/i.test(p.snapshot.html)) return null;
        const frames = p.$('frameset, frame').length;
        const plugins = p
          .$('object, embed, applet')
          .toArray()
          .filter((el) => {
            const e = p.$(el);
            return (
              el.tagName === 'applet' ||
              PLUGIN.test(`${e.attr('type') ?? ''} ${e.attr('data') ?? ''} ${e.attr('src') ?? ''} ${e.attr('classid') ?? ''}`)
            );
          }).length;
        const used = [frames ? plural(frames, 'frame') : '', plugins ? plural(plugins, 'plugin object') : ''].filter(Boolean);
        return used.length > 0 && `The page uses ${listSome(used)}.`;
      }),
  },
  {
    id: 'onpage.lang-missing',
    category: 'on-page',
    severity: 'Warning',
    title: 'Page language not declared',
    description: 'Without a lang attribute, screen readers may mispronounce the page and search engines guess its language.',
    fix: 'Add lang="en" (or your language) to the <html> element.',
    run: (ctx) => onPages(ctx, (p) => !p.lang && 'The <html> element has no lang attribute.'),
  },
  {
    id: 'onpage.lang-invalid',
    category: 'on-page',
    severity: 'Warning',
    title: 'Invalid page language',
    description: 'A lang value that is not a language code is ignored.',
    fix: 'Use a valid code such as en or en-US.',
    run: (ctx) => onPages(ctx, (p) => p.lang !== null && !validLang(p.lang) && `lang=${quote(p.lang, 20)} is not a language code.`),
  },
  {
    id: 'onpage.viewport-missing',
    category: 'on-page',
    severity: 'Critical',
    free: true,
    title: 'Not mobile friendly (no viewport)',
    description:
      'Without a viewport tag phones show a shrunken desktop page. Most home buyers search on their phone, and Google ranks the ' +
      'mobile version.',
    fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1"> and a responsive layout.',
    run: (ctx) => onPages(ctx, (p) => !p.viewport && 'The page has no viewport meta tag.'),
  },
  {
    id: 'onpage.viewport-fixed-width',
    category: 'on-page',
    severity: 'Warning',
    title: 'Viewport not set to device width',
    description: 'A fixed-width viewport does not adapt to phone screens.',
    fix: 'Use content="width=device-width, initial-scale=1".',
    run: (ctx) =>
      onPages(ctx, (p) => p.viewport !== null && !/width\s*=\s*device-width/i.test(p.viewport) && `The viewport is ${quote(p.viewport)}.`),
  },
  {
    id: 'onpage.charset-missing',
    category: 'on-page',
    severity: 'Notice',
    title: 'Character set not declared',
    description: 'Without a declared character set, accented letters and symbols (®, é) can show as garbage.',
    fix: 'Add <meta charset="utf-8"> as the first element of <head>.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          !p.charset &&
          !/charset=/i.test(p.snapshot.headers['content-type'] ?? '') &&
          'Neither the page nor the server declares a character set.',
      ),
  },
  {
    id: 'onpage.doctype-missing',
    category: 'on-page',
    severity: 'Notice',
    title: 'No HTML doctype',
    description: 'Without <!doctype html> browsers render in quirks mode, which breaks layouts unpredictably.',
    fix: 'Start the page with <!doctype html>.',
    run: (ctx) => onPages(ctx, (p) => p.snapshot.html.length > 0 && !p.hasDoctype && 'The page does not start with <!doctype html>.'),
  },
  {
    id: 'onpage.word-count-low',
    category: 'on-page',
    severity: 'Warning',
    title: 'Little text on the home page',
    description: 'Search engines and AI assistants need words to understand what you offer and where; thin pages rarely rank.',
    fix: 'Write at least 300 words about your services, your area and why clients choose you.',
    run: (ctx) => ctx.home.wordCount < 300 && `The home page has ${plural(ctx.home.wordCount, 'word')} of visible text.`,
  },
  {
    id: 'onpage.thin-pages',
    category: 'on-page',
    severity: 'Notice',
    title: 'Thin inner pages',
    description: 'Inner pages with under 200 words give search engines little to rank.',
    fix: 'Expand these pages or merge them into fuller ones.',
    run: (ctx) => {
      const thin = ctx.pages.slice(1).filter((p) => p.wordCount < 200);
      return (
        thin.length > 0 && {
          detail: `${plural(thin.length, 'page')} ${verb(thin.length, 'has', 'have')} fewer than 200 words.`,
          urls: thin.slice(0, 10).map((p) => p.url),
        }
      );
    },
  },
  {
    id: 'onpage.duplicate-content',
    category: 'on-page',
    severity: 'Warning',
    title: 'Duplicate pages',
    description: 'Pages with identical text split ranking signals and may be filtered out of results.',
    fix: 'Make each page unique, or point duplicates at the original with a canonical link.',
    run: (ctx) => {
      const dup = duplicates(ctx, (p) => (p.wordCount >= 50 ? createHash('sha1').update(p.text).digest('hex') : null));
      return (
        dup !== null && {
          detail:
            `${plural(dup.urls.length, 'page')} ` +
            `${verb(dup.urls.length, 'has', 'have')} exactly the same text: ${listSome(dup.urls.map((u) => new URL(u).pathname))}.`,
          urls: dup.urls.slice(0, 10),
        }
      );
    },
  },
  {
    id: 'onpage.favicon-missing',
    category: 'on-page',
    severity: 'Notice',
    title: 'No favicon',
    description: 'The favicon appears in browser tabs, bookmarks and next to your result in Google on mobile.',
    fix: 'Add a square icon (at least 48x48) and <link rel="icon" href="/favicon.ico">.',
    run: (ctx) =>
      (ctx.site.favicon === null || ctx.site.favicon.status === null || ctx.site.favicon.status >= 400) &&
      'No favicon was found (neither a <link rel="icon"> nor /favicon.ico).',
  },
];
