import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCheck } from '@tabler/icons-react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import stacked from '../../ui/stacked-table.module.css';
import { UserAvatar } from '../../ui/user-avatar';

/** Super admins: the pending conversation access requests, each with Grant and Deny. */
export function AccessRequestsButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const pending = useApiQuery(calls.conversationAccessRequests, {
    status: 'pending',
    page: 0,
    page_limit: 100,
  });
  const count = pending.data?.total ?? 0;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconUserCheck size={16} />}
        rightSection={
          count ? (
            <Badge size="sm" circle>
              {count}
            </Badge>
          ) : null
        }
        onClick={open}
      >
        Access requests
      </Button>
      <Modal opened={opened} onClose={close} title="Conversation access requests" size="xl">
        {pending.isPending ? (
          <PageLoader />
        ) : pending.isError ? (
          <ErrorAlert error={pending.error} onRetry={() => void pending.refetch()} />
        ) : (pending.data?.data.length ?? 0) === 0 ? (
          <EmptyState text="There are no pending access requests" />
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="sm" aria-label="Access requests" className={stacked.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff member</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pending.data?.data.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <UserAvatar src={r.requester.avatar} name={r.requester.name} />
                        <Stack gap={0}>
                          <Text size="sm">{r.requester.name}</Text>
                          <Text size="xs" c="dimmed">
                            @{r.requester.username}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td data-label="Message" data-wide>
                      <Text size="sm">{r.message ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td data-label="Requested">
                      <Text size="sm">{formatDateTime(r.created_at)}</Text>
                    </Table.Td>
                    <Table.Td data-label="Action">
                      <Decide id={r.id} name={r.requester.name} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Modal>
    </>
  );
}

function Decide({ id, name }: { id: number; name: string }) {
  const grant = useApiMutation(calls.grantConversationAccess, {
    invalidates: [calls.conversationAccessRequests],
  });
  const deny = useApiMutation(calls.denyConversationAccess, {
    invalidates: [calls.conversationAccessRequests],
  });
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        color="green"
        loading={grant.isPending}
        disabled={deny.isPending}
        onClick={() => grant.mutate({ id })}
        aria-label={`Grant ${name}`}
      >
        Grant
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={deny.isPending}
        disabled={grant.isPending}
        onClick={() => deny.mutate({ id })}
        aria-label={`Deny ${name}`}
      >
        Deny
      </Button>
    </Group>
  );
}
