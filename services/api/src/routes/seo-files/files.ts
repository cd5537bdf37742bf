// robots.txt, sitemap.xml and llms.txt, written from the site's content.
import {
  absoluteUrl,
  allPageSeo,
  caseStudies,
  company,
  configuredServices,
  marketingAuditPage,
  metrics,
  pageSeo,
  personal,
  seoDefaults,
} from '@curb/content';

/** Paths crawlers have no business in: the admin, the API, private reports, the test page. */
export const DISALLOWED_PATHS = ['/admin', '/api/', '/audit-report/', '/test-report'];

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

export function sitemapXml(base: string = seoDefaults.canonicalUrl): string {
  const published = new Map(caseStudies.map((study) => [`/blog/${study.id}`, study.date]));
  const urls = allPageSeo()
    .filter((page) => page.listed)
    .map((page) => {
      const lastmod = published.get(page.path);
      return [
        '  <url>',
        `    <loc>${xmlEscape(absoluteUrl(page.path, base))}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
        `    <changefreq>${page.changefreq}</changefreq>`,
        `    <priority>${page.priority.toFixed(1)}</priority>`,
        '  </url>',
      ].join('\n');
    });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/**
 * llms.txt (llmstxt.org, as Lighthouse checks it): an H1 naming the site, a blockquote
 * summary, then sections of Markdown links to the pages an assistant should read.
 */
export function llmsTxt(base: string = seoDefaults.canonicalUrl): string {
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
  return [
    `# ${personal.name} — ${company.name}`,
    '',
    `> ${personal.title} and licensed Realtor serving ${personal.serviceArea.join(', ')}: ${metrics.yearsExperience} years, ` +
      `${metrics.transactionVolume} in transactions. Offers a free 15-point real estate marketing audit with a report in 24 hours.`,
    '',
    `${company.description} Services: ${configuredServices.map((s) => s.name).join(', ')}. ${marketingAuditPage.heroLead}`,
    '',
    '## Pages',
    '',
    ...fixed.map((page) => link(names[page.path] ?? page.title, page.path, page.description)),
    '',
    '## Case studies',
    '',
    ...caseStudies.map((study) => link(study.title, `/blog/${study.id}`, study.excerpt)),
    '',
    '## Optional',
    '',
    link('Advanced SEO audit', '/advanced-seo-audit', 'checks 140+ issues, including AI search readiness.'),
    `- [Email ${personal.name}](mailto:${personal.email}): replies within 24 hours.`,
    '',
  ].join('\n');
}
