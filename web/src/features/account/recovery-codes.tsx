import { Alert, Button, Code, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

/** The recovery codes, shown once: copy or download them, then close. */
export function RecoveryCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const text = (codes ?? []).join('\n');
  function download() {
    const url = URL.createObjectURL(
      new Blob([`Admin Panel recovery codes\n\n${text}\n`], { type: 'text/plain' }),
    );
    const a = Object.assign(document.createElement('a'), {
      href: url,
      download: 'admin-panel-recovery-codes.txt',
    });
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <Modal opened={!!codes} onClose={onClose} title="Save your recovery codes" centered size="md">
      <Stack gap="md">
        <Alert color="orange" variant="light">
          These codes are shown only now. Each signs you in once if you lose your passkey or phone. Keep them
          somewhere safe, away from this computer.
        </Alert>
        <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
          {(codes ?? []).map((c) => (
            <Code key={c} fz="md" ta="center" py={6}>
              {c}
            </Code>
          ))}
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <CopyButton value={text}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
              Download
            </Button>
          </Group>
          <Button onClick={onClose}>I have saved them</Button>
        </Group>
        <Text size="xs" c="dimmed">
          Setting up an authenticator app again gives you a new set and the old codes stop working.
        </Text>
      </Stack>
    </Modal>
  );
}
