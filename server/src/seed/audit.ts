import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { uncheckedRows } from '../db/sql';
import { Rng } from './random';

const HOUR = 60 * 60 * 1000;
const AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';

/** A few weeks of trail for the audit-log screen: staff editing profiles, suspending, signing in. */
export async function seedAuditDemo(db: Db) {
  const rng = new Rng(15);
  const staff = uncheckedRows<{ id: number; username: string }>(
    await db.execute(sql`SELECT id, username FROM users WHERE is_admin ORDER BY id LIMIT 8`),
  );
  const people = uncheckedRows<{ id: number; name: string }>(
    await db.execute(sql`SELECT id, name FROM users WHERE NOT is_admin ORDER BY id LIMIT 40`),
  );
  if (staff.length === 0 || people.length === 0) {
    return;
  }
  const rows: (typeof auditLog.$inferInsert)[] = [];
  const now = Date.now();
  for (let i = 0; i < 120; i++) {
    const actor = staff[rng.int(0, staff.length - 1)];
    const person = people[rng.int(0, people.length - 1)];
    const kind = rng.int(0, 5);
    const base = {
      createdAt: new Date(now - (i * 5 + rng.int(0, 4)) * HOUR),
      actorId: actor.id,
      actorUsername: actor.username,
      ip: `10.0.${rng.int(0, 3)}.${rng.int(2, 250)}`,
      userAgent: AGENT,
      requestId: `seed-${i}`,
    };
    if (kind === 0) {
      rows.push({ ...base, action: 'password-accepted', targetType: 'user', targetId: String(actor.id) });
    } else if (kind === 1) {
      rows.push({
        ...base,
        action: 'suspend-account',
        targetType: 'user',
        targetId: String(person.id),
        changes: { before: { is_suspended: false }, after: { is_suspended: true } },
      });
    } else if (kind === 2) {
      rows.push({
        ...base,
        action: 'update-profile',
        targetType: 'user',
        targetId: String(person.id),
        changes: { before: { name: person.name }, after: { name: `${person.name.split(' ')[0]} R.` } },
      });
    } else if (kind === 3) {
      rows.push({
        ...base,
        action: 'change-app-password',
        targetType: 'user',
        targetId: String(person.id),
        changes: { before: null, after: { password: '[redacted]', password_confirmation: '[redacted]' } },
      });
    } else if (kind === 4) {
      rows.push({
        ...base,
        action: 'denied',
        targetType: 'group',
        targetId: null,
        changes: { call: 'POST group' },
      });
    } else {
      rows.push({
        ...base,
        actorId: null,
        actorUsername: `${actor.username}x`,
        action: 'password-refused',
        targetType: null,
        targetId: null,
      });
    }
  }
  await db.insert(auditLog).values(rows);
}
