// The content block the page server writes and the browser reads back, and the helpers that turn
// the owner's profile into markup values.
import { describe, expect, it } from 'vitest';
import type { SiteContent } from '@curb/contracts/owner-content';
import { brandColourProperties, dialable, imageSrcSet, siteContentElement } from './site-content';

describe('the content block in the page', () => {
  it('cannot be closed early by anything the owner typed, and reads back as it was', () => {
    const hostile = '</script><script>alert(1)</script>\u2028<!--';
    const content = { version: 'v1', profile: { name: hostile } } as unknown as SiteContent;
    const post = { slug: 's', html: `<p>${hostile}</p>` } as never;
    const element = siteContentElement({ content, post });
    const body = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(body).not.toMatch(/<|\u2028/);
    expect(JSON.parse(body)).toEqual({ content, post });
  });
});

describe('profile values in markup', () => {
  it('lists every narrower written width of an uploaded picture, and none for a site path', () => {
    const id = '0f8e6a1c-4b7d-4c2e-9a55-1d2e3f4a5b6c';
    expect(imageSrcSet(`/media/u/${id}/960.webp`)).toBe(
      `/media/u/${id}/320.webp 320w, /media/u/${id}/640.webp 640w, /media/u/${id}/960.webp 960w`,
    );
    expect(imageSrcSet('/media/headshot.svg')).toBeUndefined();
  });

  it('dials the digits of a phone number as typed', () => {
    expect(dialable('+1 (571) 555-0199')).toBe('+15715550199');
    expect(dialable('(703) 555-0142')).toBe('7035550142');
  });

  it("sets the brand colour's properties unless it is the stylesheet's own", () => {
    expect(brandColourProperties('#dc2626')).toEqual([]);
    expect(brandColourProperties('#1D4ED8')[0]).toEqual(['--color-primary', '#1D4ED8']);
    expect(brandColourProperties('red;}body{display:none')).toEqual([]);
  });
});
