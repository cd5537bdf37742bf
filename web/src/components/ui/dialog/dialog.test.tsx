// @vitest-environment node
// The one Dialog, as the server renders it (focus, Escape and the return of focus are the
// browser's: test/browser/public-pages.test.ts and admin-portal.test.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

const render = (props: Partial<Parameters<typeof Dialog>[0]> = {}) =>
  renderToStaticMarkup(
    <Dialog open onClose={() => {}} title="Erase this person?" {...props}>
      <p>Everything is deleted.</p>
    </Dialog>,
  );

describe('Dialog', () => {
  it('is a native dialog named by its title, with a close button', () => {
    const html = render();
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).toMatch(/<h2[^>]*>Erase this person\?<\/h2>/);
    expect(html).toContain('aria-label="Close dialog"');
    expect(html).toContain('<p>Everything is deleted.</p>');
  });

  it('renders nothing inside while closed', () => {
    const html = render({ open: false });
    expect(html).not.toContain('Everything is deleted.');
    expect(html).not.toContain('<h2');
  });

  it("gives the admin's panel its footer, and a description its aria-describedby", () => {
    const html = render({ variant: 'panel', footer: <button type="button">Erase everything</button>, description: 'Cannot be undone.' });
    expect(html).toContain('<button type="button">Erase everything</button>');
    const describedBy = /<dialog[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<p id="${describedBy}"`);
    expect(html.indexOf('Everything is deleted.')).toBeLessThan(html.indexOf('Erase everything'));
  });
});
