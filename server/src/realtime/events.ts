// One connected socket: its own thread joined on connect, then each client event it may send.
import {
  ACCESS_REQUEST_REVIEW_PERMISSION,
  ACCESS_REQUESTS_ROOM,
  ChatDeliveredRequest,
  ChatJoinRequest,
  ChatLeaveRequest,
  ChatReadRequest,
  ChatSendMessageRequest,
  type ChatTextEvent,
  ChatTypingRequest,
  MODERATION_PERMISSION,
  MODERATION_ROOM,
  parseChannel,
  roomChannel,
  userChannel,
} from '@admin/contract';
import { z } from 'zod';
import * as chat from '../modules/chat/service';
import {
  authorizeChannel,
  type ChatSocket,
  channelOnline,
  DM_PERMISSION,
  directEvent,
  type GatewayContext,
  handle,
  liveUser,
  presence,
  refuse,
} from './context';

/** Registers the socket's event handlers; `closing` tells a shutting-down process from users leaving. */
export function onConnection(ctx: GatewayContext, socket: ChatSocket, closing: () => boolean) {
  const { db, io, log } = ctx;
  const own = userChannel(socket.data.userId);
  if (socket.data.usertype === 'USER') {
    socket.join(own);
    socket.to(own).emit('join', presence(socket, own));
    void deliverWaiting(ctx, socket).catch((err) =>
      log.error({ err, userId: socket.data.userId }, 'delivering waiting messages failed'),
    );
  }

  handle(ctx, socket, 'join', ChatJoinRequest, async ({ channel, since }) => {
    const target = await authorizeChannel(ctx, socket, channel);
    const already = socket.rooms.has(channel);
    socket.join(channel);
    if (!already || socket.data.usertype === 'USER') {
      socket.to(channel).emit('join', presence(socket, channel));
    }
    let missed: ChatTextEvent[] = [];
    if (since !== undefined) {
      missed =
        target.kind === 'user'
          ? (await chat.directMessagesSince(db, target.id, since)).map(directEvent)
          : (await chat.roomMessagesSince(db, target.id, since)).map((data) => ({
              channel,
              kind: 'room' as const,
              data,
            }));
    }
    return { channel, online: await channelOnline(ctx, channel), missed };
  });

  handle(ctx, socket, 'leave', ChatLeaveRequest, async ({ channel }) => {
    if (socket.rooms.has(channel) && !(socket.data.usertype === 'USER' && channel === own)) {
      socket.leave(channel);
      socket.to(channel).emit('user_left', presence(socket, channel));
    }
    return {};
  });

  // Typing stores nothing, but like every event it needs a live session (and the channel joined).
  handle(ctx, socket, 'typing', ChatTypingRequest, async ({ channel, typing }) => {
    await liveUser(ctx, socket);
    if (socket.rooms.has(channel)) {
      socket.to(channel).emit('typing', { ...presence(socket, channel), typing });
    }
    return {};
  });

  handle(ctx, socket, 'send_message', ChatSendMessageRequest, (input) => sendMessage(ctx, socket, input));

  handle(ctx, socket, 'read', ChatReadRequest, async ({ channel, up_to_id }) => {
    const target = await authorizeChannel(ctx, socket, channel);
    if (target.kind !== 'user') {
      refuse('Read receipts are kept for direct messages only');
    }
    const reader = socket.data.usertype;
    const result = await chat.markDirectMessagesRead(db, {
      userId: target.id,
      reader,
      upToId: up_to_id,
      now: ctx.clock.now(),
    });
    if (result.ids.length > 0) {
      io.to(channel).emit('read', { channel, user_id: target.id, reader, ...result });
    }
    if (reader === 'USER') {
      await chat.touchLastSeen(db, target.id);
    }
    return { ids: result.ids };
  });

  handle(ctx, socket, 'delivered', ChatDeliveredRequest, async ({ ids }) => {
    if (socket.data.usertype !== 'USER') {
      return { ids: [] };
    }
    const user = await liveUser(ctx, socket);
    const result = await chat.markDirectMessagesDelivered(db, { userId: user.id, ids, now: ctx.clock.now() });
    if (result.ids.length > 0) {
      io.to(own).emit('delivered', { channel: own, ...result });
    }
    return { ids: result.ids };
  });

  // The moderation desk's live events: staff with moderation_desk only (checked fresh, like every event).
  handle(ctx, socket, 'moderation_watch', z.object({}), async () => {
    if (socket.data.usertype !== 'ADMIN') {
      refuse('The moderation desk is for staff');
    }
    await liveUser(ctx, socket, MODERATION_PERMISSION);
    socket.join(MODERATION_ROOM);
    return {};
  });

  // New and answered access requests, for the staff who review them (checked fresh, like every event).
  // A requester hears the answer to their own request without this: on their sockets' own room.
  handle(ctx, socket, 'access_requests_watch', z.object({}), async () => {
    if (socket.data.usertype !== 'ADMIN') {
      refuse('Access requests are for staff');
    }
    await liveUser(ctx, socket, ACCESS_REQUEST_REVIEW_PERMISSION);
    socket.join(ACCESS_REQUESTS_ROOM);
    return {};
  });

  socket.on('disconnecting', () => {
    // A process shutting down is not its users leaving: they reconnect to another process.
    if (closing()) {
      return;
    }
    for (const room of socket.rooms) {
      if (room !== socket.id) {
        socket.to(room).emit('user_left', presence(socket, room));
      }
    }
    if (socket.data.usertype === 'USER') {
      chat.touchLastSeen(db, socket.data.userId).catch(() => {});
    }
  });
}

