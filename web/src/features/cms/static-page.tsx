import type { StaticPageKey } from '@admin/contract';
import { lazy, Suspense } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';

// The rich-text editor (tiptap + ProseMirror) is its own chunk, fetched with the first CMS page.
const PageEditor = lazy(() => import('./page-editor'));

/** Editor of one static page; `pageKey` is the route segment and the data_key (e.g. 'faq'). */
export default function StaticPage({ pageKey, title }: { pageKey: string; title: string }) {
  const key = pageKey as StaticPageKey;
  const canSave = useCan('update_static_pages');
  const page = useApiQuery(calls.getSettings, { data_key: key }, { placeholderData: undefined });
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          <>
            Shown in the mobile app at{' '}
            <a href={`/pages/${key}`} target="_blank" rel="noreferrer">
              /pages/{key}
            </a>
          </>
        }
      />
      {page.isPending ? (
        <PageLoader />
      ) : page.isError ? (
        <ErrorAlert error={page.error} onRetry={() => page.refetch()} />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <PageEditor key={key} pageKey={key} initialHtml={page.data.data?.data ?? ''} canSave={canSave} />
        </Suspense>
      )}
    </>
  );
}
