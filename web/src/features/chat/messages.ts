import { CHAT_PREVIEW_CHARS, type ChatRoom, type DirectMessage } from '@admin/contract';

/** 'last message cut to 20 characters plus ...', or its type when it has no text. */
export function roomPreview(room: ChatRoom): string {
  const last = room.last_message;
  if (!last) {
    return '';
  }
  if (!last.message) {
    return last.type;
  }
  return last.message.length > CHAT_PREVIEW_CHARS
    ? `${last.message.slice(0, CHAT_PREVIEW_CHARS)}...`
    : last.message;
}

const TITLE_MEMBERS = 3;

/**
 * A room's name as shown: its own name, else who the user talks with ('With @ana, @ben +2'), and
 * the channel only for a room without other members.
 */
export function roomTitle(room: ChatRoom, userId: number): string {
  if (room.name) {
    return room.name;
  }
  const others = room.members.filter((m) => m.id !== userId).map((m) => `@${m.username}`);
  if (others.length === 0) {
    return room.channel;
  }
  const more = others.length > TITLE_MEMBERS ? ` +${others.length - TITLE_MEMBERS}` : '';
  return `With ${others.slice(0, TITLE_MEMBERS).join(', ')}${more}`;
}

/** A message as shown: stored ones have an id; pending 1 = sending, 2 = failed (spec 01 section 3). */
export interface UiMessage extends DirectMessage {
  key: string;
  pending: 0 | 1 | 2;
}

const stored = (m: DirectMessage): UiMessage => ({ ...m, key: `m${m.id}`, pending: 0 });

/** Adds or replaces messages by id, keeping id order (pending ones, without id, stay last). */
export function merge(list: UiMessage[], incoming: DirectMessage[]): UiMessage[] {
  if (incoming.length === 0) {
    return list;
  }
  const byId = new Map(list.filter((m) => m.pending === 0).map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = byId.get(m.id);
    // Marks only move forward: an older copy (a late TEXT, a catch-up list) never un-reads a message.
    const read_at = known?.read_at ?? m.read_at;
    byId.set(m.id, {
      ...stored(m),
      read_at,
      status: read_at ? 'read' : 'unread',
      delivered_at: known?.delivered_at ?? m.delivered_at,
    });
  }
  const pending = list.filter(
    (m) => m.pending !== 0 && !incoming.some((i) => i.timestamp === m.timestamp && i.message === m.message),
  );
  return [...[...byId.values()].sort((a, b) => a.id - b.id), ...pending];
}
