import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { brandColourProperties, fetchPublishedPost, loadSiteContent, type EmbeddedSiteContent } from './lib/site-content';
import './styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = rootElement;

/** Posts by slug: the one the page came with first, then those the visitor opened. */
function postLoader(embedded: EmbeddedSiteContent) {
  const posts = new Map<string, ReturnType<typeof fetchPublishedPost>>();
  if (embedded.post) posts.set(embedded.post.slug, Promise.resolve(embedded.post));
  return (slug: string) => {
    let post = posts.get(slug);
    if (!post) {
      post = fetchPublishedPost(slug);
      // A failed load is tried again on the next visit of the page.
      post.catch(() => posts.delete(slug));
      posts.set(slug, post);
    }
    return post;
  };
}

function start(embedded: EmbeddedSiteContent) {
  // Pages the server did not render (the app shell) get the brand colour here.
  for (const [name, value] of brandColourProperties(embedded.content.profile.brandColour)) {
    document.documentElement.style.setProperty(name, value);
  }
  const router = createAppRouter({ context: { content: embedded.content, loadPost: postLoader(embedded) } });
  const app = (
    <StrictMode>
      <AppProvider content={embedded.content} contactQr={embedded.contactQr}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (root.hasChildNodes()) {
    // A server-rendered page: the route's head tags were written into <head> for crawlers; the
    // app renders its own from here on, so the written ones go (no duplicate titles).
    for (const tag of document.head.querySelectorAll('[data-prerender]')) tag.remove();
    // As TanStack's own hydration does: tells the router its first render matches a server
    // render (the root is then not wrapped in a Suspense boundary the server did not write).
    router.ssr = { manifest: undefined };
    // Yield between loading the route and hydrating: two shorter tasks instead of one long one.
    void router
      .load()
      .then(() => new Promise((resolve) => setTimeout(resolve)))
      .then(() => hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }
}

void loadSiteContent(document).then(start);