/** A platform user connected: presence, then the messages that waited while they were offline. */
async function deliverWaiting({ db }: GatewayContext, socket: ChatSocket) {
  await chat.touchLastSeen(db, socket.data.userId);
  // The client acknowledges these with `delivered`.
  for (const message of await chat.undeliveredDirectMessages(db, socket.data.userId)) {
    socket.emit('TEXT', directEvent(message));
  }
}

/** Stores a message in a room or a direct thread and sends it to the channel's other sockets. */
async function sendMessage(
  ctx: GatewayContext,
  socket: ChatSocket,
  input: z.output<typeof ChatSendMessageRequest>,
) {
  const { db } = ctx;
  const target =
    typeof input.to === 'number'
      ? {
          kind: 'user' as const,
          id: socket.data.usertype === 'USER' ? socket.data.userId : input.to,
        }
      : (parseChannel(input.to) ?? refuse('to must be user:<id>, room:<id> or a user id'));
  if (target.kind === 'room' && socket.data.usertype === 'ADMIN') {
    refuse('Staff read conversations; they cannot post in them');
  }
  const user = await liveUser(ctx, socket, DM_PERMISSION);
  if (target.kind === 'room') {
    if (!(await chat.isRoomMember(db, target.id, user.id))) {
      refuse('Chat room not found');
    }
    const data = await chat.storeRoomMessage(db, {
      roomId: target.id,
      senderId: user.id,
      message: input.message,
    });
    const event: ChatTextEvent = { channel: roomChannel(target.id), kind: 'room', data };
    socket.to(event.channel).emit('TEXT', event);
    await chat.touchLastSeen(db, user.id);
    return { data: event };
  }
  if (socket.data.usertype === 'USER' && target.id !== user.id) {
    refuse('You can only write in your own thread');
  }
  const { data, created } = await chat.storeDirectMessage(db, {
    userId: target.id,
    senderId: user.id,
    message: input.message,
    timestamp: input.timestamp,
  });
  if (created) {
    socket.to(userChannel(target.id)).emit('TEXT', directEvent(data));
  }
  if (socket.data.usertype === 'USER') {
    await chat.touchLastSeen(db, user.id);
  }
  return { data: directEvent(data) };
}
