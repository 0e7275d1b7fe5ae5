import type { ChatRoom, DirectMessage } from '@admin/contract';
import { describe, expect, it } from 'vitest';
import { merge, roomPreview, roomTitle, type UiMessage } from './messages';

const room = (last: ChatRoom['last_message']): ChatRoom => ({
  id: 1,
  name: null,
  channel: 'chat_1_2',
  last_message: last,
  last_message_at: null,
  members: [],
});

const dm = (id: number, extra: Partial<DirectMessage> = {}): DirectMessage => ({
  id,
  user_id: 9,
  sender_id: 1,
  sender_name: 'Staff',
  from: 'ADMIN',
  avatar: null,
  message: `m${id}`,
  timestamp: `t${id}`,
  created_at: new Date(2026, 0, 1, 0, 0, id).toISOString(),
  delivered_at: null,
  read_at: null,
  status: 'unread',
  ...extra,
});

describe('roomTitle', () => {
  const member = (id: number, username: string) => ({ id, username, avatar: null });
  it('is the room name, else the other members, else the channel', () => {
    expect(roomTitle({ ...room(null), name: 'Hikers' }, 1)).toBe('Hikers');
    expect(roomTitle({ ...room(null), members: [member(1, 'me'), member(2, 'ana')] }, 1)).toBe('With @ana');
    const many = [1, 2, 3, 4, 5, 6].map((id) => member(id, `u${id}`));
    expect(roomTitle({ ...room(null), members: many }, 1)).toBe('With @u2, @u3, @u4 +2');
    expect(roomTitle({ ...room(null), members: [member(1, 'me')] }, 1)).toBe('chat_1_2');
  });
});

describe('roomPreview', () => {
  it('cuts the last message to 20 characters plus ...', () => {
    expect(roomPreview(room({ type: 'TEXT', message: 'Hello there, this is a long one' }))).toBe(
      'Hello there, this is...',
    );
    expect(roomPreview(room({ type: 'TEXT', message: 'Short' }))).toBe('Short');
  });
  it('shows the type when the last message has no text, nothing without messages', () => {
    expect(roomPreview(room({ type: 'IMAGE', message: null }))).toBe('IMAGE');
    expect(roomPreview(room(null))).toBe('');
  });
});

describe('merge', () => {
  it('keeps id order, drops duplicates and replaces the pending copy of a sent message', () => {
    const pending: UiMessage = { ...dm(0, { message: 'new', timestamp: 'tx' }), key: 'ptx', pending: 1 };
    const list = merge([pending], [dm(3), dm(1)]);
    expect(list.map((m) => m.key)).toEqual(['m1', 'm3', 'ptx']);
    const sent = merge(list, [dm(4, { message: 'new', timestamp: 'tx' }), dm(3)]);
    expect(sent.map((m) => m.key)).toEqual(['m1', 'm3', 'm4']);
  });
  it('never turns a read message back to unread', () => {
    const read = merge([], [dm(1, { read_at: '2026-01-01T00:00:00.000Z', status: 'read' })]);
    const again = merge(read, [dm(1)]);
    expect(again[0]).toMatchObject({ status: 'read', read_at: '2026-01-01T00:00:00.000Z' });
  });
});
