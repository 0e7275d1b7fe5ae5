import { type AccessRequestEvent, type ConversationAccessRequest, hasPermission } from '@admin/contract';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { callKey, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { paths } from '../../paths';
import { AccessRequestsLive } from './live';
import { useAccessRequestCount } from './use-count';

/** Answers older than this are not announced again on a later visit (the mail told them). */
const ANNOUNCE_DAYS = 30;

/**
 * In the top bar, for every signed-in staff member: reviewers (user_permissions_update) see how
 * many requests wait for them, live; a requester is told of the answer to their request (live, or
 * once on their next visit).
 */
export default function AccessRequestsShell() {
  const session = useSession();
  const user = session?.user;
  const review = hasPermission(user, 'user_permissions_update');
  const [live, setLive] = useState(false);
  const count = useAccessRequestCount(!live);
  const mine = useApiQuery(
    calls.myConversationAccessRequest,
    {},
    { alertOnError: false, enabled: !!user && user.is_sup_admin !== 1, staleTime: 60_000 },
  );
  const latest = mine.data?.data ?? null;
  const waiting = latest?.status === 'pending';
  useAnswerNotice(user?.id, latest);

  const queryClient = useQueryClient();
  const refresh = useCallback(
    (e: AccessRequestEvent | null) => {
      for (const call of [calls.conversationAccessRequestCount, calls.conversationAccessRequests]) {
        void queryClient.invalidateQueries({ queryKey: callKey(call) });
      }
      if (!e || e.requester_id === user?.id) {
        void queryClient.invalidateQueries({ queryKey: callKey(calls.myConversationAccessRequest) });
      }
    },
    [queryClient, user?.id],
  );

  return (
    <>
      {review || waiting ? <AccessRequestsLive review={review} onEvent={refresh} onLive={setLive} /> : null}
      {count && count.answerable > 0 ? <TopBarCount n={count.answerable} /> : null}
    </>
  );
}

function TopBarCount({ n }: { n: number }) {
  const label = `Access requests: ${n} waiting for you`;
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: false }}>
      <ActionIcon
        component={Link}
        to={paths.accessRequests}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
      >
        <Indicator label={n} size={16} color="red" offset={2} inline>
          <IconUserCheck size={20} />
        </Indicator>
      </ActionIcon>
    </Tooltip>
  );
}

const seenKey = (userId: number) => `access-request-answer-seen:${userId}`;

/**
 * Tells the requester once of the answer to their latest request: as it arrives, or on the next
 * visit (within ANNOUNCE_DAYS). A grant also refreshes their permissions, so the conversations show.
 */
function useAnswerNotice(userId: number | undefined, latest: ConversationAccessRequest | null) {
  const queryClient = useQueryClient();
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!userId || !latest || latest.status === 'pending' || !latest.decided_at) {
      return;
    }
    const key = seenKey(userId);
    const recent = Date.now() - new Date(latest.decided_at).getTime() < ANNOUNCE_DAYS * 86_400_000;
    if (shown.current === latest.id || localStorage.getItem(key) === String(latest.id) || !recent) {
      return;
    }
    shown.current = latest.id;
    localStorage.setItem(key, String(latest.id));
    const granted = latest.status === 'granted';
    const who = latest.decided_by_name ?? latest.decided_by ?? 'A staff member';
    notifications.show({
      id: `access-request-${latest.id}`,
      color: granted ? 'green' : 'orange',
      title: granted ? 'Access granted' : 'Access request declined',
      message: `${who} ${granted ? 'granted' : 'declined'} your request for access to conversations.${
        latest.note ? ` Note: “${latest.note}”` : ''
      }`,
      autoClose: false,
    });
    if (granted) {
      void queryClient.invalidateQueries({ queryKey: callKey(calls.getLoginData) });
    }
  }, [userId, latest, queryClient]);
}
