// The server render of a page for the prerenderer (web/scripts/prerender.ts): the same
// app as main.tsx on a memory history, rendered to HTML once the route has loaded.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { structuredDataScripts } from './lib/seo-head';

export interface RenderedPage {
  /** The route's head tags (title, meta, links). */
  head: string;
  /** The page's JSON-LD scripts, for the head. */
  structuredData: string;
  /** The app's markup for #root. */
  body: string;
}

// React writes the route's <title>, <meta> and <link> tags first: they are the page's head.
const HEAD_TAG = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

export async function render(url: string): Promise<RenderedPage> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }), scrollRestoration: false });
  await router.load();
  let html = renderToString(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  const head: string[] = [];
  for (let match = HEAD_TAG.exec(html); match; match = HEAD_TAG.exec(html)) {
    head.push(match[0]);
    html = html.slice(match[0].length);
  }
  return { head: head.join('\n'), structuredData: structuredDataScripts(router.state.location.pathname), body: html };
}
