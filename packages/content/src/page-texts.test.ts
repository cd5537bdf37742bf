// Which description a page carries: the owner's when they wrote one, else one built from their
// content, and the sample's hand-written ones only while the whole site is the sample.
import { describe, expect, it } from 'vitest';
import {
  defaultPageDescription,
  pageDescription,
  pageTitleFor,
  replaceableDescription,
  siteNameFor,
  type DescribedContent,
} from './page-texts.ts';
import { sampleCareer, sampleProfile, sampleServices } from './sample-site-content.ts';
import { pageSeo } from './seo.ts';
import { seoDefaults } from './site.ts';

const sample: DescribedContent = {
  isSample: true,
  profile: sampleProfile(),
  services: sampleServices(),
  career: sampleCareer(),
  pageTexts: { descriptions: {} },
};
const owner = (over: Partial<DescribedContent> = {}): DescribedContent => ({
  ...sample,
  isSample: false,
  profile: { ...sampleProfile(), name: 'Ana Ruiz', title: 'Buyer Agent', tagline: 'Homes near the coast', serviceArea: ['Mesa', 'Tempe'] },
  services: [{ ...sampleServices()[0]!, title: 'Buyer Tours' }],
  career: [{ role: 'Buyer Agent', company: 'Ruiz Homes', years: '', location: '', description: '', achievements: [], skills: [] }],
  ...over,
});
const sampleOf = (path: string) => pageSeo.find((p) => p.path === path)!.description;

describe("a fixed page's title", () => {
  const home = pageSeo.find((p) => p.path === '/')!;
  const blog = pageSeo.find((p) => p.path === '/blog')!;
  it("keeps the sample's line of work only on the sample", () => {
    expect(pageTitleFor(home, sample)).toBe('Home | Morgan Ellis — Real Estate Marketing & Operations');
    expect(pageTitleFor(home, owner())).toBe('Home | Ana Ruiz — Buyer Agent');
    expect(pageTitleFor(home, owner({ profile: { ...owner().profile, title: '' } }))).toBe('Home | Ana Ruiz');
    expect(pageTitleFor(blog, owner())).toBe('Blog | Ana Ruiz');
    expect(pageTitleFor({ path: '/marketing-audit', title: 'Free Audit | Morgan Ellis' }, owner())).toBe('Free Audit | Ana Ruiz');
    expect(siteNameFor(sample)).toBe('Morgan Ellis — Real Estate Marketing & Operations');
    expect(siteNameFor(owner())).toBe('Ana Ruiz — Buyer Agent');
  });
});

describe("a page's search description", () => {
  it("is the sample's own while the site is the sample", () => {
    expect(pageDescription('/', sample)).toBe(seoDefaults.defaultDescription);
    expect(pageDescription('/experience', sample)).toBe(sampleOf('/experience'));
    expect(replaceableDescription(sample)).toBe(seoDefaults.defaultDescription);
  });

  it("is built from the owner's content once it is theirs", () => {
    const content = owner();
    expect(pageDescription('/', content)).toBe(
      'Ana Ruiz, Buyer Agent in Mesa and Tempe. Homes near the coast. Request a free marketing audit of your website.',
    );
    expect(pageDescription('/services', content)).toBe('Buyer Tours: the services of Ana Ruiz in Mesa and Tempe.');
    expect(pageDescription('/experience', content)).toBe('The career of Ana Ruiz: one role, now Buyer Agent at Ruiz Homes.');
    expect(pageDescription('/experience', owner({ career: [] }))).toBe('The career of Ana Ruiz in Mesa and Tempe.');
    expect(pageDescription('/blog', content)).toBe('Case studies and articles by Ana Ruiz in Mesa and Tempe.');
    // The audit pages say what the product does, the same for every owner.
    expect(pageDescription('/marketing-audit', content)).toBe(sampleOf('/marketing-audit'));
    for (const path of ['/', '/services', '/experience', '/blog']) {
      expect(pageDescription(path, content)).not.toMatch(/Morgan|Virginia|\$75M/);
    }
  });

  it("is the owner's own when they wrote one, and the site description then leaves the home page alone", () => {
    const content = owner({ pageTexts: { descriptions: { home: 'Ana Ruiz finds buyers homes in Mesa.' } } });
    expect(pageDescription('/', content)).toBe('Ana Ruiz finds buyers homes in Mesa.');
    expect(replaceableDescription(content)).toBe('');
    expect(replaceableDescription(owner())).toBe(defaultPageDescription('home', owner()));
  });

  it('is none for a page the owner does not describe', () => {
    expect(pageDescription('/test-report', owner())).toBeUndefined();
    expect(pageDescription('/blog/some-post', owner())).toBeUndefined();
  });
});
