import { randomBytes } from 'node:crypto';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  analyticsEvents,
  appVersionSettings,
  bookmarks,
  campaignCharges,
  campaignEvents,
  campaignInterests,
  campaignSettings,
  campaignStatusHistory,
  campaigns,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  conversationAccessRequests,
  dashboardWidgets,
  devices,
  directMessages,
  failedUrls,
  follows,
  groupPermissions,
  groups,
  interests,
  notifications,
  permissions,
  postLikes,
  postMedia,
  postReports,
  posts,
  postViews,
  searches,
  signupCodes,
  staticSettings,
  transactions,
  userGroups,
  userPermissions,
  userReports,
  users,
} from '../db/schema';
import { rowsOf } from '../db/sql';
import { hashPassword } from '../lib/passwords';
import { syncPermissions } from './bootstrap';
import {
  ADVERTISERS,
  APP_VERSIONS,
  CHAT_TEXTS,
  CITIES,
  type City,
  CTA_BUTTONS,
  DECLINE_REASONS,
  DM_FROM_ADMIN,
  DM_FROM_USER,
  FAILED_HOSTS,
  FEMALE_NAMES,
  GROUP_PERMISSIONS,
  GROUP_ROOMS,
  INTERESTS,
  LAST_NAMES,
  MALE_NAMES,
  OS_VERSIONS,
  REPORT_REASONS,
  SEARCH_TYPES,
  SIGNUP_CODES,
  STAFF,
  STAFF_USER_PERMISSIONS,
  STREETS,
  TOPICS,
  type Topic,
} from './data';
import {
  AUDIO_URL,
  avatarUrl,
  flushMedia,
  TOPIC_VARIANTS,
  topicImageUrl,
  topicThumbUrl,
  VIDEO_URL,
  writeAvatar,
  writeCreative,
  writeSharedMedia,
} from './media';
import { STATIC_PAGES } from './pages';
import { Rng } from './random';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function literal(v: unknown): string {
  if (v === undefined) {
    return 'DEFAULT';
  }
  if (v === null) {
    return 'NULL';
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) {
      throw new Error(`seed: not a finite number: ${v}`);
    }
    return String(v);
  }
  if (typeof v === 'boolean') {
    return v ? 'true' : 'false';
  }
  const text = v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : JSON.stringify(v);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Multi-row INSERT with the values written as SQL literals: several times faster than bound
 * parameters on PGlite, and these values are all generated here, never user input.
 */
function insertStatement<T extends PgTable>(table: T, rows: T['$inferInsert'][]): string {
  const columns = Object.entries(getTableColumns(table)) as [string, { name: string }][];
  const used = columns.filter(([key]) => rows.some((r) => (r as Record<string, unknown>)[key] !== undefined));
  const values = rows
    .map((r) => `(${used.map(([key]) => literal((r as Record<string, unknown>)[key])).join(',')})`)
    .join(',\n');
  return `INSERT INTO "${getTableName(table)}" (${used.map(([, c]) => `"${c.name}"`).join(', ')}) VALUES ${values}`;
}

/** Inserts rows in multi-row statements of `size`. */
async function insertMany<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][], size = 2000) {
  for (let i = 0; i < rows.length; i += size) {
    await db.execute(sql.raw(insertStatement(table, rows.slice(i, i + size))));
  }
}

/** Like insertMany, answering the new ids in row order. */
async function insertIds<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  size = 2000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const res = await db.execute(sql.raw(`${insertStatement(table, rows.slice(i, i + size))} RETURNING id`));
    ids.push(...rowsOf<{ id: number }>(res).map((r) => r.id));
  }
  return ids;
}

interface DemoUser {
  id: number;
  name: string;
  username: string;
  gender: 'male' | 'female';
  city: City;
  lat: number | null;
  lng: number | null;
  createdAt: Date;
  deleted: boolean;
  suspended: boolean;
  dob: string;
}

export interface DemoSummary {
  users: number;
  staff: number;
  superAdminId: number | null;
  timings: Record<string, number>;
  /** The generated password of each demo staff account (shown once, see demo-accounts.ts). */
  staffPasswords: { username: string; password: string }[];
}

/**
 * The believable data every screen shows on a first start: `count` platform users with devices,
 * follows, posts, searches, chats and reports; staff in groups; campaigns in every status with
 * their events; settings, pages and operational data. Deterministic apart from timestamps,
 * which are relative to now.
 */
