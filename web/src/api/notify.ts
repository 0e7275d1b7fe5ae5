import { TEXTS } from '@admin/contract';
import { notifications } from '@mantine/notifications';
import { ApiError } from './client';
import { connection } from './connection';

/** Alert text of any thrown value (ApiError carries the spec's text already). */
export function messageOf(err: unknown): string {
  if (err instanceof Error && err.message) {
    return err.message;
  }
  return TEXTS.serverError;
}

/** Danger alert (red), spec 01 section 8. */
export function notifyError(err: unknown): void {
  if (connection.isDown()) {
    // The 'server cannot be reached' banner already says it; one alert per failed call is noise.
    return;
  }
  if (err instanceof ApiError && err.endedSession) {
    // The session ended: /login says so once; every call still in flight would add a red alert.
    return;
  }
  notifications.show({ color: 'red', title: 'Error', message: messageOf(err), autoClose: 6000 });
}

/** Success alert with the server's responseMessage (or a given text). */
export function notifySuccess(message: string | undefined | null): void {
  if (message) {
    notifications.show({ color: 'green', title: 'Success', message, autoClose: 4000 });
  }
}

type StrictAnswer = { responseCode?: number; responseMessage?: string } | null | undefined;

export const isStrictSuccess = (data: StrictAnswer) =>
  !!data?.responseMessage && (data.responseCode === 200 || data.responseCode === 201);

/**
 * Spec 01 section 8: profile update, add user, change app password, auto-follow and advertise
 * change count as a success only when the answer has a responseMessage and responseCode 200 or 201;
 * anything else is shown as a danger alert. Returns whether it was a success.
 */
export function alertStrict(data: StrictAnswer) {
  const ok = isStrictSuccess(data);
  if (ok) {
    notifySuccess(data?.responseMessage);
  } else {
    notifyError(new Error(data?.responseMessage || TEXTS.serverError));
  }
  return ok;
}
