import type { RequestOf, ResponseOf } from '@admin/contract';
import { useQueryClient } from '@tanstack/react-query';
import { calls } from '../../api/calls';
import { alertUnlessMissing, callKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { alertStrict } from '../../api/notify';

type Details = ResponseOf<typeof calls.userProfile>;

/** The profile of one user (userdetails). */
export function useUserProfile(id: number) {
  // No previous-data placeholder: after 'View Profile' the old user must not show under the new URL.
  return useApiQuery(
    calls.userProfile,
    { id },
    // A missing user is the page's own state ('User 9 does not exist'), not an alert as well.
    { enabled: Number.isInteger(id) && id > 0, placeholderData: undefined, alertOnError: alertUnlessMissing },
  );
}

export function useFollowList(side: 'followers' | 'following', input: RequestOf<typeof calls.followers>) {
  return useApiQuery(side === 'followers' ? calls.followers : calls.following, input);
}

export function useFavourites(input: RequestOf<typeof calls.favourites>) {
  return useApiQuery(calls.favourites, input);
}

/** After an action that answers the fresh userdetails, put them in the cache at once. */
function useStoreDetails() {
  const queryClient = useQueryClient();
  return (id: number, data: Details) => {
    if (data?.userdetails) {
      queryClient.setQueryData(callKey(calls.userProfile, { id }), (old: Details | undefined) => ({
        ...(old ?? data),
        userdetails: data.userdetails,
      }));
    }
  };
}

export function useUpdateProfile(id: number) {
  const store = useStoreDetails();
  return useApiMutation(calls.updateProfile, {
    alertOnSuccess: false,
    onSuccess: (data) => {
      alertStrict(data);
      store(id, data);
    },
  });
}

export function useSuspendToggle(id: number) {
  const store = useStoreDetails();
  // suspend-account and revoke-suspended-account are two calls (spec 01 section 7).
  return useApiMutation(calls.suspendAccount, {
    mutationKey: ['profile-suspend', id],
    onSuccess: (data) => store(id, data),
  });
}

export function useRevokeSuspension(id: number) {
  const store = useStoreDetails();
  return useApiMutation(calls.revokeSuspendedAccount, {
    onSuccess: (data) => store(id, data),
  });
}

export function useToggleAdvertise(id: number) {
  const store = useStoreDetails();
  return useApiMutation(calls.enableAdvertise, {
    alertOnSuccess: false,
    onSuccess: (data) => {
      alertStrict(data);
      store(id, data);
    },
  });
}

export function useToggleAutoFollow(id: number) {
  const store = useStoreDetails();
  return useApiMutation(calls.makeUserAutofollow, {
    alertOnSuccess: false,
    onSuccess: (data) => {
      alertStrict(data);
      store(id, data);
    },
  });
}

export function useChangeAppPassword() {
  return useApiMutation(calls.changeAppPassword, {
    alertOnSuccess: false,
    onSuccess: (data) => alertStrict(data),
  });
}

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The tile template the server is configured with (TILE_URL); OpenStreetMap's when unavailable. */
export function useTileUrl(enabled: boolean): string | null {
  const q = useApiQuery(
    calls.mapConfig,
    {},
    { enabled, alertOnError: false, staleTime: Number.POSITIVE_INFINITY },
  );
  if (!enabled) {
    return null;
  }
  if (q.isError) {
    return OSM_TILES;
  }
  return q.data?.data.tile_url ?? (q.isPending ? null : OSM_TILES);
}
