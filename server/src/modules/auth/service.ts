import { randomBytes, randomInt } from 'node:crypto';
import { type LoggedInUser, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@admin/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import type { AuthUser } from '../../http/auth';
import { AppError, badRequest, unauthorized } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Mailer } from '../../providers/mail';
import { admitPasswordAttempt, passwordAccepted } from './guessing';
import { createSession, loadPermissions, revokeOtherSessions, revokeSession, sha256 } from './sessions';

const BAD_CREDENTIALS = 'Invalid username or password';
const DEAD_CHALLENGE = 'This code has expired. Please login again';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  log: (msg: string) => void;
}

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const codeHash = (key: string, code: string) => sha256(`${key}:${code}`);

async function mailCode(deps: AuthDeps, to: string | null, code: string) {
  deps.log(`one-time code for ${to}: ${code}`);
  if (to) {
    await deps.mailer.send({
      to,
      subject: 'Your Admin Panel login code',
      text: `Your one-time login code is ${code}.\nIt is valid for 10 minutes and can be used once.`,
    });
  }
}

/** Step one: password. Mails a code and answers the challenge key. */
export async function login(deps: AuthDeps, input: { username: string; password: string }, ip: string) {
  const username = input.username.toLowerCase();
  await admitPasswordAttempt(deps.db, username, ip);
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username}`, eq(users.isAdmin, true), isNull(users.deletedAt)))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    throw unauthorized(BAD_CREDENTIALS);
  }
  await passwordAccepted(deps.db, username, ip);
  if (user.isSuspended) {
    throw new AppError('forbidden', 'This account has been suspended');
  }
  const key = randomBytes(24).toString('base64url');
  const code = newCode();
  await deps.db.insert(loginChallenges).values({
    keyHash: sha256(key),
    userId: user.id,
    codeHash: codeHash(key, code),
    expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
  });
  await mailCode(deps, user.email, code);
  return { key, responseMessage: 'OTP has been sent to your email address' };
}

async function liveChallenge(db: Db, key: string) {
  const [challenge] = await db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.keyHash, sha256(key)))
    .limit(1);
  if (!challenge || challenge.usedAt || challenge.attempts >= OTP_MAX_ATTEMPTS) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  return challenge;
}

/** A new code for the same challenge; the previous code stops working. */
export async function resendOtp(deps: AuthDeps, key: string) {
  const challenge = await liveChallenge(deps.db, key);
  const code = newCode();
  await deps.db
    .update(loginChallenges)
    .set({ codeHash: codeHash(key, code), expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000) })
    .where(eq(loginChallenges.id, challenge.id));
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, challenge.userId));
  await mailCode(deps, user?.email ?? null, code);
  return { key, responseMessage: 'OTP has been sent to your email address' };
}

export async function widgetsOf(db: Db, userId: number): Promise<string> {
  const rows = rowsOf<{ type: string; widget_json: unknown }>(await db.execute(widgetsQuery(userId)));
  const widget: Record<string, unknown> = { POST: [], ADS: [] };
  for (const row of rows) {
    widget[row.type] = row.widget_json;
  }
  return JSON.stringify(widget);
}

export async function presentLoggedIn(db: Db, userId: number): Promise<LoggedInUser> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    avatar: u.avatar,
    is_sup_admin: u.isSupAdmin ? 1 : 0,
    ...(await loadPermissions(db, userId)),
  };
}

/** Step two: the code. Single use, 10 minutes, 5 wrong tries kill the challenge. */
export async function verifyOtp(deps: AuthDeps, input: { otp: string; key: string }) {
  const challenge = await liveChallenge(deps.db, input.key);
  if (challenge.expiresAt.getTime() <= Date.now()) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  if (challenge.codeHash !== codeHash(input.key, input.otp)) {
    const [after] = await deps.db
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(eq(loginChallenges.id, challenge.id))
      .returning({ attempts: loginChallenges.attempts });
    const left = OTP_MAX_ATTEMPTS - after.attempts;
    throw unauthorized(left > 0 ? `Invalid OTP. ${left} attempt(s) left` : DEAD_CHALLENGE);
  }
  // Conditional update so two concurrent verifications cannot both succeed.
  const used = await deps.db
    .update(loginChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  if (used.length === 0) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  const token = await createSession(deps.db, challenge.userId, 'admin');
  await deps.db.update(users).set({ lastInteracted: new Date() }).where(eq(users.id, challenge.userId));
  return {
    responseMessage: 'Login successful',
    user: { ...(await presentLoggedIn(deps.db, challenge.userId)), api_token: token },
    widget: await widgetsOf(deps.db, challenge.userId),
  };
}

/** The guard has just read the user and their grants: only the widgets are left to load. */
export async function loginData(db: Db, user: AuthUser) {
  const { sessionId: _session, ...me } = user;
  return { user: me, widget: await widgetsOf(db, user.id) };
}

export function widgetsQuery(userId: number) {
  return sql`SELECT type, widget_json FROM dashboard_widgets WHERE user_id = ${userId}`;
}

export async function logout(db: Db, user: AuthUser) {
  await revokeSession(db, user.sessionId);
  return { responseMessage: 'You have logout successfully' };
}

export async function changePassword(
  db: Db,
  user: AuthUser,
  input: { currentPassword: string; newPassword: string; confirmPassword: string },
) {
  if (input.newPassword !== input.confirmPassword) {
    throw badRequest('Confirm Password does not match New Password');
  }
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!(await verifyPassword(row?.passwordHash, input.currentPassword))) {
    throw badRequest('Current password is incorrect');
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(db, user.id, user.sessionId);
  return { responseMessage: 'Password changed successfully' };
}

/** Mails a fresh password to a backend user; the answer never tells whether the email is known. */
export async function resetPassword(deps: AuthDeps, email: string) {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        eq(users.isAdmin, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (user?.email) {
    const password = randomBytes(9).toString('base64url');
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeOtherSessions(deps.db, user.id, null);
    await deps.mailer.send({
      to: user.email,
      subject: 'Your new Admin Panel password',
      text: `Your password has been reset.\nNew password: ${password}\nPlease change it after you sign in.`,
    });
  }
  return { responseMessage: 'If this email belongs to an account, a new password has been sent to it' };
}
