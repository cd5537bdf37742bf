import { describe, expect, it } from 'vitest';
import { CHECKS_BY_ID } from '@curb/audit/checks/registry';
import { checkCategory, contextOf, GOOD_RESOURCES, labWith } from './harness.ts';

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
    'images.alt-too-long': {
      fires: {
        replace: [
          [
            'alt="Jane Smith Realty logo"',
            `alt="Jane Smith Realty logo, best Arlington real estate agent, Arlington homes for sale, Virginia realtor, luxury homes"`,
          ],
        ],
      },
    },
    'images.picture-without-img': {
      fires: { replace: [[PICTURE, '<picture><source type="image/webp" srcset="/img/oak-street.webp"></picture>']] },
    },
    'images.aspect-ratio-distorted': {
      fires: {
        lab: labWith({ id: 'image-aspect-ratio', title: 'Displays images with incorrect aspect ratio', items: ['/img/oak-street.jpg'] }),
      },
      passes: { lab: labWith() },
    },
    'images.low-resolution': {
      fires: { lab: labWith({ id: 'image-size-responsive', title: 'Serves images with low resolution', items: ['/logo.png'] }) },
      passes: { lab: labWith() },
    },
  }));

describe('unsized images: SVG files count, inline (data:) SVGs do not', () => {
  const unsized = CHECKS_BY_ID.get('images.dimensions-missing')!;
  const withImage = (img: string) => unsized.run(contextOf({ replace: [[LOGO, img]] }));

  it('flags an <img> of an .svg file without width and height, as Lighthouse does: it shifts the layout like any image', () => {
    expect(withImage('<img src="/logo.svg" alt="Jane Smith Realty logo">')).toBe('1 image has no width and height.');
    expect(withImage('<img src="/img/badge.SVG?v=2" alt="Top agent badge">')).toBeTruthy();
    expect(withImage('<img src="/logo.svg" alt="Jane Smith Realty logo" width="180" height="60">') || null).toBeNull();
  });

  it("skips only SVGs that are not fetched from the network (data: URLs), like Lighthouse's unsized-images", () => {
    const inline = 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(withImage(`<img src='${inline}' alt="Badge">`) || null).toBeNull();
    expect(withImage('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Pixel">')).toBeTruthy();
  });
});

describe('findings agree with their counts', () => {
  const detail = (fixture: Parameters<typeof contextOf>[0], id: string) => {
    const fired = CHECKS_BY_ID.get(id)!.run(contextOf(fixture));
    return typeof fired === 'string' ? fired : (fired as { detail: string }).detail;
  };

  it('says "1 image of N has" and "2 images of N have"', () => {
    const one = detail({ replace: [[LOGO, '<img src="/logo.png" width="180" height="60">']] }, 'images.alt-missing');
    expect(one).toMatch(/\b1 image of \d+ has no alt attribute/);
    const two = detail(
      { replace: [[LOGO, '<img src="/logo.png" width="180" height="60"><img src="/logo2.png" width="180" height="60">']] },
      'images.alt-missing',
    );
    expect(two).toMatch(/\b2 images of \d+ have no alt attribute/);
  });
});
