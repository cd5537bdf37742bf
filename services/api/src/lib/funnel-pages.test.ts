import { describe, expect, it } from 'vitest';
import { landingDefaults } from '@curb/content';
import { completeConfig, type PublicSiteConfig } from '@curb/contracts/funnel-config';
import { isDefaultSiteConfig } from '../plugins/site-config.ts';
import { servedPath, withLandingCopy, withSiteConfig } from './funnel-pages.ts';

const own = landingDefaults('marketing-audit');
const page =
  `<html><head><title data-prerender="">${own.title} | Morgan Ellis</title>` +
  `<meta data-prerender="" property="og:title" content="${own.title} | Morgan Ellis"/>` +
  `<meta data-prerender="" name="twitter:title" content="${own.title} | Morgan Ellis"/></head>` +
  `<body><h1 data-funnel-copy="headline">${own.headline}</h1><p class="lead" data-funnel-copy="copy">${own.copy}</p>` +
  `<button type="submit" class="button" data-funnel-copy="cta">${own.ctaText}</button></body></html>`;

function site(funnel: Partial<PublicSiteConfig['funnels'][number]> & { id: string }): PublicSiteConfig {
  const config = completeConfig({});
  return {
    funnels: [
      {
        active: true,
        title: landingDefaults(funnel.id).title,
        landingPage: config.landingPage,
        popup: config.popup,
        tracking: { events: config.tracking.events },
        ...funnel,
      },
    ],
    tests: [{ testType: 'audit_popup', status: 'running', weights: { A: 50, B: 50 }, winner: null }],
  };
}

describe('funnel landing pages as the page server sends them', () => {
  it('puts the saved headline, copy, call to action and page title into the prerendered HTML, escaped', () => {
    const config = site({
      id: 'marketing-audit',
      title: 'Audit <Arlington> & DC',
      landingPage: {
        ...completeConfig({}).landingPage,
        headline: 'Is your site "losing" leads?',
        subheadline: 'A & B',
        ctaText: 'Audit me',
      },
    });
    const html = withLandingCopy(page, '/marketing-audit', config);
    expect(html).toContain('<h1 data-funnel-copy="headline">Is your site "losing" leads?</h1>');
    expect(html).toContain('<p class="lead" data-funnel-copy="copy">A &#38; B</p>');
    expect(html).toContain('data-funnel-copy="cta">Audit me</button>');
    expect(html).toContain('<title data-prerender="">Audit &#60;Arlington&#62; &#38; DC | Morgan Ellis</title>');
    expect(html).toContain('property="og:title" content="Audit &#60;Arlington&#62; &#38; DC | Morgan Ellis"');
    expect(html).toContain('name="twitter:title" content="Audit &#60;Arlington&#62; &#38; DC | Morgan Ellis"');
    // Other pages are not touched.
    expect(withLandingCopy(page, '/services', config)).toBe(page);
  });

  it('keeps the page as built for an empty field or an inactive funnel', () => {
    expect(withLandingCopy(page, '/marketing-audit', site({ id: 'marketing-audit' }))).toBe(page);
    const inactive = site({
      id: 'marketing-audit',
      active: false,
      landingPage: { ...completeConfig({}).landingPage, headline: 'Not shown' },
    });
    expect(withLandingCopy(page, '/marketing-audit', inactive)).toBe(page);
  });

  it("answers an inactive report funnel's page with the generic audit page", () => {
    expect(servedPath('/real-estate-marketing-report', site({ id: 'real-estate-marketing-report', active: false }))).toBe(
      '/marketing-audit',
    );
    expect(servedPath('/real-estate-marketing-report', site({ id: 'real-estate-marketing-report' }))).toBe('/real-estate-marketing-report');
    expect(servedPath('/marketing-audit', site({ id: 'marketing-audit', active: false }))).toBe('/marketing-audit');
  });

  it('carries the site config as a data block no text can break out of', () => {
    const config = site({ id: 'marketing-audit', title: '</script><script>alert(1)</script>' });
    const html = withSiteConfig('<html><head></head><body></body></html>', config);
    expect(html).toMatch(/^<html><head><script type="application\/json" id="curb-site-config">\{.*\}<\/script><\/head>/);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /id="curb-site-config">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(config);
  });

  it('tells a config that changes nothing from one that does', () => {
    expect(isDefaultSiteConfig(site({ id: 'marketing-audit' }))).toBe(true);
    expect(isDefaultSiteConfig(site({ id: 'marketing-audit', active: false }))).toBe(false);
    expect(isDefaultSiteConfig(site({ id: 'marketing-audit', title: 'Other' }))).toBe(false);
    const split = {
      ...site({ id: 'marketing-audit' }),
      tests: [{ testType: 'audit_popup', status: 'running' as const, weights: { A: 70, B: 30 }, winner: null }],
    };
    expect(isDefaultSiteConfig(split)).toBe(false);
  });
});
