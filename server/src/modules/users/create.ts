import type { calls, InputOf } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { IdRow, rowsOf } from '../../db/sql';
import { conflict } from '../../http/errors';
import { assertNewPassword } from '../../lib/password-strength';
import { hashPassword } from '../../lib/passwords';
import { LAST_DEVICE, presentUser, SELECT_USER, UserDbRow } from './user-row';

type CreateUserInput = InputOf<typeof calls.createUser>;

async function assertFree(db: Db, username: string, email: string) {
  // bool_or over no rows is NULL.
  const Taken = z.object({ username_taken: z.boolean().nullable(), email_taken: z.boolean().nullable() });
  const rows = rowsOf(
    Taken,
    await db.execute(sql`
      SELECT bool_or(lower(username) = lower(${username})) AS username_taken,
             bool_or(lower(email) = lower(${email})) AS email_taken
        FROM users WHERE lower(username) = lower(${username}) OR lower(email) = lower(${email})`),
  );
  if (rows[0]?.username_taken) {
    throw conflict(`The username '${username}' is already taken`);
  }
  if (rows[0]?.email_taken) {
    throw conflict(`The email '${email}' is already in use`);
  }
}

/** Creates a platform user or, with is_admin, a backend user who can sign in (with no permissions yet). */
export async function createUser(db: Db, input: CreateUserInput) {
  await assertFree(db, input.username, input.email);
  await assertNewPassword(input.password, {
    label: 'Password',
    userInputs: [input.username, input.email, input.name],
  });
  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    const rows = rowsOf(
      IdRow,
      await db.execute(sql`
        INSERT INTO users (name, username, email, phone, password_hash, is_admin)
        VALUES (${input.name}, ${input.username}, ${input.email}, ${input.phone || null}, ${passwordHash},
                ${input.is_admin})
        RETURNING id`),
    );
    id = rows[0].id;
  } catch (err) {
    // A concurrent insert won the race between the check and the insert.
    if (isUniqueViolation(err)) {
      throw conflict('That username or email is already in use');
    }
    throw err;
  }
  const [row] = rowsOf(
    UserDbRow,
    await db.execute(sql`SELECT ${SELECT_USER} FROM users u ${LAST_DEVICE} WHERE u.id = ${id}`),
  );
  return presentUser(row);
}
