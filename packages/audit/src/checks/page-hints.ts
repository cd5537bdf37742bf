// Small things a reviewer of the page would mention, none of them an error: a long page with no
// section headings, a meta keywords tag, files loaded by protocol-relative (//host) addresses,
// links to other sites marked nofollow, and text links to scripts, styles or pictures. Notices
// only: each is worth a look, not a fault.
import { listSome, onPages, plural, verb, type Check } from './types.ts';

/** Words of text from which a page reads as an article and wants sections. */
const SECTIONED_WORDS = 500;

/** Elements that load a file, and link rels that do (preconnect and dns-prefetch only name a host). */
const RESOURCE_SELECTOR =
  'script[src], img[src], iframe[src], source[src], audio[src], video[src], embed[src], ' +
  'link[href][rel~="stylesheet" i], link[href][rel~="icon" i], link[href][rel~="preload" i], link[href][rel~="modulepreload" i]';

/** Files that are not pages: scripts, styles, data and pictures. */
const RESOURCE_FILE = /\.(?:js|mjs|css|json|jpe?g|png|gif|webp|avif|svg)$/i;

/** Ways of marking a paid or visitor-written link that are the right ones to use: not this notice's business. */
const QUALIFIED = ['sponsored', 'ugc'];

export const pageHintChecks: Check[] = [
  {
    id: 'onpage.h2-missing',
    category: 'on-page',
    severity: 'Notice',
    title: 'Long pages without section headings',
    description:
      'A page of several hundred words with no <h2> is one block of text: visitors cannot scan it and search engines see ' +
      'no structure in it.',
    fix: 'Break the text into sections, each under an <h2> that says what it covers.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p.wordCount >= SECTIONED_WORDS &&
          !p.headings.some((h) => h.level === 2) &&
          `The page has ${p.wordCount} words and no <h2> section heading.`,
      ),
  },
  {
    id: 'onpage.meta-keywords',
    category: 'on-page',
    severity: 'Notice',
    title: 'Meta keywords tag',
    description:
      'Search engines have ignored the meta keywords tag for over a decade; all it does now is show competitors which ' +
      'words the site is aiming for.',
    fix: 'Remove the meta keywords tag (in WordPress SEO plugins, turn off the keywords option).',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const tags = p.$('meta[name="keywords" i]').length;
        return tags > 0 && `The page has ${tags > 1 ? `${tags} meta keywords tags` : 'a meta keywords tag'}.`;
      }),
  },
  {
    id: 'security.protocol-relative',
    category: 'security',
    severity: 'Notice',
    title: 'Files loaded by protocol-relative addresses',
    description:
      'An address written //host/file takes the page’s own protocol: on any copy of the page not on https (an old http ' +
      'address, a saved page) the file loads without encryption or not at all.',
    fix: 'Write these addresses with https:// in full.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const found = p
          .$(RESOURCE_SELECTOR)
          .toArray()
          .map((el) => (p.$(el).attr('src') ?? p.$(el).attr('href') ?? '').trim())
          .filter((v) => v.startsWith('//'));
        const distinct = [...new Set(found)];
        return (
          distinct.length > 0 &&
          `${plural(distinct.length, 'file')} ${verb(distinct.length, 'is', 'are')} loaded by a protocol-relative address: ` +
            `${listSome(distinct)}.`
        );
      }),
  },
  {
    id: 'links.nofollow-external',
    category: 'links',
    severity: 'Notice',
    title: 'Links to other sites marked nofollow',
    description:
      'rel="nofollow" on a link to another site tells search engines not to trust it. Right for paid links (better marked ' +
      'rel="sponsored"), but themes often add it to every outside link, including the partners and profiles the site ' +
      'vouches for.',
    fix: 'Keep nofollow (or use sponsored) on paid links only; remove it from links you stand behind.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const marked = p.links.filter(
          (l) => !l.internal && l.url && l.rel.includes('nofollow') && !QUALIFIED.some((q) => l.rel.includes(q)),
        );
        const hosts = [...new Set(marked.map((l) => new URL(l.url!).hostname))];
        return (
          marked.length > 0 &&
          `${plural(marked.length, 'link')} to other sites ${verb(marked.length, 'is', 'are')} marked nofollow (${listSome(hosts)}).`
        );
      }),
  },
  {
    id: 'links.resource-as-page-link',
    category: 'links',
    severity: 'Notice',
    title: 'Text links to files that are not pages',
    description:
      'A text link to a script, style sheet or bare picture opens a page with nothing but that file: visitors land ' +
      'nowhere and crawlers waste a visit. (A photo wrapped in a link to its large version is a gallery and is fine.)',
    fix: 'Link to the page that shows the file, or remove the link.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const files = p
          .$('a[href]')
          .toArray()
          // A picture inside the link is a gallery or lightbox opening the large version.
          .filter((el) => p.$(el).find('img, picture').length === 0)
          .map((el) => (p.$(el).attr('href') ?? '').trim())
          .filter((href) => {
            try {
              return RESOURCE_FILE.test(new URL(href, p.url).pathname);
            } catch {
              return false;
            }
          });
        const distinct = [...new Set(files)];
        return (
          distinct.length > 0 &&
          `${plural(distinct.length, 'link')} ${verb(distinct.length, 'opens a file', 'open files')} rather than a page: ` +
            `${listSome(distinct)}.`
        );
      }),
  },
];
