import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, ListTotal, listParams, Text, Timestamp, TotalIsLowerBound } from '../common';

/** Recipients: All Users, Android Users Only, IOS Users Only. */
export const OCCUPANTS = ['ALL', 'android', 'ios'] as const;
export const NOTIFICATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const NotificationRow = z.object({
  id: z.number().int(),
  occupants: z.enum(OCCUPANTS),
  message: z.string(),
  status: z.enum(NOTIFICATION_STATUSES).describe('queued, running (being delivered), done, failed'),
  total: z.number().int().describe('Device tokens the job will reach (known once it starts)'),
  delivered: z.number().int(),
  failed: z.number().int(),
  created_by: z.string().nullable().describe('Name of the staff member who sent it'),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
});
export type NotificationRow = z.infer<typeof NotificationRow>;

export const notificationsCalls = {
  sendNotifications: defineCall({
    method: 'POST',
    path: 'send-notifications',
    audit: { target: 'notification', id: null },
    permission: 'send_notifications',
    summary:
      'Queue a push notification to every matching device; answers at once, a worker delivers it in batches',
    request: z.object({
      occupants: z.enum(OCCUPANTS, { error: 'Please select users' }).describe('ALL, android or ios'),
      message: Text({ error: 'Message is required' })
        .trim()
        .min(1, 'Message is required')
        .max(1000, 'must be at most 1000 characters'),
    }),
    response: Envelope.extend({ data: NotificationRow }),
  }),
  notificationDevices: defineCall({
    method: 'GET',
    path: 'notification-devices',
    permission: 'send_notifications',
    summary: 'How many devices a notification to these users would reach now (asked before sending)',
    request: z.object({
      occupants: z.enum(OCCUPANTS, { error: 'Please select users' }).describe('ALL, android or ios'),
    }),
    response: Envelope.extend({ count: z.number().int().describe('Devices with a push token') }),
  }),
  notificationsList: defineCall({
    method: 'GET',
    path: 'notifications',
    permission: 'send_notifications',
    summary: 'Sent notifications, newest first, with their delivery progress',
    request: listParams(['created_at', 'id'], { order_by: 'created_at', direction: 'desc' }),
    response: Envelope.extend({
      data: z.array(NotificationRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
};
