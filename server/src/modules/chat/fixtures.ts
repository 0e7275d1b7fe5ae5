import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { IdRow, rowsOf } from '../../db/sql';

/**
 * A conversation between platform users with one message of every type (TEXT, AUDIO, IMAGE,
 * VIDEO, POST with an image and a raw_video), for tests and the demo seed.
 */
export async function makeChatRoom(
  db: Db,
  opts: { members: number[]; name?: string | null; texts?: string[]; allTypes?: boolean },
): Promise<{ roomId: number; channel: string; messageIds: number[]; postId: number | null }> {
  const channel = `chat_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const [room] = rowsOf(
    IdRow,
    await db.execute(sql`INSERT INTO chat_rooms (name, channel, last_message_at)
      VALUES (${opts.name ?? null}, ${channel}, now()) RETURNING id`),
  );
  for (const userId of opts.members) {
    await db.execute(sql`INSERT INTO chat_room_members (room_id, user_id) VALUES (${room.id}, ${userId})`);
  }
  const [a, b] = [opts.members[0], opts.members[1] ?? opts.members[0]];
  const ids: number[] = [];
  let postId: number | null = null;
  let t = Date.now() - 3_600_000;
  const at = () => {
    t += 1000;
    return new Date(t).toISOString();
  };
  const add = async (
    sender: number,
    type: string,
    message: string | null,
    media: string | null,
    post: number | null,
  ) => {
    const time = at();
    const [row] = rowsOf(
      IdRow,
      await db.execute(sql`INSERT INTO chat_messages (room_id, sender_id, type, message, media, post_id, created_at, updated_at)
        VALUES (${room.id}, ${sender}, ${type}, ${message}, ${media}, ${post}, ${time}, ${time}) RETURNING id`),
    );
    ids.push(row.id);
  };
  for (const [i, text] of (opts.texts ?? []).entries()) {
    await add(i % 2 ? b : a, 'TEXT', text, null, null);
  }
  if (opts.allTypes) {
    const [post] = rowsOf(
      IdRow,
      await db.execute(sql`INSERT INTO posts (user_id, title, description, website, type)
        VALUES (${b}, 'Shared post title', 'A post shared in chat', 'https://example.com', 'image') RETURNING id`),
    );
    postId = post.id;
    await db.execute(sql`INSERT INTO post_media (post_id, type, image, title, position) VALUES
      (${post.id}, 'image', '/media/demo/post-1.svg', 'First picture', 0),
      (${post.id}, 'raw_video', '/media/demo/clip.mp4', 'A clip', 1)`);
    await add(a, 'TEXT', 'Hello there, this is a fairly long first message', null, null);
    await add(b, 'AUDIO', null, '/media/demo/voice.mp3', null);
    await add(a, 'IMAGE', null, '/media/demo/photo.svg', null);
    await add(b, 'VIDEO', null, '/media/demo/clip.mp4', null);
    await add(a, 'POST', 'Look at this post', null, post.id);
  }
  return { roomId: room.id, channel, messageIds: ids, postId };
}
