// Readiness for AI search and assistants (ChatGPT, Perplexity, Google AI Overviews):
// llms.txt by Lighthouse's rules, AI crawler rules in robots.txt, citation readiness.
import robotsParser from 'robots-parser';
import { detectProfiles } from '../detect/social.ts';
import { datesInText } from '../page.ts';
import { listSome, type Check, type CheckContext } from './types.ts';

/** Crawlers that fetch pages to answer or cite in AI search (not training-only ones). */
export const AI_SEARCH_CRAWLERS = ['OAI-SearchBot', 'ChatGPT-User', 'PerplexityBot', 'Perplexity-User', 'Claude-SearchBot', 'Claude-User'];
export const AI_CRAWLERS = [
  ...AI_SEARCH_CRAWLERS,
  'GPTBot',
  'ClaudeBot',
  'anthropic-ai',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'Amazonbot',
  'Bytespider',
  'meta-externalagent',
  'cohere-ai',
];

const llms = (ctx: CheckContext) => ctx.site.llmsTxt;
const llmsIsHtml = (ctx: CheckContext) =>
  llms(ctx).body !== null && (/html/.test(llms(ctx).contentType) || /^\s*<(?:!doctype|html)/i.test(llms(ctx).body!));
/** The llms.txt body when it exists as text (Lighthouse validates only that case). */
const llmsText = (ctx: CheckContext) => (llms(ctx).body !== null && !llmsIsHtml(ctx) ? llms(ctx).body! : null);

// Lighthouse's llms-txt audit: an H1, at least one Markdown link, at least 50 characters.
export const LLMS_H1 = /^\s*#\s+.+/m;
export const LLMS_LINK = /\[.+\]\(.+\)/;

export function allDates(ctx: CheckContext): Date[] {
  const raw = ctx.pages.flatMap((p) => [...p.dates, ...datesInText(p.text)]);
  return raw
    .map((d) => new Date(d))
    .filter((d) => Number.isFinite(d.getTime()) && d.getFullYear() > 1990 && d.getTime() <= ctx.now.getTime() + 86_400_000 * 366);
}

function hasAuthor(ctx: CheckContext): boolean {
  return ctx.pages.some(
    (p) =>
      p.metas.has('author') ||
      p.metas.has('article:author') ||
      p.links.some((l) => l.rel.includes('author')) ||
      p.$('[rel="author"], [itemprop="author"], .author, .byline').length > 0 ||
      p.schemaItems.some((i) => 'author' in i.props || i.types.includes('Person')) ||
      /\b(?:written|posted|updated|published) by [A-Z][a-z]+/.test(p.text),
  );
}

/** Outbound links that are not social profiles, share buttons or the site's own services. */
export function sourceLinks(ctx: CheckContext): string[] {
  const profiles = new Set(detectProfiles(ctx.pages).map((p) => p.url));
  const SOCIAL = new RegExp(
    [
      /facebook|instagram|linkedin|youtube|twitter|x\.com|tiktok|pinterest|zillow/.source,
      /realtor\.com|homes\.com|redfin|yelp|google\.|goo\.gl|g\.page|idxbroker|matterport/.source,
    ].join('|'),
    'i',
  );
  return ctx.pages.flatMap((p) =>
    p.links.filter((l) => l.url && !l.internal && !profiles.has(l.url) && !SOCIAL.test(new URL(l.url).hostname)).map((l) => l.url!),
  );
}

