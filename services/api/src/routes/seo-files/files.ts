// robots.txt, sitemap.xml, llms.txt and the posts' feeds (Atom and RSS 2.0), written from the
// owner's content: their profile, services, figures and published posts.
import { absoluteUrl, marketingAuditPage, pageDescription, pageSeo, seoDefaults } from '@curb/content';
import type { SiteContent } from '@curb/contracts/owner-content';

/** Paths crawlers have no business in: the admin, the API, private reports, the test page. */
export const DISALLOWED_PATHS = ['/admin', '/api/', '/audit-report/', '/test-report'];

/** Posts a feed carries, newest first. */
const FEED_ENTRIES = 50;

export function robotsTxt(base: string = seoDefaults.canonicalUrl): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', base)}`,
    '',
  ].join('\n');
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

const postPath = (slug: string) => `/blog/${slug}`;

export function sitemapXml(content: SiteContent, base: string = seoDefaults.canonicalUrl): string {
  const url = (path: string, changefreq: string, priority: number, lastmod?: string) =>
    [
      '  <url>',
      `    <loc>${xmlEscape(absoluteUrl(path, base))}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      `    <changefreq>${changefreq}</changefreq>`,
      `    <priority>${priority.toFixed(1)}</priority>`,
      '  </url>',
    ].join('\n');
  const newest = content.posts[0]?.publishedAt;
  const urls = [
    ...pageSeo
      .filter((page) => page.listed)
      .map((page) => url(page.path, page.changefreq, page.priority, page.path === '/blog' ? newest : undefined)),
    ...content.posts.map((post) => url(postPath(post.slug), 'monthly', 0.7, post.publishedAt || undefined)),
  ];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/** The feed's title: the owner's name and company. */
const feedTitle = (content: SiteContent) => [content.profile.name, content.profile.company].filter(Boolean).join(' — ');
/** A post's date as a point in time (published at the start of its day, UTC). */
const postTime = (date: string) => new Date(`${date || '1970-01-01'}T00:00:00Z`);

/** The published posts as an Atom feed (RFC 4287). */
export function atomFeed(content: SiteContent, base: string = seoDefaults.canonicalUrl): string {
  const posts = content.posts.slice(0, FEED_ENTRIES);
  const updated = posts[0] ? postTime(posts[0].publishedAt) : new Date(0);
  const entries = posts.map((post) => {
    const link = xmlEscape(absoluteUrl(postPath(post.slug), base));
    return [
      '  <entry>',
      `    <title>${xmlEscape(post.title)}</title>`,
      `    <link href="${link}"/>`,
      `    <id>${link}</id>`,
      `    <updated>${postTime(post.publishedAt).toISOString()}</updated>`,
      `    <summary>${xmlEscape(post.seoDescription)}</summary>`,
      ...(post.category ? [`    <category term="${xmlEscape(post.category)}"/>`] : []),
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xmlEscape(feedTitle(content))}</title>`,
    `  <link href="${xmlEscape(absoluteUrl('/feed.xml', base))}" rel="self"/>`,
    `  <link href="${xmlEscape(absoluteUrl('/blog', base))}"/>`,
    `  <id>${xmlEscape(absoluteUrl('/blog', base))}</id>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <author><name>${xmlEscape(content.profile.name)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** The published posts as an RSS 2.0 feed. */
export function rssFeed(content: SiteContent, base: string = seoDefaults.canonicalUrl): string {
  const items = content.posts.slice(0, FEED_ENTRIES).map((post) => {
    const link = xmlEscape(absoluteUrl(postPath(post.slug), base));
    return [
      '    <item>',
      `      <title>${xmlEscape(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${postTime(post.publishedAt).toUTCString()}</pubDate>`,
      `      <description>${xmlEscape(post.seoDescription)}</description>`,
      ...(post.category ? [`      <category>${xmlEscape(post.category)}</category>`] : []),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlEscape(feedTitle(content))}</title>`,
    `    <link>${xmlEscape(absoluteUrl('/blog', base))}</link>`,
    `    <atom:link href="${xmlEscape(absoluteUrl('/rss.xml', base))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xmlEscape(content.profile.tagline || feedTitle(content))}</description>`,
    `    <language>${seoDefaults.locale.replace('_', '-').toLowerCase()}</language>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * llms.txt (llmstxt.org, as Lighthouse checks it): an H1 naming the site, a blockquote
 * summary, then sections of Markdown links to the pages an assistant should read.
 */
export function llmsTxt(content: SiteContent, base: string = seoDefaults.canonicalUrl): string {
  const { profile } = content;
  const link = (title: string, path: string, note: string) => `- [${title}](${absoluteUrl(path, base)}): ${note}`;
  const fixed = pageSeo.filter((page) => page.listed && page.path !== '/advanced-seo-audit');
  const names: Record<string, string> = {
    '/': 'Home',
    '/services': 'Services',
    '/experience': 'Experience',
    '/blog': 'Case studies',
    '/marketing-audit': 'Free marketing audit',
    '/real-estate-marketing-report': 'Sample marketing report',
  };
  const figures = content.figures.map((f) => `${f.value} ${f.label.toLowerCase()}`).join(', ');
  const area = profile.serviceArea.length ? ` serving ${profile.serviceArea.join(', ')}` : '';
  return [
    `# ${feedTitle(content)}`,
    '',
    `> ${profile.title || profile.name}${area}${figures ? `: ${figures}` : ''}. ` +
      'Offers a free 15-point real estate marketing audit with a report in 24 hours.',
    '',
    `${profile.tagline} Services: ${content.services.map((s) => s.title).join(', ')}. ${marketingAuditPage.heroLead}`.trim(),
    '',
    '## Pages',
    '',
    ...fixed.map((page) => link(names[page.path] ?? page.title, page.path, pageDescription(page.path, content) ?? page.description)),
    '',
    '## Case studies',
    '',
    ...content.posts.map((post) => link(post.title, postPath(post.slug), post.excerpt || post.seoDescription)),
    '',
    '## Optional',
    '',
    link('Advanced SEO audit', '/advanced-seo-audit', 'checks 140+ issues, including AI search readiness.'),
    link('Posts feed (Atom)', '/feed.xml', 'every published post, newest first (also as RSS at /rss.xml).'),
    `- [Email ${profile.name}](mailto:${profile.email}): replies within 24 hours.`,
    '',
  ].join('\n');
}
