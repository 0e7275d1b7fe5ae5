import { randomBytes } from 'node:crypto';
import { groupPermissions, groups, permissions, userGroups, userPermissions, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { avatarUrl, writeAvatar } from '../media';
import { GROUP_PERMISSIONS, STAFF, STAFF_USER_PERMISSIONS } from '../wordlists';
import { DAY, type DemoContext, MINUTE } from './context';
import { insertIds, insertMany } from './insert';

export interface DemoStaff {
  /** The generated password of each demo staff account (shown once, see demo-accounts.ts). */
  staffPasswords: { username: string; password: string }[];
  /** Staff user id by user name. */
  staffId: Map<string, number>;
}

/** The staff accounts, their groups and the permissions granted to groups and to staff directly. */
export async function seedStaff(ctx: DemoContext): Promise<DemoStaff> {
  const { db, rng, at } = ctx;
  const permRows = await db.select().from(permissions);
  const permId = new Map(permRows.map((p) => [p.name, p.id]));
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
    writeAvatar(ctx.media, s.username, s.name, rng);
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
  return { staffPasswords, staffId };
}
