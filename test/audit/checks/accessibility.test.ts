import { describe } from 'vitest';
import { checkCategory, labWith } from './harness.ts';

/** Lighthouse's mobile run failed `id` (the passing case: Lighthouse ran and failed nothing). */
const lighthouse = (id: string, items = ['<a class="nav-link" href="/about">About</a>']) => ({
  fires: { lab: labWith({ id, title: `Lighthouse ${id}`, items }) },
  passes: { lab: labWith() },
});

describe('accessibility checks', () =>
  checkCategory('accessibility', {
    'a11y.zoom-disabled': {
      fires: {
        replace: [
          [
            'content="width=device-width, initial-scale=1"',
            'content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no"',
          ],
        ],
      },
    },
    'a11y.form-labels-missing': {
      fires: { replace: [['<label for="email">Email</label>', '']] },
      passes: {
        replace: [
          [
            '<label for="email">Email</label><input id="email" type="email" name="email">',
            '<label>Email <input type="email" name="email"></label>',
          ],
        ],
      },
    },
    'a11y.button-name-missing': {
      fires: { replace: [['<button type="submit">Search</button>', '<button type="submit"><svg viewBox="0 0 10 10"></svg></button>']] },
      passes: {
        replace: [
          ['<button type="submit">Search</button>', '<button type="submit" aria-label="Search"><svg viewBox="0 0 10 10"></svg></button>'],
        ],
      },
    },
    'a11y.iframe-title-missing': { fires: { replace: [[' title="3D virtual tour of 12 Oak Street"', '']] } },
    'a11y.main-landmark-missing': {
      fires: {
        replace: [
          ['<main>', '<div>'],
          ['</main>', '</div>'],
        ],
      },
    },
    'a11y.duplicate-ids': {
      fires: { replace: [['<input id="name" name="name">', '<input id="name" name="name"><span id="city">x</span>']] },
    },
    'a11y.positive-tabindex': {
      fires: { replace: [['<button type="submit">Search</button>', '<button type="submit" tabindex="3">Search</button>']] },
    },
    'a11y.tap-targets-small': lighthouse('target-size'),
    'a11y.color-contrast': lighthouse('color-contrast', ['<p class="hero-sub">Arlington homes</p>']),
    'a11y.aria-misuse': lighthouse('aria-required-children'),
    'a11y.controls-unnamed': lighthouse('input-image-alt', ['<input type="image" src="/search.png">']),
    'a11y.structure-invalid': lighthouse('listitem', ['<li>Open houses</li>']),
    'a11y.language-parts': lighthouse('valid-lang', ['<p lang="english">']),
    'a11y.video-captions': lighthouse('video-caption', ['<video src="/tour.mp4">']),
    'a11y.accesskeys-duplicate': lighthouse('accesskeys'),
    'a11y.paste-blocked': lighthouse('paste-preventing-inputs', ['<input id="email">']),
    'a11y.skip-link-broken': {
      fires: { replace: [['<header>', '<a class="skip-link screen-reader-text" href="#content">Skip to content</a>\n<header>']] },
      passes: {
        replace: [
          ['<header>', '<a class="skip-link screen-reader-text" href="#content">Skip to content</a>\n<header>'],
          ['<main>', '<main id="content">'],
        ],
      },
    },
    'a11y.alt-redundant': {
      fires: {
        replace: [
          [
            '</picture>',
            '</picture><figure><img src="/img/elm.jpg" alt="12 Elm Street" width="400" height="300">' +
              '<figcaption>12 Elm Street</figcaption></figure>',
          ],
        ],
      },
      passes: {
        replace: [
          [
            '</picture>',
            '</picture><figure><img src="/img/elm.jpg" alt="Stone cottage with a red door" width="400" height="300">' +
              '<figcaption>12 Elm Street</figcaption></figure>',
          ],
        ],
      },
    },
  }));
