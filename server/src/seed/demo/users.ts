import { devices, follows, userReports, users } from '../../db/schema';
import { avatarUrl, writeAvatar } from '../media';
import {
  APP_VERSIONS,
  CITIES,
  FEMALE_NAMES,
  LAST_NAMES,
  MALE_NAMES,
  OS_VERSIONS,
  REPORT_REASONS,
  STREETS,
} from '../wordlists';
import { DAY, type DemoContext, type DemoUser, HOUR, SECOND } from './context';
import { insertIds, insertMany } from './insert';

export interface DemoPeople {
  all: DemoUser[];
  /** The users not deleted. */
  alive: DemoUser[];
  /** The inserted rows, in the order of `all`. */
  userRows: (typeof users.$inferInsert)[];
}

/** `n` platform users: a handful online now, some deleted, suspended or without a location. */
export async function seedUsers(ctx: DemoContext, n: number): Promise<DemoPeople> {
  const { rng, now, at } = ctx;
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
      writeAvatar(ctx.media, username, name, rng);
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
  const userIds = await insertIds(ctx.db, users, userRows);
  const all: DemoUser[] = people.map((p, i) => ({ ...p, id: userIds[i] }));
  return { all, alive: all.filter((u) => !u.deleted), userRows };
}

/** One or two devices per user (a few have none); answers the rows for the notification totals. */
export async function seedDevices(
  ctx: DemoContext,
  { all, userRows }: DemoPeople,
): Promise<(typeof devices.$inferInsert)[]> {
  const { rng } = ctx;
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
  await insertMany(ctx.db, devices, deviceRows);
  return deviceRows;
}

/** Follows among the living users; popular users get many followers. */
export async function seedFollows(ctx: DemoContext, alive: DemoUser[]): Promise<void> {
  const { rng, after } = ctx;
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
  await insertMany(ctx.db, follows, followRows);
}

/** Reports against a few troublemakers, each by one to four users. */
export async function seedUserReports(ctx: DemoContext, alive: DemoUser[]): Promise<void> {
  const { rng, at } = ctx;
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
  await insertMany(ctx.db, userReports, userReportRows);
}
