import { Alert, Paper, Tabs } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { sessionStore } from '../../auth/session';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';

// Swagger UI is large: it loads only when a document is on screen.
const SwaggerPanel = lazy(() => import('./swagger-panel'));

export type ApiDocName = 'admin' | 'mobile' | 'search';

class DocError extends Error {}

/** Fetches /api-docs/{name}/{version}.json with the bearer token; the server's message on failure. */
async function fetchDocument(name: ApiDocName, version: string, signal: AbortSignal): Promise<object> {
  const token = sessionStore.token();
  const res = await fetch(`/api-docs/${name}/${version}.json`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  const body = (await res.json().catch(() => null)) as { responseMessage?: string } | null;
  if (!res.ok || !body) {
    throw new DocError(body?.responseMessage ?? `The API document could not be loaded (HTTP ${res.status})`);
  }
  return body;
}

function DocumentPanel({ name, version }: { name: ApiDocName; version: string }) {
  const doc = useQuery({
    queryKey: ['api-docs', name, version],
    queryFn: ({ signal }) => fetchDocument(name, version, signal),
    retry: false,
    staleTime: 60_000,
  });
  if (doc.isPending) {
    return <PageLoader />;
  }
  if (doc.isError) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconFileOff size={18} />}
        title="No document for this version"
      >
        {doc.error.message}
      </Alert>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <SwaggerPanel spec={doc.data} />
    </Suspense>
  );
}

/** A documentation page: one tab per published version (the newest selected), each a Swagger UI. */
export function ApiDocsView({ name, title }: { name: ApiDocName; title: string }) {
  const versions = useApiQuery(calls.apiDocVersions, { name });
  const [picked, setPicked] = useState<string | null>(null);
  const list = versions.data?.data ?? [];
  const version = picked && list.includes(picked) ? picked : (list[0] ?? null);
  return (
    <>
      <PageHeader title={title} />
      {versions.isPending ? (
        <PageLoader />
      ) : versions.isError ? (
        <ErrorAlert error={versions.error} onRetry={() => versions.refetch()} />
      ) : !version ? (
        <Alert color="yellow" variant="light" icon={<IconFileOff size={18} />} title="No document yet">
          No version of this API document has been published yet.
        </Alert>
      ) : (
        <Tabs value={version} onChange={(v) => v && setPicked(v)} keepMounted={false}>
          <Tabs.List mb="md">
            {list.map((v) => (
              <Tabs.Tab key={v} value={v}>
                Version {v}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {list.map((v) => (
            <Tabs.Panel key={v} value={v}>
              <Paper withBorder radius="md" p={{ base: 0, sm: 'xs' }} style={{ overflowX: 'auto' }}>
                <DocumentPanel name={name} version={v} />
              </Paper>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </>
  );
}
