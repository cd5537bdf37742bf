// What each audit's headline score and speed figures measure, said where they are shown,
// so the free audit's marketing score and the advanced audit's Site Health never read as
// two verdicts on the same thing.
export const scoreNotes = {
  marketing: 'Marketing score: website, SEO, lead generation, social, content and technical, weighted.',
  siteHealth:
    'Site Health: technical SEO of the pages crawled. The free audit’s marketing score also weighs social presence, content and ' +
    'lead capture.',
} as const;
