export { createNotificationWorker, type NotificationWorker } from './worker';