export const aiSearchChecks: Check[] = [
  {
    id: 'ai.llms-missing',
    category: 'ai-search',
    severity: 'Notice',
    title: 'No llms.txt',
    description:
      'llms.txt is a short Markdown guide to your site for AI assistants (llmstxt.org); Lighthouse checks it in its ' +
      'agentic-browsing audit.',
    fix: 'Publish /llms.txt: a "# Your Business" heading, a one-line "> summary", and Markdown links to your key pages.',
    run: (ctx) => (llms(ctx).status === 404 || llms(ctx).status === 410) && '/llms.txt does not exist.',
  },
  {
    id: 'ai.llms-error',
    category: 'ai-search',
    severity: 'Warning',
    title: 'llms.txt returns an error',
    description: 'AI agents that ask for llms.txt get an error instead of your site guide.',
    fix: 'Make /llms.txt answer with 200 and Markdown content, or remove it so it answers 404.',
    run: (ctx) => {
      const s = llms(ctx).status;
      return s !== null && s >= 400 && s !== 404 && s !== 410 && `/llms.txt answers HTTP ${s}.`;
    },
  },
  {
    id: 'ai.llms-html',
    category: 'ai-search',
    severity: 'Warning',
    title: 'llms.txt is an HTML page',
    description: "The address answers with a web page (often the site's catch-all page) instead of a Markdown file.",
    fix: 'Serve a real Markdown file at /llms.txt with a text/plain or text/markdown content type.',
    run: (ctx) => llmsIsHtml(ctx) && '/llms.txt returns HTML.',
  },
  {
    id: 'ai.llms-no-h1',
    category: 'ai-search',
    severity: 'Warning',
    title: 'llms.txt has no H1 heading',
    description: 'Lighthouse requires an H1 ("# Name") naming the site or project.',
    fix: 'Start llms.txt with "# Your Business Name".',
    run: (ctx) => {
      const t = llmsText(ctx);
      return t !== null && !LLMS_H1.test(t) && 'The file is missing the required H1 heading.';
    },
  },
  {
    id: 'ai.llms-no-links',
    category: 'ai-search',
    severity: 'Warning',
    title: 'llms.txt has no links',
    description: 'Lighthouse requires at least one Markdown link ([title](url)) so agents can find your pages.',
    fix: 'List your key pages as "- [Page name](https://...): what it holds".',
    run: (ctx) => {
      const t = llmsText(ctx);
      return t !== null && !LLMS_LINK.test(t) && 'The file does not appear to contain any links.';
    },
  },
  {
    id: 'ai.llms-too-short',
    category: 'ai-search',
    severity: 'Warning',
    title: 'llms.txt is too short',
    description: 'Lighthouse treats a file under 50 characters as empty of useful guidance.',
    fix: 'Describe the site and list its key pages.',
    run: (ctx) => {
      const t = llmsText(ctx);
      return t !== null && t.length < 50 && `The file has ${t.length} characters.`;
    },
  },
  {
    id: 'ai.llms-no-summary',
    category: 'ai-search',
    severity: 'Notice',
    title: 'llms.txt has no summary',
    description: 'llmstxt.org recommends a blockquote ("> ...") summarising the site right after the title.',
    fix: 'Add a one-line "> summary" under the H1.',
    run: (ctx) => {
      const t = llmsText(ctx);
      return t !== null && !/^\s*>\s*\S/m.test(t) && 'The file has no "> summary" blockquote.';
    },
  },
  {
    id: 'ai.search-crawlers-blocked',
    category: 'ai-search',
    severity: 'Warning',
    title: 'AI search crawlers blocked',
    description:
      'robots.txt stops AI search engines from reading your site, so ChatGPT search, Perplexity and Claude cannot cite or recommend you.',
    fix:
      'Allow OAI-SearchBot, ChatGPT-User, PerplexityBot and Claude-SearchBot in robots.txt (you can still block training crawlers ' +
      'like GPTBot).',
    run: (ctx) => {
      if (!ctx.site.robots.body) return null;
      const robots = robotsParser(ctx.site.robots.url, ctx.site.robots.body);
      const blocked = AI_SEARCH_CRAWLERS.filter((ua) => robots.isDisallowed(ctx.home.url, ua) === true);
      return blocked.length > 0 && `robots.txt blocks ${listSome(blocked, 6)}.`;
    },
  },
  {
    id: 'ai.crawler-policy-missing',
    category: 'ai-search',
    severity: 'Notice',
    title: 'No AI crawler policy',
    description:
      'robots.txt does not mention any AI crawler, so you have not chosen which AI services may read (or train on) your content.',
    fix:
      'Add explicit User-agent groups for AI crawlers (e.g. allow OAI-SearchBot and PerplexityBot; allow or block GPTBot and ' +
      'Google-Extended).',
    run: (ctx) => {
      const body = ctx.site.robots.body;
      if (!body) return null;
      const agents = [...body.matchAll(/^\s*user-agent\s*:\s*(\S+)/gim)].map((m) => m[1]!.toLowerCase());
      return !AI_CRAWLERS.some((c) => agents.includes(c.toLowerCase())) && 'robots.txt names none of the AI crawlers.';
    },
  },
  {
    id: 'ai.nosnippet',
    category: 'ai-search',
    severity: 'Warning',
    title: 'Snippets disabled',
    description: 'nosnippet or max-snippet:0 also keeps your content out of AI Overviews and answer boxes.',
    fix: 'Remove nosnippet / max-snippet:0 from the robots meta tag unless you mean it.',
    run: (ctx) => /\bnosnippet\b|max-snippet\s*:\s*0\b/.test(ctx.home.metaRobots) && `The robots meta tag says "${ctx.home.metaRobots}".`,
  },
  {
    id: 'ai.no-dates',
    category: 'ai-search',
    severity: 'Notice',
    title: 'No visible dates',
    description: 'AI assistants prefer sources that show when facts were published or updated, especially for market data.',
    fix: 'Show "Updated <date>" on market reports and key pages, with <time datetime> or dateModified in structured data.',
    run: (ctx) => allDates(ctx).length === 0 && 'No publication or update dates were found.',
  },
  {
    id: 'ai.outdated-content',
    category: 'ai-search',
    severity: 'Notice',
    title: 'Content looks outdated',
    description: 'The newest date on the site is over two years old; assistants and visitors trust fresh market information.',
    fix: 'Refresh key pages (market stats, listings, bio) and show the update date.',
    run: (ctx) => {
      const dates = allDates(ctx);
      if (!dates.length) return null;
      const newest = Math.max(...dates.map((d) => d.getTime()));
      return (
        ctx.now.getTime() - newest > 2 * 365 * 86_400_000 && `The newest date found is ${new Date(newest).toISOString().slice(0, 10)}.`
      );
    },
  },
  {
    id: 'ai.no-author',
    category: 'ai-search',
    severity: 'Notice',
    title: 'No author information',
    description: "Named, credentialed authors make content citable (Google's E-E-A-T; AI assistants weigh it too).",
    fix: 'Add an author byline with your name and licence, and an author or Person item in structured data.',
    run: (ctx) => !hasAuthor(ctx) && 'No author meta tag, byline or Person markup was found.',
  },
  {
    id: 'ai.no-sources',
    category: 'ai-search',
    severity: 'Notice',
    title: 'Claims without sources',
    description: 'Statistics linked to their source (MLS, NAR, census) are more likely to be quoted by assistants and trusted by readers.',
    fix: 'Link market figures to their source.',
    run: (ctx) => sourceLinks(ctx).length === 0 && 'The content links to no outside sources.',
  },
  {
    id: 'ai.no-faq',
    category: 'ai-search',
    severity: 'Notice',
    title: 'No questions answered',
    description:
      'AI assistants answer questions; pages phrased as questions and answers ("How long does it take to sell in Arlington?") are ' +
      'what they quote.',
    fix: 'Add an FAQ section with real client questions, marked up as FAQPage where it fits.',
    run: (ctx) =>
      !ctx.pages.some((p) => p.schemaItems.some((i) => i.types.includes('FAQPage')) || p.headings.some((h) => h.text.endsWith('?'))) &&
      'No FAQ markup and no question headings were found.',
  },
];
