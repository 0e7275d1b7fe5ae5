import { sql } from 'drizzle-orm';
import { chatMessages, chatRoomMembers, chatRooms, directMessages } from '../../db/schema';
import { AUDIO_URL, TOPIC_VARIANTS, topicImageUrl } from '../media';
import { CHAT_TEXTS, DM_FROM_ADMIN, DM_FROM_USER, GROUP_ROOMS, TOPICS } from '../wordlists';
import { DAY, type DemoContext, type DemoPost, type DemoUser, MINUTE } from './context';
import { insertIds, insertMany } from './insert';

interface RoomSeed {
  name: string | null;
  channel: string;
  members: DemoUser[];
}

/** Chat rooms (one-to-one and group rooms) with their members and messages of every type. */
export async function seedChat(ctx: DemoContext, alive: DemoUser[], demoPosts: DemoPost[]): Promise<void> {
  const { db, rng, at } = ctx;
  const roomSeeds: RoomSeed[] = [];
  const pairs = Math.max(2, Math.round(alive.length / 10));
  const pairSet = new Set<string>();
  for (let r = 0; r < pairs; r++) {
    const [a, b] = rng.sample(alive, 2);
    const key = a.id < b.id ? `${a.id}_${b.id}` : `${b.id}_${a.id}`;
    if (!b || pairSet.has(key)) {
      continue;
    }
    pairSet.add(key);
    roomSeeds.push({ name: null, channel: `chat_${key}`, members: [a, b] });
  }
  GROUP_ROOMS.slice(0, Math.max(2, Math.min(GROUP_ROOMS.length, Math.round(alive.length / 30)))).forEach(
    (g, k) => {
      roomSeeds.push({
        name: g,
        channel: `group_${g.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${k + 1}`,
        members: rng.sample(alive, rng.int(3, 8)),
      });
    },
  );
  const roomIds = await insertIds(
    db,
    chatRooms,
    roomSeeds.map((r) => ({ name: r.name, channel: r.channel, createdAt: at(rng.int(40, 120) * DAY) })),
  );
  const memberRows = roomSeeds.flatMap((r, i) =>
    r.members.map((m) => ({ roomId: roomIds[i], userId: m.id, joinedAt: at(rng.int(40, 120) * DAY) })),
  );
  await insertMany(db, chatRoomMembers, memberRows);
  await insertMany(db, chatMessages, messageRows(ctx, roomSeeds, roomIds, demoPosts));
  await db.execute(sql`
    UPDATE chat_rooms r SET last_message_at = m.t
    FROM (SELECT room_id, max(created_at) AS t FROM chat_messages GROUP BY room_id) m
    WHERE m.room_id = r.id AND r.last_message_at IS NULL`);
}

function messageRows(
  ctx: DemoContext,
  roomSeeds: RoomSeed[],
  roomIds: number[],
  demoPosts: DemoPost[],
): (typeof chatMessages.$inferInsert)[] {
  const { rng, now } = ctx;
  const rows: (typeof chatMessages.$inferInsert)[] = [];
  const messageTypes = [
    ['TEXT', 70],
    ['IMAGE', 10],
    ['POST', 9],
    ['AUDIO', 6],
    ['VIDEO', 5],
  ] as const;
  roomSeeds.forEach((r, i) => {
    const k = rng.int(6, 36);
    let t = now - rng.int(20, 60) * DAY;
    const step = (now - t) / (k + 1);
    for (let j = 0; j < k; j++) {
      t += rng.float(0.2, 1.8) * step;
      const stamp = new Date(Math.min(t, now - MINUTE));
      // The first room shows every message type at its start.
      const type =
        i === 0 && j < 5
          ? (['TEXT', 'IMAGE', 'AUDIO', 'VIDEO', 'POST'] as const)[j]
          : rng.weighted(messageTypes);
      const topic = rng.pick(TOPICS);
      const post = rng.pick(demoPosts);
      rows.push({
        roomId: roomIds[i],
        senderId: rng.pick(r.members).id,
        type,
        message:
          type === 'TEXT'
            ? rng.pick(CHAT_TEXTS)
            : type === 'POST'
              ? rng.pick(['Look at this!', 'Thought you would like this', 'Saw this and thought of you', ''])
              : null,
        media:
          type === 'IMAGE'
            ? topicImageUrl(topic, rng.int(0, TOPIC_VARIANTS - 1))
            : type === 'AUDIO'
              ? AUDIO_URL
              : type === 'VIDEO'
                ? ctx.videoOrThumb(topic)
                : null,
        postId: type === 'POST' && post ? post.id : null,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
  });
  return rows;
}

/** Direct messages between the super admin and some users, a few with unread replies. */
export async function seedDirectMessages(ctx: DemoContext, alive: DemoUser[]): Promise<void> {
  const { rng, now, superAdminId } = ctx;
  if (superAdminId === null) {
    return;
  }
  const dmRows: (typeof directMessages.$inferInsert)[] = [];
  for (const u of rng.sample(alive, Math.min(14, alive.length))) {
    const k = rng.int(2, 10);
    let t = now - rng.int(1, 25) * DAY;
    const unreadTail = rng.chance(0.5) ? rng.int(1, 3) : 0;
    for (let j = 0; j < k; j++) {
      t += rng.int(2, 600) * MINUTE;
      const stamp = new Date(Math.min(t, now - 2 * MINUTE));
      const fromAdmin = j % 2 === 1 || (j === 0 && rng.chance(0.3));
      const text = fromAdmin
        ? rng.pick(DM_FROM_ADMIN).replace('{name}', u.name.split(' ')[0])
        : rng.pick(DM_FROM_USER);
      const unread = j >= k - unreadTail;
      dmRows.push({
        userId: u.id,
        senderId: fromAdmin ? superAdminId : u.id,
        message: text,
        clientTimestamp: String(stamp.getTime()),
        createdAt: stamp,
        readAt: unread ? null : new Date(stamp.getTime() + rng.int(1, 120) * MINUTE),
      });
    }
  }
  await insertMany(ctx.db, directMessages, dmRows);
}
