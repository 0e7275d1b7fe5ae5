import { Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { calls } from '../../api/calls';
import { type DownloadProgress, downloadFile } from '../../api/download';
import { notifyError, notifySuccess } from '../../api/notify';
import { useCan } from '../../auth/can';
import { abbreviate } from '../../lib/format';

/**
 * Downloads the whole filtered users list as CSV (users_list_csv). The server streams it; the
 * browser counts rows as they arrive against the list's total to show progress.
 */
export function CsvDownloadButton({ query, total }: { query: string; total: number | undefined }) {
  const can = useCan('users_list_csv');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const running = progress !== null;

  const start = async () => {
    abort.current = new AbortController();
    setProgress({ bytes: 0, rows: 0, totalBytes: null });
    try {
      const done = await downloadFile(
        calls.usersList,
        { format: 'csv', ...(query ? { query } : {}) },
        'users.csv',
        setProgress,
        { signal: abort.current.signal },
      );
      notifySuccess(`Downloaded ${Math.max(0, done.rows - 1).toLocaleString()} users`);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') {
        notifyError(err);
      }
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const rows = Math.max(0, (progress?.rows ?? 0) - 1);
  const pct = total ? Math.min(100, (rows / total) * 100) : 0;
  const button = (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      onClick={start}
      disabled={!can || running}
      loading={running && rows === 0}
    >
      Download CSV
    </Button>
  );
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        {can ? button : <Tooltip label="Needs the users_list_csv permission">{button}</Tooltip>}
        {running ? (
          <Button variant="subtle" color="gray" size="compact-sm" onClick={() => abort.current?.abort()}>
            <IconX size={14} aria-label="Cancel download" />
          </Button>
        ) : null}
      </Group>
      {running ? (
        <Stack gap={2} miw={180} aria-live="polite">
          <Progress value={pct} size="sm" animated aria-label="CSV download progress" />
          <Text size="xs" c="dimmed">
            {rows.toLocaleString()} of {total !== undefined ? abbreviate(total) : '?'} rows
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
