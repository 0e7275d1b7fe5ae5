import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id, Int, Text, Timestamp } from '../common';

/** What the step after the password may take: the account's second factors, or the mailed code. */
export const SIGN_IN_FACTORS = ['email', 'totp', 'passkey'] as const;
export type SignInFactor = (typeof SIGN_IN_FACTORS)[number];

/** Who must have a second factor other than e-mail (a super admin's setting). */
export const SECOND_FACTOR_POLICIES = ['off', 'super_admins', 'all_staff'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

export const RECOVERY_CODE_COUNT = 10;

const ChallengeKey = Text().min(1, 'key is required').max(200);
const Otp = Text({ error: 'Otp is required' }).trim().min(1, 'Otp is required').max(20);
const B64 = (max: number) =>
  Text()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

/** A WebAuthn credential as @simplewebauthn/browser hands it over (JSON, base64url fields). */
const WebAuthnCredential = z.object({
  id: B64(1400),
  rawId: B64(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export const PasskeyRegistration = WebAuthnCredential.extend({
  response: z.object({
    clientDataJSON: B64(4000),
    attestationObject: B64(16000),
    authenticatorData: B64(16000).optional(),
    publicKey: B64(4000).optional(),
    publicKeyAlgorithm: Int(-65536, 65536).optional(),
    transports: z.array(Text().max(30)).max(10).optional(),
  }),
});
export const PasskeyAssertion = WebAuthnCredential.extend({
  response: z.object({
    clientDataJSON: B64(4000),
    authenticatorData: B64(16000),
    signature: B64(2000),
    userHandle: B64(200).optional(),
  }),
});

export const SessionRow = z.object({
  id: z.number().int(),
  device: z.string().describe('Operating system from the user agent, e.g. "Windows", "iPhone"'),
  browser: z.string().describe('Browser from the user agent, e.g. "Chrome 131"'),
  ip: z.string().nullable(),
  method: z.string().nullable().describe('How the sign-in was finished: email, totp, recovery, passkey'),
  created_at: Timestamp,
  last_used_at: Timestamp,
  current: z.boolean(),
});

export const PasskeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
});

const PasskeyName = Text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(60);

export const securityCalls = {
  mySecurity: defineCall({
    method: 'GET',
    path: 'my-security',
    summary: "One's own second factors: the authenticator app, passkeys, recovery codes left, the policy",
    request: z.object({}),
    response: Envelope.extend({
      data: z.object({
        totp: z.boolean(),
        passkeys: z.number().int(),
        recovery_codes_left: z.number().int(),
        policy: z.enum(SECOND_FACTOR_POLICIES),
        must_enrol: z.boolean().describe('This session is held to enrolling first (the policy, at sign-in)'),
        policy_covers_me: z.boolean().describe('The policy asks this account for a second factor'),
      }),
    }),
  }),
  mySessions: defineCall({
    method: 'GET',
    path: 'my-sessions',
    summary: "One's own live sessions, newest first; the one making the call is marked current",
    request: z.object({}),
    response: Envelope.extend({ data: z.array(SessionRow) }),
  }),
  endMySessions: defineCall({
    method: 'DELETE',
    path: 'my-sessions',
    audit: { target: 'session', id: 'id' },
    summary: 'End one of your own sessions (id), or every one but this (all_others: true)',
    request: z
      .object({ id: Id.optional(), all_others: z.literal(true).optional() })
      .refine((v) => (v.id === undefined) !== (v.all_others === undefined), 'Give either id or all_others'),
    response: Envelope.extend({ data: z.object({ ended: z.number().int() }) }),
  }),
  endUserSessions: defineCall({
    method: 'DELETE',
    path: 'user-sessions',
    permission: 'user_permissions_update',
    audit: { target: 'user', id: 'user_id' },
    summary: 'End every session of a staff member you outrank (ranks: docs/security.md)',
    request: z.object({ user_id: Id }),
    response: Envelope.extend({ data: z.object({ ended: z.number().int() }) }),
  }),
  userSecurity: defineCall({
    method: 'GET',
    path: 'user-security',
    permission: 'user_permissions_update',
    summary:
      "A staff member's second factors and live sessions, for one who outranks them (ranks: docs/security.md)",
    request: z.object({ user_id: Id }),
    response: Envelope.extend({
      data: z.object({
        totp: z.boolean(),
        passkeys: z.array(PasskeyRow),
        recovery_codes_left: z.number().int(),
        sessions: z.array(SessionRow),
      }),
    }),
  }),
  resetUserSecondFactors: defineCall({
    method: 'DELETE',
    path: 'user-second-factors',
    permission: 'user_permissions_update',
    audit: { target: 'user', id: 'user_id' },
    summary:
      "Remove a staff member's authenticator app, passkeys and recovery codes (a lost phone); never one's own. The owner is mailed",
    request: z.object({ user_id: Id }),
    response: Envelope.extend({
      data: z.object({
        totp: z.boolean().describe('An authenticator app was removed'),
        passkeys: z.number().int(),
      }),
    }),
  }),
  totpSetup: defineCall({
    method: 'POST',
    path: 'totp-setup',
    audit: { target: 'user', id: 'self' },
    summary: 'Start enrolling an authenticator app: a new secret, to confirm with a first code',
    request: z.object({}),
    response: Envelope.extend({ secret: z.string(), otpauth_url: z.string() }),
  }),
  totpConfirm: defineCall({
    method: 'POST',
    path: 'totp-confirm',
    audit: { target: 'user', id: 'self' },
    summary: 'Finish enrolling with a first code; answers 10 recovery codes, shown this once',
    request: z.object({ otp: Otp }),
    response: Envelope.extend({ recovery_codes: z.array(z.string()) }),
  }),
  totpRemove: defineCall({
    method: 'DELETE',
    path: 'totp',
    audit: { target: 'user', id: 'self' },
    summary: 'Remove the authenticator app, with a current code from it',
    request: z.object({ otp: Otp }),
    response: Envelope,
  }),
  passkeyRegisterOptions: defineCall({
    method: 'POST',
    path: 'passkey-register-options',
    audit: { target: 'user', id: 'self' },
    summary: 'WebAuthn creation options for a new passkey (its challenge is kept with the session)',
    request: z.object({}),
    response: Envelope.extend({ options: z.record(z.string(), z.unknown()) }),
  }),
  passkeyRegister: defineCall({
    method: 'POST',
    path: 'passkey-register',
    audit: { target: 'passkey', id: null },
    summary:
      'Register a passkey from the browser answer; the first second factor also answers recovery codes',
    request: z.object({ name: PasskeyName.optional(), credential: PasskeyRegistration }),
    response: Envelope.extend({ data: PasskeyRow, recovery_codes: z.array(z.string()).optional() }),
  }),
  passkeys: defineCall({
    method: 'GET',
    path: 'passkeys',
    summary: "One's own passkeys",
    request: z.object({}),
    response: Envelope.extend({ data: z.array(PasskeyRow) }),
  }),
  passkeyRename: defineCall({
    method: 'PUT',
    path: 'passkeys',
    audit: { target: 'passkey', id: 'id' },
    summary: 'Rename one of your passkeys',
    request: z.object({ id: Id, name: PasskeyName }),
    response: Envelope.extend({ data: PasskeyRow }),
  }),
  passkeyRemove: defineCall({
    method: 'DELETE',
    path: 'passkeys',
    audit: { target: 'passkey', id: 'id' },
    summary: 'Remove one of your passkeys',
    request: z.object({ id: Id }),
    response: Envelope,
  }),
  passkeyLoginOptions: defineCall({
    method: 'POST',
    path: 'passkey-login-options',
    audit: { target: 'user', id: null },
    auth: 'public',
    summary: "WebAuthn request options for the password step's challenge key (its passkeys only)",
    request: z.object({ key: ChallengeKey }),
    response: Envelope.extend({ options: z.record(z.string(), z.unknown()) }),
  }),
  secondFactorPolicy: defineCall({
    method: 'GET',
    path: 'second-factor-policy',
    summary: 'Who must have a second factor other than e-mail',
    request: z.object({}),
    response: Envelope.extend({ data: z.object({ policy: z.enum(SECOND_FACTOR_POLICIES) }) }),
  }),
  setSecondFactorPolicy: defineCall({
    method: 'PUT',
    path: 'second-factor-policy',
    audit: { target: 'setting', id: null },
    summary: 'Super admins only: require a passkey or authenticator app of super admins, or of all staff',
    request: z.object({ policy: z.enum(SECOND_FACTOR_POLICIES) }),
    response: Envelope.extend({ data: z.object({ policy: z.enum(SECOND_FACTOR_POLICIES) }) }),
  }),
};
