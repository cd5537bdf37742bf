import { describe } from 'vitest';
import { checkCategory } from './harness.ts';
import { GOOD_HTML } from './good-site.ts';

const UPDATED = 'Updated <time datetime="2026-10-01">October 1, 2026</time> by Jane Smith.';

describe('ai-search checks', () =>
  checkCategory('ai-search', {
    'ai.llms-missing': { fires: { llms: null } },
    'ai.llms-error': { fires: { llms: { status: 500 } } },
    'ai.llms-html': { fires: { llms: { status: 200, body: '<!doctype html><html><body>App</body></html>', contentType: 'text/html' } } },
    'ai.llms-no-h1': {
      fires: { llms: '> Arlington real estate agent.\n\n- [Listings](https://janesmithrealty.com/listings): homes for sale\n' },
    },
    'ai.llms-no-links': { fires: { llms: '# Jane Smith Realty\n\n> Arlington real estate agent helping buyers and sellers.\n' } },
    'ai.llms-too-short': { fires: { llms: '# Jane\n[Home](/)' } },
    'ai.llms-no-summary': {
      fires: { llms: '# Jane Smith Realty\n\n- [Listings](https://janesmithrealty.com/listings): homes for sale in Arlington\n' },
    },
    'ai.search-crawlers-blocked': {
      fires: {
        robots:
          'User-agent: *\nAllow: /\n\nUser-agent: OAI-SearchBot\nUser-agent: PerplexityBot\nDisallow: /\n\nSitemap: ' +
          'https://janesmithrealty.com/sitemap.xml\n',
      },
      passes: {
        robots: 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: https://janesmithrealty.com/sitemap.xml\n',
      },
    },
    'ai.crawler-policy-missing': { fires: { robots: 'User-agent: *\nAllow: /\n\nSitemap: https://janesmithrealty.com/sitemap.xml\n' } },
    'ai.nosnippet': {
      fires: { replace: [['<meta charset="utf-8">', '<meta charset="utf-8"><meta name="robots" content="index, follow, nosnippet">']] },
    },
    'ai.no-dates': {
      fires: {
        replace: [
          [UPDATED, 'By Jane Smith.'],
          ['in 2026, according', 'recently, according'],
        ],
      },
    },
    'ai.outdated-content': {
      fires: {
        replace: [
          [UPDATED, 'Updated <time datetime="2021-03-01">March 1, 2021</time> by Jane Smith.'],
          ['in 2026, according', 'in 2020, according'],
        ],
      },
    },
    'ai.no-author': { fires: { html: GOOD_HTML.replace('<meta name="author" content="Jane Smith">', '').replace(' by Jane Smith.', '.') } },
    'ai.no-sources': {
      fires: { replace: [['<a href="https://www.brightmls.com/research">Bright MLS market research</a>', 'Bright MLS market research']] },
    },
    'ai.no-faq': {
      fires: {
        replace: [
          ['<h3>How long does it take to sell a home in Arlington?</h3>', '<h3>Selling timeline in Arlington</h3>'],
          ["<h2>What's My Home Worth?</h2>", '<h2>Home Valuation</h2>'],
        ],
      },
    },
  }));
