import { describe } from 'vitest';
import { checkCategory } from './harness.ts';
import { goodInnerPage } from './good-site.ts';

const LD = /<script type="application\/ld\+json">[\s\S]*?<\/script>/g;
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const withLd = (...items: unknown[]) => ({
  replace: [
    [LD, ''],
    ['</head>', `${items.map(ld).join('')}</head>`],
  ] as Array<[RegExp | string, string]>,
});
const agent = {
  '@context': 'https://schema.org',
  '@type': 'RealEstateAgent',
  name: 'Jane Smith Realty',
  url: 'https://janesmithrealty.com/',
  image: 'https://janesmithrealty.com/jane.jpg',
  telephone: '+1-703-555-0142',
  address: {
    '@type': 'PostalAddress',
    streetAddress: '1200 Wilson Blvd',
    addressLocality: 'Arlington',
    addressRegion: 'VA',
    postalCode: '22209',
  },
  geo: { '@type': 'GeoCoordinates', latitude: 38.9, longitude: -77.07 },
  sameAs: ['https://www.zillow.com/profile/JaneSmithRealty'],
};
const { telephone: _t, ...agentNoPhone } = agent;
const { geo: _g, ...agentNoGeo } = agent;
const { sameAs: _s, ...agentNoSameAs } = agent;

describe('structured-data checks', () =>
  checkCategory('structured-data', {
    'schema.missing': {
      fires: { replace: [[LD, '']] },
      passes: {
        replace: [
          [LD, ''],
          ['<main>', '<main itemscope itemtype="https://schema.org/RealEstateAgent">'],
        ],
      },
    },
    'schema.jsonld-invalid': {
      fires: {
        replace: [
          ['</head>', '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "WebSite",}</script></head>'],
        ],
      },
    },
    'schema.no-context': { fires: withLd(agent, { '@type': 'WebSite', name: 'Jane Smith Realty' }) },
    'schema.no-type': {
      fires: withLd(agent, { '@context': 'https://schema.org', name: 'Jane Smith Realty' }),
      passes: withLd({ '@context': 'https://schema.org', '@graph': [agent] }),
    },
    'schema.business-missing': {
      fires: withLd({
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Jane Smith Realty',
        url: 'https://janesmithrealty.com/',
      }),
    },
    'schema.not-real-estate-agent': { fires: withLd({ ...agent, '@type': 'LocalBusiness' }) },
    'schema.local-business-incomplete': { fires: withLd(agentNoPhone) },
    'schema.local-business-recommended': { fires: withLd(agentNoGeo) },
    'schema.organization-incomplete': {
      fires: withLd(agent, { '@context': 'https://schema.org', '@type': 'Organization', name: 'Jane Smith Realty' }),
    },
    'schema.address-incomplete': { fires: withLd({ ...agent, address: { '@type': 'PostalAddress', addressLocality: 'Arlington' } }) },
    'schema.same-as-missing': { fires: withLd(agentNoSameAs) },
    'schema.rating-invalid': {
      fires: withLd({ ...agent, aggregateRating: { '@type': 'AggregateRating', ratingValue: 7, reviewCount: 12 } }),
      passes: withLd({ ...agent, aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.9, reviewCount: 127 } }),
    },
    'schema.breadcrumbs-missing': {
      fires: {
        pages: [
          {
            url: 'https://janesmithrealty.com/about',
            html: goodInnerPage('/about', 'About Jane Smith').html.replace(
              /<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList"[\s\S]*?<\/script>/,
              '',
            ),
          },
        ],
      },
      passes: { pages: [goodInnerPage('/about', 'About Jane Smith')] },
    },
  }));
