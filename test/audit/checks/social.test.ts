import { describe } from 'vitest';
import { checkCategory } from './harness.ts';
import { goodInnerPage } from './good-site.ts';

const OG = /<meta property="og:[^>]+>\n/g;
const drop = (prop: string) => ({ replace: [[new RegExp(`<meta property="og:${prop}" content="[^"]*">`), '']] as Array<[RegExp, string]> });

describe('social checks', () =>
  checkCategory('social', {
    'social.og-missing': { fires: { replace: [[OG, '']] } },
    'social.og-title-missing': { fires: drop('title') },
    'social.og-description-missing': { fires: drop('description') },
    'social.og-image-missing': { fires: drop('image') },
    'social.og-image-relative': { fires: { replace: [['content="https://janesmithrealty.com/og.jpg"', 'content="/og.jpg"']] } },
    'social.og-url-mismatch': {
      fires: {
        replace: [
          [
            '<meta property="og:url" content="https://janesmithrealty.com/">',
            '<meta property="og:url" content="https://old-brokerage.com/agents/jane">',
          ],
        ],
      },
    },
    'social.og-type-missing': { fires: drop('type') },
    'social.og-site-name-missing': { fires: drop('site_name') },
    'social.og-inner-pages': {
      fires: { pages: [{ url: 'https://janesmithrealty.com/about', html: goodInnerPage('/about', 'About Jane').html.replace(OG, '') }] },
      passes: { pages: [goodInnerPage('/about', 'About Jane')] },
    },
    'social.twitter-card-missing': { fires: { replace: [['<meta name="twitter:card" content="summary_large_image">', '']] } },
    'social.twitter-card-invalid': { fires: { replace: [['content="summary_large_image"', 'content="large"']] } },
    'social.twitter-image-missing': { fires: drop('image') },
  }));
