import { isRouteErrorResponse, Outlet, useLocation, useMatches, useRouteError } from 'react-router';
import { resolvePage, type PageDef } from '../page.ts';
import { useSite } from '../site-context.ts';
import type { HeadMeta } from './SeoHead.tsx';
import { Document } from './Document.tsx';
import { ErrorScreen, errorMeta } from './ErrorScreen.tsx';
import { NotFound, notFoundMeta } from './NotFound.tsx';

/** The root route: every page renders inside the same document, with head metadata from its route entry. */
export function RootLayout() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const page = last?.handle as PageDef | undefined;
  const { business } = useSite();
  const { pathname } = useLocation();
  if (!page) throw new Error('Route without a page definition');
  const resolved: HeadMeta = resolvePage(page, business);
  // A route with parameters (/site-audit/:id) is canonical at the address actually asked for.
  const routed = page.path.includes(':') ? { ...resolved, path: pathname } : resolved;
  // A page whose head depends on its data (a post) hands it over in its loader's `head`.
  const fromData = (last?.data as { head?: Partial<HeadMeta> } | undefined)?.head;
  const meta = fromData ? { ...routed, ...fromData } : routed;
  return (
    <Document meta={meta}>
      <Outlet />
    </Document>
  );
}

/** Unknown paths (404) and loader failures land here. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const { showErrorDetails } = useSite();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Document meta={notFoundMeta(pathname)}>
        <NotFound pathname={pathname} query={new URLSearchParams(search).get('q') ?? ''} />
      </Document>
    );
  }
  const details = showErrorDetails
    ? error instanceof Error
      ? (error.stack ?? error.message)
      : String(error)
    : undefined;
  return (
    <Document meta={errorMeta(pathname)}>
      <ErrorScreen details={details} />
    </Document>
  );
}
