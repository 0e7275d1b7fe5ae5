// Chat (issue 5): the calls behind the profile's Conversation and Direct Message tabs. Each lists
// every query its service runs, checks included (they run at once with the page).
import { pagedListQueries } from '../../server/src/db/sql';
import {
  directMessagesQueries,
  roomMessagesQueries,
  roomsQueries,
} from '../../server/src/modules/chat/bench';
import type { BenchContext, Scenario } from '../lib/types';

export const scenarios = async (ctx: BenchContext): Promise<Scenario[]> => {
  // The busiest room and one of its members; the user with the longest direct-message thread.
  const room = await ctx.pool.query<{ room_id: number; user_id: number; n: number }>(
    `SELECT m.room_id, min(mb.user_id) AS user_id, count(*)::int AS n
       FROM chat_messages m JOIN chat_room_members mb ON mb.room_id = m.room_id
      GROUP BY m.room_id ORDER BY n DESC LIMIT 1`,
  );
  const thread = await ctx.pool.query<{ user_id: number }>(
    'SELECT user_id FROM direct_messages GROUP BY user_id ORDER BY count(*) DESC LIMIT 1',
  );
  const out: Scenario[] = [];
  const r = room.rows[0];
  if (r) {
    const rooms = roomsQueries({ user_id: r.user_id, page: 0, page_limit: 10 });
    out.push({
      name: 'chat-rooms of a member',
      url: `/api/v2/chat-rooms?user_id=${r.user_id}&page=0`,
      sql: [rooms.owner, ...pagedListQueries(rooms.spec)],
      sqlParallel: true,
    });
    const messages = roomMessagesQueries({ user_id: r.user_id, room_id: r.room_id, page: 0, page_limit: 20 });
    out.push({
      name: 'chat-messages of the busiest room',
      url: `/api/v2/chat-messages?user_id=${r.user_id}&room_id=${r.room_id}&page=0`,
      sql: [messages.member, messages.room, ...pagedListQueries(messages.spec)],
      sqlParallel: true,
    });
  }
  const t = thread.rows[0];
  if (t) {
    const dms = directMessagesQueries({ user_id: t.user_id, page: 0, limit: 10 });
    out.push({
      name: 'direct-messages page 0',
      url: `/api/v2/direct-messages?user_id=${t.user_id}&page=0&limit=10`,
      sql: [dms.owner, ...pagedListQueries(dms.spec)],
      sqlParallel: true,
    });
  }
  return out;
};
