import { describe, expect, it } from 'vitest';
import { isPagePath } from './routes.ts';

describe('isPagePath', () => {
  it.each(['/', '/services', '/blog/exp-realty-transition', '/audit-report/abc123', '/admin/panel', '/chat', '/services/'])(
    'knows %s',
    (path) => {
      expect(isPagePath(path)).toBe(true);
    },
  );
  it.each(['/nope', '/blog/a/b', '/admin/unknown', '/servicesx'])('does not know %s', (path) => {
    expect(isPagePath(path)).toBe(false);
  });
});
