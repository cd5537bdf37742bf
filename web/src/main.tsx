import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import './styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const router = createAppRouter();
const app = (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

if (rootElement.hasChildNodes()) {
  // A prerendered page: the route's head tags were written into <head> for crawlers; the
  // app renders its own from here on, so the written ones go (no duplicate titles).
  for (const tag of document.head.querySelectorAll('[data-prerender]')) tag.remove();
  // As TanStack's own hydration does: tells the router its first render matches a server
  // render (the root is then not wrapped in a Suspense boundary the server did not write).
  router.ssr = { manifest: undefined };
  // Yield between loading the route and hydrating: two shorter tasks instead of one long one.
  void router
    .load()
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => hydrateRoot(rootElement, app));
} else {
  createRoot(rootElement).render(app);
}
