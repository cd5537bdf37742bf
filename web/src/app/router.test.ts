// The router's pages and the server's list of them (@curb/contracts/routes, which decides what
// answers 404) are one set: a page added to one and not the other fails here.
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@curb/contracts/routes';
import { type AppRouterContext, createAppRouter } from './router';

describe('page routes', () => {
  it('are the same in the router and in the contract the server reads', () => {
    const router = createAppRouter({ history: createMemoryHistory(), context: {} as AppRouterContext });
    const paths = Object.keys(router.routesByPath)
      // "/$" is the 404 page's catch-all; index routes are listed without their trailing slash.
      .filter((path) => path !== '/$')
      .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path));
    expect([...new Set(paths)].sort()).toEqual([...PAGE_ROUTES].sort());
  });
});
