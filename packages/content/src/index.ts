// The site's content, once: configuration, pages, case studies, keywords, forms and SEO.
// Plain data (and a few pure helpers) read by the web pages, the API, structured data,
// sitemap and llms.txt, and the assistant's retrieval.
export * from './site.ts';
export * from './home.ts';
export * from './keywords.ts';
export * from './experience.ts';
export * from './services.ts';
export * from './case-studies.ts';
export * from './forms.ts';
export * from './score-notes.ts';
export * from './report-copy.ts';
export * from './audit-pages.ts';
export * from './seo.ts';
export * from './page-texts.ts';
export * from './page-names.ts';
export * from './funnels.ts';
export * from './mail-templates.ts';
export * from './sample-site-content.ts';
