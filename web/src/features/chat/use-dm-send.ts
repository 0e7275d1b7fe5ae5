import type { DirectMessage, LoggedInUser } from '@admin/contract';
import { type RefObject, useCallback } from 'react';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { merge, type UiMessage } from './messages';
import type { ChatSocket } from './socket';
import type { SetState } from './use-dm-history';

const SEND_TIMEOUT_MS = 8000;

interface SendOptions {
  socket: ChatSocket | null;
  me: LoggedInUser | undefined;
  userId: number;
  setMessages: SetState<UiMessage[]>;
  stickToBottom: RefObject<boolean>;
}

/**
 * Sends a message: shown at once as pending, through the socket when connected, else by POST;
 * replaced by the stored message, or marked failed (retry sends the same timestamp again).
 */
export function useDmSend({ socket, me, userId, setMessages, stickToBottom }: SendOptions) {
  return useCallback(
    async (text: string, timestamp: string) => {
      if (!me) {
        return;
      }
      const key = `p${timestamp}`;
      const draftMessage: UiMessage = {
        key,
        pending: 1,
        id: 0,
        user_id: userId,
        sender_id: me.id,
        sender_name: me.name,
        from: 'ADMIN',
        avatar: me.avatar,
        message: text,
        timestamp,
        created_at: timestamp,
        delivered_at: null,
        read_at: null,
        status: 'unread',
      };
      setMessages((list) => [...list.filter((m) => m.key !== key), draftMessage]);
      stickToBottom.current = true;
      try {
        let saved: DirectMessage;
        if (socket?.connected) {
          const ack = await socket.timeout(SEND_TIMEOUT_MS).emitWithAck('send_message', {
            to: userId,
            user: me.username,
            socket_id: socket.id,
            message: text,
            timestamp,
          });
          if (!ack.ok) {
            throw new Error(ack.error);
          }
          if (ack.data.kind !== 'direct') {
            throw new Error('Unexpected answer');
          }
          saved = ack.data.data;
        } else {
          saved = (await apiCall(calls.sendDirectMessage, { user_id: userId, message: text, timestamp }))
            .data;
        }
        setMessages((list) =>
          merge(
            list.filter((m) => m.key !== key),
            [saved],
          ),
        );
      } catch {
        setMessages((list) => list.map((m) => (m.key === key ? { ...m, pending: 2 } : m)));
      }
    },
    [socket, me, userId, setMessages, stickToBottom],
  );
}
