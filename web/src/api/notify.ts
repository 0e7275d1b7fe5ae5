import { TEXTS } from '@admin/contract';
import { notifications } from '@mantine/notifications';

/** Alert text of any thrown value (ApiError carries the spec's text already). */
export function messageOf(err: unknown): string {
  if (err instanceof Error && err.message) {
    return err.message;
  }
  return TEXTS.serverError;
}

/** Danger alert (red), spec 01 section 8. */
export function notifyError(err: unknown): void {
  notifications.show({ color: 'red', title: 'Error', message: messageOf(err), autoClose: 6000 });
}

/** Success alert with the server's responseMessage (or a given text). */
export function notifySuccess(message: string | undefined | null): void {
  if (message) {
    notifications.show({ color: 'green', title: 'Success', message, autoClose: 4000 });
  }
}
