// The server render of a page, for the page server (services/api web-app.ts): the same app as
// main.tsx on a memory history, rendered with the owner's current content once the route has
// loaded.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublishedPost, SiteContent } from '@curb/contracts/owner-content';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { structuredDataScripts } from './lib/seo-head';
import { brandColourStyle, siteContentElement } from './lib/site-content';
import { encodeQr } from './qr-encode';
import { profileVcardText } from '@curb/content';

export interface RenderedPage {
  /** The route's head tags (title, meta, links). */
  head: string;
  /** The page's JSON-LD scripts and the content it was rendered with, for the head. */
  structuredData: string;
  /** The app's markup for #root. */
  body: string;
}

// React writes the route's <title>, <meta> and <link> tags first: they are the page's head.
const HEAD_TAG = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/**
 * The page at `url` with `content`; `post` is the published post a /blog/<slug> page shows
 * (null or absent: that page is 'Post Not Found').
 */
export async function render(url: string, content: SiteContent, post?: PublishedPost | null): Promise<RenderedPage> {
  const contactQr = encodeQr(profileVcardText(content.profile));
  const loadPost = async (slug: string) => (post && post.slug === slug ? post : null);
  const router = createAppRouter({
    context: { content, loadPost },
    history: createMemoryHistory({ initialEntries: [url] }),
    scrollRestoration: false,
  });
  await router.load();
  let html = renderToString(
    <StrictMode>
      <AppProvider content={content} contactQr={contactQr}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  const head: string[] = [];
  for (let match = HEAD_TAG.exec(html); match; match = HEAD_TAG.exec(html)) {
    head.push(match[0]);
    html = html.slice(match[0].length);
  }
  const path = router.state.location.pathname;
  const shown = /^\/blog\/[^/]+$/.test(path) ? (post ?? null) : undefined;
  // The browser hydrates from the same bundle (and post) the page was rendered with.
  const embedded = siteContentElement(shown === undefined ? { content, contactQr } : { content, post: shown, contactQr });
  return {
    head: head.join('\n'),
    structuredData: `${brandColourStyle(content.profile.brandColour)}${structuredDataScripts(path, content, shown)}\n${embedded}`,
    body: html,
  };
}

/** The bundle as a page that is not server-rendered (the app shell) carries it. */
export const contentElement = (content: SiteContent): string =>
  siteContentElement({ content, contactQr: encodeQr(profileVcardText(content.profile)) });
