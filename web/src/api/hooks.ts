import type { CallDef, RequestOf, ResponseOf } from '@admin/contract';
import {
  keepPreviousData,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiError, apiCall, isMissing } from './client';
import { notifyError, notifySuccess } from './notify';

/** Query key of a call: ['api', path, input]. Invalidating ['api', path] refreshes every input. */
export function callKey<C extends CallDef>(call: C, input?: RequestOf<C>): QueryKey {
  return input === undefined ? ['api', call.path] : ['api', call.path, input];
}

/** Query options of a call, for prefetching or composing (`queryClient.fetchQuery(callQuery(...))`). */
function callQuery<C extends CallDef>(call: C, input?: RequestOf<C>) {
  return {
    queryKey: callKey(call, input ?? ({} as RequestOf<C>)),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiCall(call, input, { signal }),
  };
}

type QueryOpts<C extends CallDef> = Omit<UseQueryOptions<ResponseOf<C>, ApiError>, 'queryKey' | 'queryFn'> & {
  /**
   * Show the failure as a red alert (default true), or only the failures this answers true for.
   * The error stays in `error` too.
   */
  alertOnError?: boolean | ((err: ApiError) => boolean);
};

/**
 * For the call of a record page: a missing record (404) is the page's own state (`RecordError`
 * from ui/missing-record), said once there, not in a red alert too.
 */
export const alertUnlessMissing = (err: ApiError) => !isMissing(err);

/**
 * Loads a call with TanStack Query. Paged lists keep the previous page while the next loads.
 * Failures alert with the spec's text unless `alertOnError: false`.
 */
export function useApiQuery<C extends CallDef>(call: C, input?: RequestOf<C>, options: QueryOpts<C> = {}) {
  const { alertOnError = true, ...rest } = options;
  return useQuery<ResponseOf<C>, ApiError>({
    ...callQuery(call, input),
    placeholderData: keepPreviousData,
    ...rest,
    queryFn: async ({ signal }) => {
      try {
        return await apiCall(call, input, { signal });
      } catch (err) {
        const alert = typeof alertOnError === 'function' ? alertOnError(err as ApiError) : alertOnError;
        if (alert && (err as Error).name !== 'AbortError') {
          notifyError(err);
        }
        throw err;
      }
    },
  });
}

type MutationOpts<C extends CallDef> = Omit<
  UseMutationOptions<ResponseOf<C>, ApiError, RequestOf<C>>,
  'mutationFn'
> & {
  /** Calls whose cached answers are refreshed after success. */
  invalidates?: readonly CallDef[];
  /** Show the server's responseMessage as a green alert on success (default true). */
  alertOnSuccess?: boolean;
  /** Show failures as a red alert (default true). */
  alertOnError?: boolean;
};

/** Sends a call; on success alerts the server's message and refreshes the `invalidates` calls. */
export function useApiMutation<C extends CallDef>(call: C, options: MutationOpts<C> = {}) {
  const queryClient = useQueryClient();
  const {
    invalidates = [],
    alertOnSuccess = true,
    alertOnError = true,
    onSuccess,
    onError,
    ...rest
  } = options;
  return useMutation<ResponseOf<C>, ApiError, RequestOf<C>>({
    ...rest,
    mutationFn: (input) => apiCall(call, input),
    onSuccess: async (data, variables, onMutateResult, context) => {
      if (alertOnSuccess) {
        notifySuccess((data as { responseMessage?: string } | null)?.responseMessage);
      }
      await Promise.all(invalidates.map((c) => queryClient.invalidateQueries({ queryKey: callKey(c) })));
      await onSuccess?.(data, variables, onMutateResult, context);
    },
    onError: async (error, variables, onMutateResult, context) => {
      if (alertOnError) {
        notifyError(error);
      }
      await onError?.(error, variables, onMutateResult, context);
    },
  });
}
