import { describe } from 'vitest';
import { checkCategory } from './harness.ts';

const GTAG = new RegExp(
  [
    /<script async src="https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-ABC1234567"><\/script>\n/.source,
    /<script>window\.dataLayer[^\n]*<\/script>\n/.source,
  ].join(''),
);
const GTM = /<script>\(function\(w,d,s,l,i\)[^\n]*<\/script>\n/;
const NOSCRIPT = /<noscript><iframe src="https:\/\/www\.googletagmanager\.com\/ns\.html[^\n]*<\/noscript>/;
const noGoogle: Array<[RegExp, string]> = [
  [GTAG, ''],
  [GTM, ''],
  [NOSCRIPT, ''],
];

describe('analytics checks', () =>
  checkCategory('analytics', {
    'analytics.none': { fires: { replace: noGoogle } },
    'analytics.universal-only': {
      fires: {
        replace: [
          ...noGoogle,
          [
            '</head>',
            "<script>ga('create', 'UA-1234567-1', 'auto');</script><script async " +
              "src='https://www.google-analytics.com/analytics.js'></script></head>",
          ],
        ],
      },
    },
    'analytics.gtm-noscript-missing': { fires: { replace: [[NOSCRIPT, '']] } },
    'analytics.duplicate-tag': {
      fires: { replace: [['</head>', '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC1234567"></script></head>']] },
    },
    'analytics.no-ad-pixel': { fires: { replace: [['<script async src="https://connect.facebook.net/en_US/fbevents.js"></script>', '']] } },
    'analytics.consent-missing': {
      fires: { replace: [['<script async src="https://cdn-cookieyes.com/client_data/abc/script.js"></script>', '']] },
    },
    'analytics.search-console-missing': {
      fires: { replace: [...noGoogle, ['<meta name="google-site-verification" content="a1b2c3">', '']] },
    },
  }));