export async function seedRichDemo(
  db: Db,
  opts: { users: number; mediaDir: string; log: (m: string) => void },
): Promise<DemoSummary> {
  const rng = new Rng(20_260_101);
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };
  const { video } = writeSharedMedia(opts.mediaDir);
  const VIDEO_OR_THUMB = (t: Topic) => (video ? VIDEO_URL : topicThumbUrl(t));
  lap('media');

  await syncPermissions(db);
  const permRows = await db.select().from(permissions);
  const permId = new Map(permRows.map((p) => [p.name, p.id]));
  const [admin] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM users WHERE is_sup_admin ORDER BY id LIMIT 1`),
  );
  const superAdminId = admin?.id ?? null;

  // --- Staff, groups and grants -------------------------------------------------------------
  // Never a fixed password: a demo left reachable would be open to anyone who read the README.
  const staffPasswords = STAFF.map((s) => ({
    username: s.username,
    password: randomBytes(12).toString('base64url'),
  }));
  const staffHashes = await Promise.all(staffPasswords.map((p) => hashPassword(p.password)));
  const staffRows = STAFF.map((s, i) => ({
    name: s.name,
    username: s.username,
    email: `${s.username}@example.com`,
    phone: `+1 (559) 555-01${String(10 + i).padStart(2, '0')}`,
    passwordHash: staffHashes[i],
    avatar: avatarUrl(s.username),
    gender: i % 2 ? 'male' : 'female',
    isAdmin: true,
    lastInteracted: at(rng.int(5, 3 * 24 * 60) * MINUTE),
    createdAt: at(rng.int(200, 700) * DAY),
  }));
  for (const s of STAFF) {
    writeAvatar(opts.mediaDir, s.username, s.name, rng);
  }
  const staffIds = await insertIds(db, users, staffRows);
  const staffId = new Map(STAFF.map((s, i) => [s.username, staffIds[i]]));
  const groupNames = Object.keys(GROUP_PERMISSIONS);
  const groupIds = await insertIds(
    db,
    groups,
    groupNames.map((name, i) => ({
      name,
      createdAt: at((400 - i * 30) * DAY),
      updatedAt: at((90 - i * 10) * DAY),
    })),
  );
  const groupId = new Map(groupNames.map((g, i) => [g, groupIds[i]]));
  await insertMany(
    db,
    groupPermissions,
    groupNames.flatMap((g) =>
      GROUP_PERMISSIONS[g]
        .filter((p) => permId.has(p))
        .map((p) => ({ groupId: groupId.get(g)!, permissionId: permId.get(p)! })),
    ),
  );
  await insertMany(
    db,
    userGroups,
    STAFF.flatMap((s) =>
      s.groups.map((g) => ({ userId: staffId.get(s.username)!, groupId: groupId.get(g)! })),
    ),
  );
  await insertMany(
    db,
    userPermissions,
    Object.entries(STAFF_USER_PERMISSIONS).flatMap(([u, ps]) =>
      ps.filter((p) => permId.has(p)).map((p) => ({ userId: staffId.get(u)!, permissionId: permId.get(p)! })),
    ),
  );
  lap('staff');

  // --- Platform users ------------------------------------------------------------------------
  const n = opts.users;
  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  const cityWeights = CITIES.map((c) => [c, c.weight] as const);
  const people: Omit<DemoUser, 'id'>[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  // A handful are online right now (the green dot: active in the last 60 seconds).
  const onlineNow = new Set(rng.sample([...Array(n).keys()], Math.min(6, n)));
  for (let i = 0; i < n; i++) {
    const gender = rng.chance(0.5) ? 'male' : 'female';
    const first = rng.pick(gender === 'male' ? MALE_NAMES : FEMALE_NAMES);
    const last = rng.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    let username = `${first}.${last}`.toLowerCase();
    while (usedNames.has(username)) {
      username = `${first}.${last}${rng.int(1, 999)}`.toLowerCase();
    }
    usedNames.add(username);
    const domain = rng.pick(['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'hotmail.com']);
    let email = `${username.replace('.', rng.pick(['.', '_', '']))}@${domain}`;
    while (usedEmails.has(email)) {
      email = `${first}${last}${rng.int(10, 9999)}@${domain}`.toLowerCase();
    }
    usedEmails.add(email);
    const city = rng.weighted(cityWeights);
    const located = rng.chance(0.92);
    const lat = located ? city.lat + rng.gauss() * 0.035 : null;
    const lng = located ? city.lng + rng.gauss() * 0.035 : null;
    const createdAt = at(Math.floor(rng.next() ** 1.4 * 720 * DAY) + rng.int(1, 3600) * SECOND);
    const age = now - createdAt.getTime();
    const deleted = rng.chance(0.06) && !onlineNow.has(i);
    const suspended = !deleted && rng.chance(0.04) && !onlineNow.has(i);
    let lastInteracted: Date | null;
    if (onlineNow.has(i)) {
      lastInteracted = at(rng.int(3, 45) * SECOND);
    } else if (rng.chance(0.04)) {
      lastInteracted = null;
    } else {
      lastInteracted = at(Math.floor(rng.next() ** 3 * age));
    }
    const year = rng.int(1968, 2007);
    const dob = `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    const hasAvatar = rng.chance(0.9);
    if (hasAvatar) {
      writeAvatar(opts.mediaDir, username, name, rng);
    }
    people.push({ name, username, gender, city, lat, lng, createdAt, deleted, suspended, dob });
    userRows.push({
      name,
      username,
      email,
      phone: rng.chance(0.9) ? `+1 (${city.area}) 555-${String(rng.int(0, 9999)).padStart(4, '0')}` : null,
      avatar: hasAvatar ? avatarUrl(username) : null,
      gender,
      dob,
      address: `${rng.int(100, 9899)} ${rng.pick(STREETS)}, ${city.name}, CA ${city.zip}`,
      currentLocation: located ? `${city.name}, CA` : null,
      latitude: lat,
      longitude: lng,
      isSuspended: suspended,
      isAdvertiseEnabled: rng.chance(0.15),
      autoFollow: rng.chance(0.03),
      lastInteracted,
      deletedAt: deleted ? at(Math.floor(rng.next() * Math.min(age, 120 * DAY))) : null,
      createdAt,
      updatedAt: lastInteracted ?? createdAt,
    });
  }
  const userIds = await insertIds(db, users, userRows);
  const all: DemoUser[] = people.map((p, i) => ({ ...p, id: userIds[i] }));
  const alive = all.filter((u) => !u.deleted);
  const pickUser = () => rng.pick(alive);
  const after = (d: Date) => new Date(d.getTime() + Math.floor(rng.next() * Math.max(0, now - d.getTime())));
  lap('users');

  // Event volumes (campaign events, analytics) follow the user count, so a small test seed stays quick.
  const volume = Math.max(0.15, Math.min(1, alive.length / 300));

  // --- Devices ---------------------------------------------------------------------------------
  const deviceRows: (typeof devices.$inferInsert)[] = [];
  all.forEach((u, i) => {
    const count = rng.weighted([
      [1, 80],
      [2, 15],
      [0, 5],
    ] as const);
    for (let k = 0; k < count; k++) {
      const type = rng.chance(0.55) ? 'android' : 'ios';
      const last = userRows[i].lastInteracted ?? u.createdAt;
      deviceRows.push({
        userId: u.id,
        deviceType: type,
        deviceOs: rng.pick(OS_VERSIONS[type]),
        appVersion: rng.pick(APP_VERSIONS[type]),
        pushToken: `${rng.token(22)}:APA91b${rng.token(134)}`,
        // the newest device carries the user's last activity
        lastUsedAt: k === 0 ? last : new Date(last.getTime() - rng.int(1, 90) * DAY),
        createdAt: u.createdAt,
      });
    }
  });
  await insertMany(db, devices, deviceRows);
  lap('devices');

  // --- Follows (popular users get many followers) -----------------------------------------------
  const popularity = rng.sample(alive, alive.length);
  const followSet = new Set<string>();
  const followRows: (typeof follows.$inferInsert)[] = [];
  for (const u of alive) {
    const k = Math.floor(rng.next() ** 1.5 * 30);
    for (let j = 0; j < k; j++) {
      const target = popularity[rng.skewed(popularity.length, 2)];
      const key = `${u.id}:${target.id}`;
      if (target.id === u.id || followSet.has(key)) {
        continue;
      }
      followSet.add(key);
      const since = new Date(Math.max(u.createdAt.getTime(), target.createdAt.getTime()));
      followRows.push({ followerId: u.id, followingId: target.id, createdAt: after(since) });
    }
  }
  await insertMany(db, follows, followRows);
  lap('follows');

  // --- Posts, media, reports, views, likes, bookmarks ---------------------------------------------
  interface DemoPost {
    id: number;
    user: DemoUser;
    topic: Topic;
    createdAt: Date;
  }
  const postSeeds: Omit<DemoPost, 'id'>[] = [];
  const postRows: (typeof posts.$inferInsert)[] = [];
  for (const u of alive) {
    const k = Math.floor(rng.next() ** 1.8 * 9);
    for (let j = 0; j < k; j++) {
      const topic = rng.pick(TOPICS);
      const isVideo = rng.chance(0.15);
      const createdAt = after(new Date(Math.max(u.createdAt.getTime(), now - 240 * DAY)));
      postSeeds.push({ user: u, topic, createdAt });
      postRows.push({
        userId: u.id,
        title: topic.title,
        description: topic.description,
        website: topic.website,
        searchTerm: topic.term,
        type: isVideo ? 'raw_video' : 'image',
        latitude: u.lat === null ? null : u.lat + rng.gauss() * 0.01,
        longitude: u.lng === null ? null : u.lng + rng.gauss() * 0.01,
        commentCount: rng.int(0, 40),
        clicksCount: rng.int(0, 240),
        sharesCount: rng.int(0, 35),
        deletedAt: rng.chance(0.03) ? after(createdAt) : null,
        createdAt,
        updatedAt: after(createdAt),
      });
    }
  }
  const postIds = await insertIds(db, posts, postRows);
  const demoPosts: DemoPost[] = postSeeds.map((p, i) => ({ ...p, id: postIds[i] }));
  const mediaRows: (typeof postMedia.$inferInsert)[] = [];
  demoPosts.forEach((p, i) => {
    const k = rng.int(1, 4);
    const first = rng.int(0, TOPIC_VARIANTS - 1);
    for (let j = 0; j < k; j++) {
      const isVideo = postRows[i].type === 'raw_video' && j === 0;
      mediaRows.push({
        postId: p.id,
        type: isVideo ? (video ? 'raw_video' : 'image') : 'image',
        image: isVideo ? VIDEO_OR_THUMB(p.topic) : topicImageUrl(p.topic, (first + j) % TOPIC_VARIANTS),
        title: j === 0 ? p.topic.title : `${p.topic.title} (${j + 1}/${k})`,
        position: j,
      });
    }
  });
  await insertMany(db, postMedia, mediaRows);
  const reportRows: (typeof postReports.$inferInsert)[] = [];
  for (const p of rng.sample(demoPosts, Math.max(3, Math.round(demoPosts.length * 0.08)))) {
    for (const by of rng.sample(alive, rng.int(1, 5))) {
      if (by.id !== p.user.id) {
        reportRows.push({
          postId: p.id,
          reportedById: by.id,
          reason: rng.pick(REPORT_REASONS),
          createdAt: after(p.createdAt),
        });
      }
    }
  }
  await insertMany(db, postReports, reportRows);
  const viewRows: (typeof postViews.$inferInsert)[] = [];
  const likeRows: (typeof postLikes.$inferInsert)[] = [];
  const bookmarkRows: (typeof bookmarks.$inferInsert)[] = [];
  for (const p of demoPosts) {
    for (const viewer of rng.sample(alive, Math.floor(rng.next() ** 1.5 * 22))) {
      const seen = after(p.createdAt);
      viewRows.push({ postId: p.id, userId: viewer.id, createdAt: seen });
      if (rng.chance(0.4)) {
        likeRows.push({ postId: p.id, userId: viewer.id, createdAt: seen });
      }
      if (rng.chance(0.12)) {
        bookmarkRows.push({ postId: p.id, userId: viewer.id, createdAt: seen });
      }
    }
  }
  await insertMany(db, postViews, viewRows);
  await insertMany(db, postLikes, likeRows);
  await insertMany(db, bookmarks, bookmarkRows);
  lap('posts');

  // --- Searches -----------------------------------------------------------------------------------
  const searchRows: (typeof searches.$inferInsert)[] = [];
  for (const u of all) {
    const k = Math.floor(rng.next() ** 1.6 * 25);
    for (let j = 0; j < k; j++) {
      const topic = rng.pick(TOPICS);
      const type = rng.weighted(SEARCH_TYPES);
      const createdAt = after(new Date(Math.max(u.createdAt.getTime(), now - 180 * DAY)));
      const variant = rng.int(0, TOPIC_VARIANTS - 1);
      const isVideo = type === 'video' || type === 'raw_video';
      searchRows.push({
        userId: u.id,
        searchTerm: rng.chance(0.7)
          ? topic.term
          : `${topic.term} ${rng.pick(['near me', 'today', 'reviews', 'photos', '2026', 'open now'])}`,
        website: topic.website,
        type,
        title: topic.title,
        description: topic.description,
        image:
          type === 'raw_video'
            ? VIDEO_OR_THUMB(topic)
            : isVideo
              ? topicThumbUrl(topic)
              : topicImageUrl(topic, variant),
        thumbUrl: isVideo ? topicThumbUrl(topic) : topicImageUrl(topic, variant),
        deletedAt: rng.chance(0.05) ? after(createdAt) : null,
        createdAt,
        updatedAt: rng.chance(0.2) ? after(createdAt) : createdAt,
      });
    }
  }
  await insertMany(db, searches, searchRows);
  lap('searches');

  // --- User reports --------------------------------------------------------------------------------
  const troublemakers = rng.sample(alive, Math.max(2, Math.round(alive.length * 0.06)));
  const userReportRows: (typeof userReports.$inferInsert)[] = [];
  for (const bad of troublemakers) {
    for (const by of rng.sample(alive, rng.int(1, 4))) {
      if (by.id !== bad.id) {
        userReportRows.push({
          reportedUserId: bad.id,
          reportedById: by.id,
          reason: rng.pick(REPORT_REASONS),
          createdAt: at(rng.int(1, 90 * 24) * HOUR),
        });
      }
    }
  }
  await insertMany(db, userReports, userReportRows);

  // --- Chat rooms and messages -------------------------------------------------------------------
  const roomSeeds: { name: string | null; channel: string; members: DemoUser[] }[] = [];
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
  const messageRows: (typeof chatMessages.$inferInsert)[] = [];
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
      messageRows.push({
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
                ? VIDEO_OR_THUMB(topic)
                : null,
        postId: type === 'POST' && post ? post.id : null,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
  });
  await insertMany(db, chatMessages, messageRows);
  await db.execute(sql`
    UPDATE chat_rooms r SET last_message_at = m.t
    FROM (SELECT room_id, max(created_at) AS t FROM chat_messages GROUP BY room_id) m
    WHERE m.room_id = r.id AND r.last_message_at IS NULL`);
  lap('chat');

  // --- Direct messages between the super admin and some users -------------------------------------
  if (superAdminId !== null) {
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
    await insertMany(db, directMessages, dmRows);
  }

  // --- Static pages, flags, widgets, app versions --------------------------------------------------
  await db
    .insert(staticSettings)
    .values([
      ...Object.entries(STATIC_PAGES).map(([dataKey, data]) => ({
        dataKey,
        data,
        updatedById: superAdminId,
        updatedAt: at(rng.int(5, 90) * DAY),
      })),
      { dataKey: 'ENRICHMENT_SERVICE', data: '1', updatedById: superAdminId },
      { dataKey: 'URL_MAX_RETRY', data: '3', updatedById: superAdminId },
    ])
    .onConflictDoNothing();
  const postWidgets = [
    { id: 'SwisAnalytics', permission: 'dashboard_data', content: 'Swis Analytics' },
    { id: 'GoogleAnalytics', permission: 'google_analytics', content: 'Google Analytics' },
    { id: 'GoogleAnalyticsGraph', permission: 'google_analytics_graph', content: 'Google Analytics Graph' },
    { id: 'TopSearches', permission: 'top_searches', content: 'Top Searches' },
    { id: 'PopularSearches', permission: 'top_searches', content: 'Popular Searches' },
    { id: 'FailedUrlGraph', permission: 'failed_urls', content: 'Failed Urls Graph' },
    { id: 'MapComp', permission: 'users_locations', content: 'Users Location' },
  ];
  const adsWidgets = [
    { id: 'AdsAnalytics', permission: 'campaign_analytics', content: 'Campaign Analytics' },
    { id: 'AdsTransactions', permission: 'transaction_history', content: 'Ads Transactions' },
  ];
  const widgetRows: (typeof dashboardWidgets.$inferInsert)[] = [];
  if (superAdminId !== null) {
    widgetRows.push(
      { userId: superAdminId, type: 'POST', widgetJson: postWidgets },
      { userId: superAdminId, type: 'ADS', widgetJson: adsWidgets },
    );
  }
  widgetRows.push(
    { userId: staffId.get('daniel.marketing')!, type: 'ADS', widgetJson: adsWidgets.slice(0, 1) },
    { userId: staffId.get('omar.analyst')!, type: 'POST', widgetJson: postWidgets.slice(1, 5) },
  );
  await db.insert(dashboardWidgets).values(widgetRows).onConflictDoNothing();
  await db
    .insert(appVersionSettings)
    .values([
      { deviceType: 'android', appVersion: '3.8.0', notifyForUpdate: 1, updatedAt: at(12 * DAY) },
      { deviceType: 'ios', appVersion: '3.7.2', notifyForUpdate: 2, updatedAt: at(20 * DAY) },
    ])
    .onConflictDoNothing();
  // Staff without the conversation permission asked for it (one still waiting, one granted).
  await insertMany(db, conversationAccessRequests, [
    {
      requesterId: staffId.get('ravi.readonly')!,
      message: 'I need to read the chat of a reported user for a support ticket.',
      status: 'pending',
      createdAt: at(3 * HOUR),
    },
    {
      requesterId: staffId.get('tom.support')!,
      message: 'Reviewing a harassment report, please grant conversation access.',
      status: 'approved',
      decidedById: superAdminId,
      decidedAt: at(6 * DAY),
      createdAt: at(7 * DAY),
    },
  ]);
  lap('messages+settings');

  // --- Interests and campaigns ---------------------------------------------------------------------
  const interestIds = await insertIds(
    db,
    interests,
    INTERESTS.map((name) => {
      const created = at(rng.int(100, 500) * DAY);
      return { name, createdAt: created, updatedAt: rng.chance(0.3) ? after(created) : created };
    }),
  );
  // A few interests stay unused so they can be deleted on the Interest screen.
  const usableInterests = interestIds.slice(0, interestIds.length - 5);
  await db
    .insert(campaignCharges)
    .values([
      { goal: 'CPC', costPerClick: 0.45, costPerView: 0, minDailyBudget: 5 },
      { goal: 'CPV', costPerClick: 0, costPerView: 0.05, minDailyBudget: 5 },
    ])
    .onConflictDoNothing();

  const advertisers = rng.sample(
    alive.filter((u) => !u.suspended),
    Math.max(3, Math.min(15, Math.round(alive.length / 20))),
  );
  await db.execute(
    sql`UPDATE users SET is_advertise_enabled = true WHERE id IN (${sql.join(
      advertisers.map((a) => sql`${a.id}`),
      sql`, `,
    )})`,
  );
  const STATUSES = ['Draft', 'Pending', 'Approved', 'Declined', 'Running', 'Paused', 'Completed'] as const;
  type Status = (typeof STATUSES)[number];
  const statusWeights: [Status, number][] = [
    ['Running', 20],
    ['Completed', 18],
    ['Pending', 14],
    ['Approved', 10],
    ['Paused', 10],
    ['Declined', 10],
    ['Draft', 8],
  ];
  const campaignCount = Math.max(14, Math.round(alive.length / 6));
  const marketingStaff = [staffId.get('daniel.marketing')!, staffId.get('sofia.marketing')!, superAdminId];
  interface CampaignPlan {
    status: Status;
    start: number;
    end: number;
    stop: number;
    goal: 'CPC' | 'CPV';
    cpc: number;
    cpv: number;
    perDay: number;
    createdAt: Date;
    overspendToday: boolean;
    budgetCompleted: boolean;
  }
  const plans: CampaignPlan[] = [];
  const campaignRows: (typeof campaigns.$inferInsert)[] = [];
  const campaignInterestRows: { index: number; interestId: number }[] = [];
  for (let c = 0; c < campaignCount; c++) {
    const status: Status = c < STATUSES.length ? STATUSES[c] : rng.weighted(statusWeights);
    const owner = advertisers[c % advertisers.length];
    const brand = rng.pick(ADVERTISERS);
    const isVideo = rng.chance(0.28);
    const goal: 'CPC' | 'CPV' = isVideo
      ? rng.chance(0.8)
        ? 'CPV'
        : 'CPC'
      : rng.chance(0.85)
        ? 'CPC'
        : 'CPV';
    const perDay = rng.int(2, 30) * 5;
    // One completed campaign ran out of budget before its end date (the list's 'Budget' hint).
    const budgetCompleted = status === 'Completed' && plans.every((p) => !p.budgetCompleted);
    let start: number;
    let end: number;
    let stop: number;
    let createdAt: Date;
    switch (status) {
      case 'Running':
        start = now - rng.int(2, 60) * DAY;
        end = now + rng.int(4, 45) * DAY;
        stop = now;
        break;
      case 'Completed':
        if (budgetCompleted) {
          start = now - rng.int(10, 30) * DAY;
          end = now + rng.int(5, 20) * DAY;
          stop = now - rng.int(1, 4) * DAY;
        } else {
          start = now - rng.int(25, 170) * DAY;
          end = Math.min(start + rng.int(7, 40) * DAY, now - DAY);
          stop = end;
        }
        break;
      case 'Paused':
        start = now - rng.int(10, 120) * DAY;
        stop = Math.min(start + rng.int(3, 30) * DAY, now - DAY);
        end = stop + rng.int(5, 30) * DAY;
        break;
      default:
        start = now + rng.int(1, 25) * DAY;
        end = start + rng.int(7, 30) * DAY;
        stop = start;
    }
    start = Math.floor(start / HOUR) * HOUR;
    end = Math.floor(end / HOUR) * HOUR;
    if (status === 'Running' || status === 'Completed' || status === 'Paused') {
      createdAt = new Date(start - rng.int(1, 6) * DAY - rng.int(0, 23) * HOUR);
    } else {
      createdAt = at(rng.int(1, 12) * DAY + rng.int(0, 23) * HOUR);
    }
    const days = Math.max(1, Math.round((end - start) / DAY));
    const plan: CampaignPlan = {
      status,
      start,
      end,
      stop,
      goal,
      cpc: rng.int(25, 75) / 100,
      cpv: rng.int(2, 9) / 100,
      perDay,
      createdAt,
      overspendToday: status === 'Running' && plans.every((p) => !p.overspendToday),
      budgetCompleted,
    };
    plans.push(plan);
    const button = rng.pick(CTA_BUTTONS);
    const regional = rng.chance(0.6);
    const region = rng.sample(CITIES, rng.int(1, 4));
    const centre = rng.pick(CITIES.slice(0, 10));
    const headline = rng.pick([
      `${brand.product} – this week only`,
      `${brand.product} near you`,
      `Try ${brand.brand} today`,
      `${brand.product}: save 20%`,
    ]);
    const creative = writeCreative(opts.mediaDir, `campaign-${c + 1}.svg`, {
      brand: brand.brand,
      headline,
      button,
      scene: brand.scene,
      rng,
      video: isVideo,
    });
    const complete = status !== 'Draft' || rng.chance(0.5);
    const autoInterest = rng.chance(0.2);
    if (!autoInterest) {
      for (const interestId of rng.sample(usableInterests, rng.int(1, 4))) {
        campaignInterestRows.push({ index: c, interestId });
      }
    }
    campaignRows.push({
      userId: owner.id,
      campaignName: `${brand.product} ${rng.pick(['Spring', 'Summer', 'Fall', 'Holiday', 'Launch', 'Local'])} ${new Date(start).getUTCFullYear()}`,
      adSetName: `${rng.pick(['Valley', 'Coast', 'Bay Area', 'SoCal', 'Statewide', 'Students'])} ${rng.pick(['18-34', '25-54', '35+', 'All ages'])}`,
      status,
      type: isVideo ? 'raw_video' : 'image',
      goal,
      targetGender: rng.weighted([
        ['all', 6],
        ['male', 2],
        ['female', 2],
      ] as const),
      targetAgeMinimum: rng.pick([18, 18, 21, 25, 30]),
      targetAgeMaximum: rng.pick([34, 44, 54, 65]),
      autoInterest,
      locationType: regional ? 'regional' : 'local',
      targetRegion: regional ? region.map((r) => ({ location: `${r.name}, CA` })) : null,
      targetLocation: regional
        ? null
        : {
            address: `${rng.int(100, 4999)} ${rng.pick(STREETS)}, ${centre.name}, CA ${centre.zip}`,
            latitude: Number((centre.lat + rng.gauss() * 0.01).toFixed(6)),
            longitude: Number((centre.lng + rng.gauss() * 0.01).toFixed(6)),
            radius: rng.pick([5, 10, 15, 25, 50]),
          },
      creativeAdTitle: complete ? headline : null,
      creativeAdUrl: complete ? `https://${brand.site}/offer?utm_source=swis&utm_campaign=${c + 1}` : null,
      creativeAdDescription: complete
        ? `${brand.brand}: ${brand.product.toLowerCase()} for the Central Valley. Limited time offer.`
        : null,
      creativeAdButtonName: button.name,
      creativeAdButtonColor: button.color,
      creativeAdButtonTextColor: button.text,
      creativeAdMediaPath: isVideo ? (video ? VIDEO_URL : creative) : creative,
      thumbUrl: creative,
      paymentType: rng.pick(['card', 'card', 'wallet']),
      adStart: new Date(start),
      adEnd: new Date(end),
      totalAdBudget: perDay * days,
      perDayBudget: perDay,
      costPerClick: plan.cpc,
      costPerView: plan.cpv,
      runningStatus:
        status === 'Running'
          ? 'active'
          : status === 'Paused'
            ? 'paused'
            : status === 'Completed'
              ? 'ended'
              : null,
      declineReason: status === 'Declined' ? rng.pick(DECLINE_REASONS) : null,
      isApproved: ['Approved', 'Running', 'Paused', 'Completed'].includes(status),
      deletedAt: c >= STATUSES.length && rng.chance(0.08) ? after(createdAt) : null,
      createdAt,
      updatedAt: status === 'Draft' || status === 'Pending' ? createdAt : new Date(Math.min(now, stop)),
    });
  }
  const campaignIds = await insertIds(db, campaigns, campaignRows, 500);
  await insertMany(
    db,
    campaignInterests,
    campaignInterestRows.map((r) => ({ campaignId: campaignIds[r.index], interestId: r.interestId })),
  );

  // Status history: how each campaign got to where it is.
  const historyRows: (typeof campaignStatusHistory.$inferInsert)[] = [];
  plans.forEach((p, c) => {
    const id = campaignIds[c];
    const by = rng.pick(marketingStaff);
    const created = p.createdAt.getTime();
    const push = (
      status: string,
      t: number,
      declineReason: string | null = null,
      changedById: number | null = by,
    ) =>
      historyRows.push({
        campaignId: id,
        status,
        declineReason,
        changedById,
        createdAt: new Date(Math.min(t, now)),
      });
    push('Draft', created, null, null);
    if (p.status === 'Draft') {
      return;
    }
    push('Pending', created + 10 * MINUTE, null, null);
    if (p.status === 'Declined') {
      if (rng.chance(0.5)) {
        push('Declined', created + 6 * HOUR, rng.pick(DECLINE_REASONS));
        push('Pending', created + 20 * HOUR, null, null);
      }
      push('Declined', created + 26 * HOUR, campaignRows[c].declineReason ?? DECLINE_REASONS[0]);
      return;
    }
    if (p.status === 'Pending') {
      return;
    }
    push('Approved', Math.min(created + rng.int(2, 20) * HOUR, p.start - HOUR));
    if (p.status === 'Approved') {
      return;
    }
    push('Running', p.start, null, null);
    if (p.status === 'Paused') {
      push('Paused', p.stop);
    } else if (p.status === 'Completed') {
      push('Completed', p.stop, null, null);
    }
  });
  await insertMany(db, campaignStatusHistory, historyRows);

  // Events: what happened each day a campaign ran, capped by its daily budget.
  const eventRows: (typeof campaignEvents.$inferInsert)[] = [];
  const eventKinds = [
    ['like', 30],
    ['comment', 8],
    ['share', 8],
    ['bookmark', 10],
    ['profile_view', 14],
    ['follow', 6],
  ] as const;
  const viewers = alive.filter((u) => u.lat !== null);
  plans.forEach((p, c) => {
    if (!['Running', 'Paused', 'Completed'].includes(p.status)) {
      return;
    }
    const id = campaignIds[c];
    const isVideo = campaignRows[c].type === 'raw_video';
    const totalBudget = Number(campaignRows[c].totalAdBudget);
    let spent = 0;
    for (let day = p.start; day < p.stop; day += DAY) {
      const dayEnd = Math.min(day + DAY, p.stop, now);
      const todayRun = now - day < DAY;
      const cap = p.overspendToday && todayRun ? p.perDay * 1.05 : p.perDay;
      let daySpent = 0;
      const impressions = Math.max(2, Math.round(rng.int(4, 12) * volume));
      for (let k = 0; k < impressions; k++) {
        const t = new Date(day + Math.floor(rng.next() * (dayEnd - day)));
        const viewer = rng.pick(viewers);
        eventRows.push({ campaignId: id, userId: viewer.id, kind: 'impression', cost: 0, createdAt: t });
        if (isVideo && rng.chance(0.55)) {
          const cost = p.goal === 'CPV' && daySpent + p.cpv <= cap ? p.cpv : 0;
          daySpent += cost;
          eventRows.push({ campaignId: id, userId: viewer.id, kind: 'view', cost, createdAt: t });
        }
        if (rng.chance(p.overspendToday && todayRun ? 0.9 : 0.12)) {
          const cost = p.goal === 'CPC' && daySpent + p.cpc <= cap ? p.cpc : 0;
          daySpent += cost;
          eventRows.push({ campaignId: id, userId: viewer.id, kind: 'click', cost, createdAt: t });
        }
        if (rng.chance(0.15)) {
          eventRows.push({
            campaignId: id,
            userId: viewer.id,
            kind: rng.weighted(eventKinds),
            cost: 0,
            createdAt: t,
          });
        }
      }
      if (p.overspendToday && todayRun && daySpent < p.perDay) {
        // make "Per day budget exceed" visible on the list: today's spend reaches the daily budget
        const cost = Number((p.perDay - daySpent + 0.5).toFixed(2));
        eventRows.push({
          campaignId: id,
          userId: rng.pick(viewers).id,
          kind: p.goal === 'CPC' ? 'click' : 'view',
          cost,
          createdAt: at(MINUTE),
        });
        daySpent += cost;
      }
      spent += daySpent;
    }
    if (p.budgetCompleted) {
      // this one ended because the budget ran out (remaining under $1)
      campaignRows[c].totalAdBudget = Number((spent + 0.4).toFixed(2));
    } else if (p.status === 'Completed' || p.status === 'Paused') {
      campaignRows[c].totalAdBudget = Math.max(totalBudget, Math.ceil(spent + 5));
    }
  });
  await insertMany(db, campaignEvents, eventRows, 2000);
  await db.execute(sql`
    UPDATE campaigns c SET
      spent_on_view = s.v, spent_on_click = s.k, today_spent = s.t
    FROM (
      SELECT campaign_id,
        coalesce(sum(cost) FILTER (WHERE kind = 'view'), 0) AS v,
        coalesce(sum(cost) FILTER (WHERE kind = 'click'), 0) AS k,
        coalesce(sum(cost) FILTER (WHERE created_at >= date_trunc('day', now())), 0) AS t
      FROM campaign_events GROUP BY campaign_id
    ) s
    WHERE s.campaign_id = c.id`);
  const budgets = plans.flatMap((p, c) =>
    p.status === 'Completed' || p.status === 'Paused'
      ? [sql`(${campaignIds[c]}::int, ${campaignRows[c].totalAdBudget}::numeric)`]
      : [],
  );
  if (budgets.length) {
    await db.execute(sql`
      UPDATE campaigns c SET total_ad_budget = v.budget
      FROM (VALUES ${sql.join(budgets, sql`, `)}) AS v(id, budget) WHERE v.id = c.id`);
  }
  lap('campaigns');

  // --- Campaign calendar settings for this month and the next ---------------------------------------
  const settingKinds = [
    { key: 'cost_per_click', label: 'Cost Per Click', value: () => rng.int(30, 70) / 100 },
    { key: 'cost_per_view', label: 'Cost Per View', value: () => rng.int(2, 8) / 100 },
    { key: 'ads_per_post', label: 'Posts Per Ad', value: () => rng.int(3, 8) },
    { key: 'fequency_caps', label: 'Fequency Caps Per Day', value: () => rng.int(2, 6) },
  ];
  const settingRows: (typeof campaignSettings.$inferInsert)[] = [];
  const today = new Date(now);
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const nextMonthEnd = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 1);
  for (let d = monthStart; d < nextMonthEnd; d += DAY) {
    if (!rng.chance(0.5)) {
      continue;
    }
    for (const kind of rng.sample(settingKinds, rng.int(1, 3))) {
      settingRows.push({
        userId: null,
        settingKey: kind.key,
        settingLabel: kind.label,
        settingValue: kind.value(),
        dateFrom: new Date(d),
        dateTo: new Date(d + DAY - SECOND),
        createdAt: new Date(Math.min(now, d - rng.int(1, 20) * DAY)),
      });
    }
  }
  for (const adv of advertisers.slice(0, 2)) {
    for (let d = monthStart; d < nextMonthEnd; d += DAY * rng.int(3, 6)) {
      const kind = rng.pick(settingKinds.slice(0, 2));
      settingRows.push({
        userId: adv.id,
        settingKey: kind.key,
        settingLabel: kind.label,
        settingValue: kind.value(),
        dateFrom: new Date(d),
        dateTo: new Date(d + DAY - SECOND),
        createdAt: new Date(Math.min(now, d - DAY)),
      });
    }
  }
  await insertMany(db, campaignSettings, settingRows);

  // --- Transactions: budgets charged, unspent budgets refunded ---------------------------------------
  const txRows: (typeof transactions.$inferInsert)[] = [];
  plans.forEach((p, c) => {
    if (p.status === 'Draft') {
      return;
    }
    const row = campaignRows[c];
    const budget = Number(row.totalAdBudget);
    txRows.push({
      userId: row.userId,
      campaignId: campaignIds[c],
      amount: budget,
      transactionType: 'debit',
      stripeTransactionId: `ch_3${rng.token(23)}`,
      createdAt: new Date(p.createdAt.getTime() + 10 * MINUTE),
    });
    if (p.status === 'Declined') {
      txRows.push({
        userId: row.userId,
        campaignId: campaignIds[c],
        amount: budget,
        transactionType: 'credit',
        stripeTransactionId: `re_3${rng.token(23)}`,
        createdAt: new Date(Math.min(now, p.createdAt.getTime() + 27 * HOUR)),
      });
    } else if (p.status === 'Completed' && !p.budgetCompleted && rng.chance(0.7)) {
      txRows.push({
        userId: row.userId,
        campaignId: campaignIds[c],
        amount: Number((budget * rng.float(0.05, 0.4)).toFixed(2)),
        transactionType: 'credit',
        stripeTransactionId: `re_3${rng.token(23)}`,
        createdAt: new Date(Math.min(now, p.stop + rng.int(1, 3) * DAY)),
      });
    }
  });
  await insertMany(db, transactions, txRows);

  // --- Signup codes, notifications ---------------------------------------------------------------------
  await db
    .insert(signupCodes)
    .values(
      SIGNUP_CODES.map((code) => {
        const created = at(rng.int(30, 400) * DAY);
        return {
          code,
          usedCount: Math.floor(rng.next() ** 2 * 400),
          createdAt: created,
          updatedAt: rng.chance(0.3) ? after(created) : created,
        };
      }),
    )
    .onConflictDoNothing();
  const deviceCount = (os?: string) => deviceRows.filter((d) => !os || d.deviceType === os).length;
  const notificationRows: (typeof notifications.$inferInsert)[] = [
    ['ALL', 'New in Swis: save searches into collections! Update the app to try it.', 40],
    ['android', 'Android users: version 3.9.0 fixes video playback. Please update.', 15],
    ['ios', 'Heat advisory this weekend: find cooling centers near you in Swis.', 3],
  ].map(([occupants, message, daysAgo]) => {
    const total = deviceCount(occupants === 'ALL' ? undefined : String(occupants));
    const failed = Math.floor(total * 0.02);
    const started = at(Number(daysAgo) * DAY);
    return {
      occupants: String(occupants),
      message: String(message),
      status: 'done',
      total,
      delivered: total - failed,
      failed,
      cursor: total,
      createdById: superAdminId,
      createdAt: started,
      startedAt: started,
      finishedAt: new Date(started.getTime() + 40 * SECOND),
    };
  });
  await insertMany(db, notifications, notificationRows);

  // --- Failed URLs --------------------------------------------------------------------------------------
  const failedRows: (typeof failedUrls.$inferInsert)[] = [];
  const failedCount = Math.max(20, Math.round(alive.length * 0.6));
  for (let i = 0; i < failedCount; i++) {
    const host = rng.weighted(FAILED_HOSTS);
    const post = demoPosts.length && rng.chance(0.6) ? rng.pick(demoPosts) : null;
    const user = post?.user ?? pickUser();
    const createdAt = at(Math.floor(rng.next() ** 1.3 * 90 * DAY));
    const type = rng.chance(0.55) ? 'android' : 'ios';
    const scrap = rng.chance(0.65);
    const failedInEnrichment = scrap && rng.chance(0.4);
    const r = rng.next();
    const resolvedAt =
      failedInEnrichment || r < 0.4
        ? null
        : r < 0.65
          ? createdAt
          : new Date(Math.min(now, createdAt.getTime() + rng.int(1, 96) * HOUR));
    const path = rng.pick(['p', 'reel', 'watch', 'status', 'article', 'video', 'pin']);
    failedRows.push({
      postId: post?.id ?? null,
      userId: user.id,
      url: `https://www.${host}/${path}/${rng.token(11)}`,
      host,
      deviceType: type,
      deviceOs: rng.pick(OS_VERSIONS[type]),
      failedInCurl: rng.chance(0.9),
      scrapByScript: scrap,
      failedInEnrichment,
      createdAt,
      resolvedAt,
      lastRetriedAt: scrap ? new Date(Math.min(now, createdAt.getTime() + rng.int(1, 240) * MINUTE)) : null,
    });
  }
  await insertMany(db, failedUrls, failedRows);
  lap('settings+tx+urls');

  // --- Analytics events over 180 days --------------------------------------------------------------------
  const analyticsRows: (typeof analyticsEvents.$inferInsert)[] = [];
  const screens = ['/home', '/search', '/profile', '/post', '/notifications', '/chat', '/settings'];
  for (let d = 180; d >= 0; d--) {
    const dayStart = now - d * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const base = (9 + ((180 - d) / 180) * 12 + (weekday === 0 || weekday === 6 ? 4 : 0)) * volume;
    const sessions = Math.max(1, Math.round(base + rng.gauss() * 3 * volume));
    for (let s = 0; s < sessions; s++) {
      const start = dayStart - Math.floor(rng.next() * DAY);
      if (start > now) {
        continue;
      }
      const user = rng.chance(0.9) ? pickUser() : null;
      const platform = rng.weighted([
        ['android', 50],
        ['ios', 40],
        ['web', 10],
      ] as const);
      const country = rng.weighted([
        ['US', 92],
        ['MX', 3],
        ['CA', 2],
        ['IN', 2],
        ['PH', 1],
      ] as const);
      const sessionId = rng.token(16);
      const base = { userId: user?.id ?? null, sessionId, platform, country };
      analyticsRows.push({ ...base, event: 'session_start', pagePath: '/home', createdAt: new Date(start) });
      const views = rng.int(1, 4);
      for (let v = 0; v < views; v++) {
        analyticsRows.push({
          ...base,
          event: 'screen_view',
          pagePath: rng.pick(screens),
          createdAt: new Date(start + (v + 1) * rng.int(5, 90) * SECOND),
        });
      }
      if (rng.chance(0.6)) {
        analyticsRows.push({
          ...base,
          event: 'search',
          pagePath: '/search',
          createdAt: new Date(start + rng.int(10, 300) * SECOND),
        });
      }
    }
    const signUps = Math.round(rng.int(1, 6) * volume);
    for (let k = 0; k < signUps; k++) {
      analyticsRows.push({
        userId: pickUser().id,
        sessionId: rng.token(16),
        event: 'sign_up',
        platform: rng.chance(0.55) ? 'android' : 'ios',
        country: 'US',
        pagePath: '/signup',
        createdAt: new Date(Math.min(now, dayStart - Math.floor(rng.next() * DAY))),
      });
    }
  }
  await insertMany(db, analyticsEvents, analyticsRows, 2000);
  lap('analytics');

  // --- Counters that must match the rows ------------------------------------------------------------------
  await db.execute(sql`
    UPDATE users u SET followers_count = coalesce(f.n, 0), followings_count = coalesce(g.n, 0)
    FROM users x
    LEFT JOIN (SELECT following_id AS id, count(*)::int AS n FROM follows GROUP BY 1) f ON f.id = x.id
    LEFT JOIN (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY 1) g ON g.id = x.id
    WHERE u.id = x.id AND (u.followers_count <> coalesce(f.n, 0) OR u.followings_count <> coalesce(g.n, 0))`);
  await db.execute(sql`
    UPDATE posts p SET
      like_count = (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id),
      views_count = (SELECT count(*) FROM post_views v WHERE v.post_id = p.id),
      bookmarks_count = (SELECT count(*) FROM bookmarks b WHERE b.post_id = p.id)`);
  lap('counters');
  await flushMedia();
  return { users: n, staff: STAFF.length, superAdminId, timings, staffPasswords };
}
