import { ActionIcon, Alert, Badge, Button, Grid, Group, Kbd, Modal, Table, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconKeyboard } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../ui/page-header';
import { CaseView } from './case-view';
import { UndoButton } from './decision-panel';
import { DeskFilters } from './filters';
import { KEYS, useDeskKeys } from './keys';
import { Queue } from './queue';
import { StatsBar } from './stats-bar';
import { useDesk } from './use-desk';

/**
 * The moderation desk (issue 36): counts, filters, the queue and the open case side by side (one
 * at a time on a phone), decided from the keyboard or the buttons, kept live over the socket.
 */
export default function ModerationPage() {
  const desk = useDesk();
  const [help, setHelp] = useState(false);
  const phone = useMediaQuery('(max-width: 767px)');
  useDeskKeys(desk, () => setHelp((h) => !h), help);
  const showCase = !phone || desk.selectedId !== null;
  const showQueue = !phone || desk.selectedId === null;
  return (
    <>
      <PageHeader
        title="Moderation"
        subtitle="Reports grouped into cases, oldest first"
        actions={
          <>
            <UndoButton desk={desk} />
            <Tooltip label={desk.live ? 'Live: updates arrive as they happen' : 'Reconnecting…'}>
              <Badge color={desk.live ? 'green' : 'gray'} variant="dot" data-testid="live-badge">
                {desk.live ? 'Live' : 'Offline'}
              </Badge>
            </Tooltip>
            <ActionIcon variant="default" aria-label="Keyboard shortcuts" onClick={() => setHelp(true)}>
              <IconKeyboard size={18} />
            </ActionIcon>
          </>
        }
      />
      <StatsBar desk={desk} />
      <DeskFilters desk={desk} />
      {desk.notice ? (
        <Alert
          color="blue"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss notice"
          onClose={() => desk.setNotice(null)}
          data-testid="desk-notice"
        >
          {desk.notice}
        </Alert>
      ) : null}
      <Grid gap="md">
        {showQueue ? (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Queue desk={desk} />
          </Grid.Col>
        ) : null}
        {showCase ? (
          <Grid.Col span={{ base: 12, md: 7 }}>
            {phone ? (
              <Group mb="xs">
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconArrowLeft size={14} />}
                  onClick={() => desk.select(null)}
                >
                  Queue
                </Button>
              </Group>
            ) : null}
            <CaseView desk={desk} />
          </Grid.Col>
        ) : null}
      </Grid>
      <Modal opened={help} onClose={() => setHelp(false)} title="Keyboard shortcuts" centered>
        <Table>
          <Table.Tbody>
            {KEYS.map(([k, what]) => (
              <Table.Tr key={k}>
                <Table.Td>
                  <Kbd>{k}</Kbd>
                </Table.Td>
                <Table.Td>{what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
