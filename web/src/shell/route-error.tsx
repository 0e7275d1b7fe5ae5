import { Alert, Button, Code, Container, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { PageLoader } from '../ui/page-loader';

const RELOADED_AT = 'chunkReloadAt';
/** A second chunk failure within this time shows the error instead of reloading again. */
const RELOAD_GUARD_MS = 60_000;

/** A lazily loaded part of the app that the browser could not fetch (e.g. removed by a new deploy). */
function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading (CSS )?chunk .* failed|Unable to preload CSS/i.test(
    text,
  );
}

/** Reloads the page once for a failed chunk; false when it already did so just now (no loops). */
function reloadOnceForChunk(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) {
      return false;
    }
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A route's error boundary: rendered in place of the page (the sidebar and top bar stay), with
 * Retry. A failed chunk first reloads the page once, since a new version was probably deployed.
 */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadOnceForChunk());
  if (reloading) {
    return <PageLoader />;
  }
  const retry = () => {
    if (chunk) {
      // React keeps a failed lazy import: only a reload fetches the page's code again.
      window.location.reload();
    } else {
      // A new location object resets the boundary and renders the page afresh.
      navigate(location, { replace: true });
    }
  };
  const alert = (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={chunk ? 'This page could not be loaded' : 'This page stopped working'}
      role="alert"
      maw={720}
      data-testid="route-error"
    >
      <Text size="sm">
        {chunk
          ? 'Part of the app could not be downloaded. Check your connection, or a new version may have been released: Retry loads it.'
          : 'Something went wrong while showing this page. Retry shows it again; the rest of the app keeps working.'}
      </Text>
      <Code block mt="sm" fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {describe(error)}
      </Code>
      <Group mt="md">
        <Button size="xs" color="red" variant="light" leftSection={<IconRefresh size={14} />} onClick={retry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
  return fullPage ? (
    <Container size="sm" py="xl">
      {alert}
    </Container>
  ) : (
    alert
  );
}
