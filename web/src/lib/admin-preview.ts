// A public page shown inside the admin (the report preview's frame) is the owner looking at it,
// not a visitor: nothing that speaks to visitors, such as the cookie banner, belongs there.

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** Whether this page is framed by one of the admin's own pages (same origin); false while prerendering. */
export function inAdminPreview(): boolean {
  if (typeof window === 'undefined' || window.parent === window) return false;
  try {
    return window.parent.location.origin === window.location.origin && isAdminPath(window.parent.location.pathname);
  } catch {
    // A frame of another origin cannot be read: not the admin.
    return false;
  }
}
