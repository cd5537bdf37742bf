import { HeadContent, Outlet } from '@tanstack/react-router';

export function RootRoute() {
  return (
    <>
      {/* Applies the matched routes' head() titles; React hoists them into <head>. */}
      <HeadContent />
      <Outlet />
    </>
  );
}
