// What each audit's headline score and speed figures measure, said where they are shown,
// so the free audit's marketing score and the advanced audit's Site Health never read as
// two verdicts on the same thing, and the same figure reads the same everywhere.
export const scoreNotes = {
  marketing: 'Marketing score: website, SEO, lead generation, social, content and technical, weighted.',
  seo:
    'SEO score: the home page’s search basics (title, description, one H1, structured data) and its SEO checks; the form ' +
    'preview, the report and the advanced audit show the same figure.',
  siteHealth:
    'Site Health: technical SEO of the pages crawled, the share of every check passed, weighted by severity. The free audit’s ' +
    'marketing score also weighs social presence, content and lead capture.',
  homePage: 'Your free report’s scores of the home page, computed the same way: the same figures as on the report.',
} as const;
