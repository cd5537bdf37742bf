import { describe } from 'vitest';
import { checkCategory, GOOD_RESOURCES } from './harness.ts';

const OAK =
  '<img src="/img/oak-street.jpg" alt="Brick colonial at 12 Oak Street with a front porch" width="800" height="533" loading="lazy" ' +
  'srcset="/img/oak-street-400.jpg 400w, /img/oak-street.jpg 800w">';
const PICTURE = `<picture><source type="image/webp" srcset="/img/oak-street.webp">${OAK}</picture>`;
const LOGO = '<img src="/logo.png" alt="Jane Smith Realty logo" width="180" height="60">';
const photos = (n: number, attrs = '') =>
  Array.from({ length: n }, (_, i) => `<img src="/img/house-${i}.jpg" alt="House ${i} front view" ${attrs}>`).join('');

describe('images checks', () =>
  checkCategory('images', {
    'images.alt-missing': {
      fires: { replace: [[LOGO, '<img src="/logo.png" width="180" height="60">']] },
      passes: { replace: [[LOGO, '<img src="/logo.png" alt="" width="180" height="60">']] },
    },
    'images.alt-filename': { fires: { replace: [[LOGO, '<img src="/logo.png" alt="IMG_2041.jpg" width="180" height="60">']] } },
    'images.dimensions-missing': {
      fires: { replace: [[LOGO, '<img src="/logo.png" alt="Jane Smith Realty logo" style="width: 100%">']] },
      // An aspect-ratio reserves the box as well as both dimensions do.
      passes: { replace: [[LOGO, '<img src="/logo.png" alt="Jane Smith Realty logo" style="width: 100%; aspect-ratio: 4 / 1">']] },
    },
    'images.oversized': {
      fires: {
        resources: [
          ...GOOD_RESOURCES,
          {
            url: 'https://janesmithrealty.com/img/hero.jpg',
            kind: 'image',
            status: 200,
            bytes: 2_400_000,
            contentType: 'image/jpeg',
            headers: { 'cache-control': 'max-age=31536000' },
          },
        ],
      },
    },
    'images.broken': {
      fires: {
        resources: [
          ...GOOD_RESOURCES,
          {
            url: 'https://janesmithrealty.com/img/missing.jpg',
            kind: 'image',
            status: 404,
            bytes: null,
            contentType: 'text/html',
            headers: {},
          },
        ],
      },
    },
    'images.legacy-formats': { fires: { replace: [['<source type="image/webp" srcset="/img/oak-street.webp">', '']] } },
    'images.no-lazy-loading': {
      fires: {
        replace: [
          [OAK, `<img src="/img/oak-street.jpg" alt="Oak street" width="800" height="533">${photos(5, 'width="400" height="300"')}`],
        ],
      },
      passes: { replace: [[OAK, `${OAK}${photos(5, 'width="400" height="300" loading="lazy"')}`]] },
    },
    'images.lazy-hero': {
      fires: { replace: [[LOGO, '<img src="/logo.png" alt="Jane Smith Realty logo" width="180" height="60" loading="lazy">']] },
    },
    'images.no-srcset': {
      fires: { replace: [[PICTURE, photos(3, 'width="800" height="600" loading="lazy"')]] },
      passes: { replace: [[PICTURE, photos(3, 'width="800" height="600" loading="lazy" srcset="/a.jpg 400w"')]] },
    },
  }));
