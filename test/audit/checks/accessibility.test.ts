import { describe } from 'vitest';
import { checkCategory } from './harness.ts';

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
  }));
