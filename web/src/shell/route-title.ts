import { matchPath } from 'react-router';
import { APP_PAGES } from '../pages';
import { useDocumentTitle } from '../ui/page-title';

/** The tab names the route's page (a record page names its record itself) and the search term. */
export function useRouteTitle(location: { pathname: string; search: string }) {
  const page = APP_PAGES.find((p) => matchPath(p.path, location.pathname));
  useDocumentTitle(
    page ? (page.title ?? null) : 'Page not found',
    new URLSearchParams(location.search).get('q'),
  );
}
