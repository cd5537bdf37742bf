import { describe, expect, it } from 'vitest';
import { caseStudies } from './case-studies.ts';
import { otherPageNames, pageName, pageTitle } from './page-names.ts';
import { allPageSeo } from './seo.ts';

describe('page names and titles', () => {
  it('names every public page in its title like the others, none as "Page <path>"', () => {
    for (const page of allPageSeo()) {
      expect(page.title, page.path).not.toMatch(/^Page \//);
      expect(page.title, page.path).toMatch(/ \| Morgan Ellis/);
    }
    expect(allPageSeo().find((p) => p.path === '/advanced-seo-audit')?.title).toBe('Advanced SEO Audit | Morgan Ellis');
    expect(pageTitle(otherPageNames.notFound)).toBe('Page Not Found | Morgan Ellis');
  });

  it('gives each path the name its title starts with, and answers an unknown path with itself', () => {
    expect(pageName('/')).toBe('Home');
    expect(pageName('/services')).toBe('Services');
    expect(pageName('/services/?utm_source=x#top')).toBe('Services');
    expect(pageName('/marketing-audit')).toBe('Free Marketing Audit');
    expect(pageName('/advanced-seo-audit')).toBe('Advanced SEO Audit');
    expect(pageName(`/blog/${caseStudies[0]!.id}`)).toBe(caseStudies[0]!.title);
    expect(pageName('/audit-report/abc123')).toBe('Audit Results');
    expect(pageName('/chat')).toBe('Voice Assistant');
    expect(pageName('/no-such-page')).toBe('/no-such-page');
    expect(pageName('')).toBe('Home');
  });
});
