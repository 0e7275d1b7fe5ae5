import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';

/**
 * Pending access requests and those the signed-in reviewer may answer (null without
 * user_permissions_update). `poll` refetches every minute (while the socket is not live).
 */
export function useAccessRequestCount(poll = false) {
  const review = useCan('user_permissions_update');
  const count = useApiQuery(
    calls.conversationAccessRequestCount,
    {},
    {
      enabled: review,
      alertOnError: false,
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      refetchInterval: poll ? 60_000 : false,
    },
  );
  return review ? (count.data?.data ?? null) : null;
}
