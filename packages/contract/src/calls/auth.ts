import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Text } from '../common';
import { PasskeyAssertion, SIGN_IN_FACTORS } from './security';

export const LoggedInUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  api_token: z.string().optional().describe('Bearer token; only in the verify-auth answer'),
  is_sup_admin: z.number().int().describe('1 = super admin'),
  group_permissions: z.array(z.string()),
  user_permissions: z.array(z.string()),
  must_change_password: z
    .boolean()
    .optional()
    .describe('true after signing in with a mailed one-time password: only change-password is open'),
  must_enrol: z
    .boolean()
    .optional()
    .describe('true when the second-factor policy asks for a passkey or authenticator app first'),
});
export type LoggedInUser = z.infer<typeof LoggedInUser>;

const Username = Text({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100);
const Password = Text({ error: 'Password is required' }).min(1, 'Password is required').max(200);
const ChallengeKey = Text().min(1, 'key is required').max(200);

const SignedIn = Envelope.extend({
  user: LoggedInUser,
  widget: z.string().describe('JSON string: {POST: [...], ADS: [...]} saved dashboard widgets'),
});

export const authCalls = {
  adminLogin: defineCall({
    method: 'POST',
    path: 'admin-login',
    audit: { target: 'user', id: null },
    auth: 'public',
    summary:
      'Check credentials; answers the challenge key and the factors the next step takes (the code is mailed only to an account without a passkey or authenticator app)',
    request: z.object({ username: Username, password: Password }),
    response: Envelope.extend({
      key: z.string(),
      factors: z
        .array(z.enum(SIGN_IN_FACTORS))
        .optional()
        .describe("email, or the account's totp and/or passkey"),
    }),
  }),
  resendOtp: defineCall({
    method: 'POST',
    path: 'resend-otp',
    audit: { target: 'user', id: null },
    auth: 'public',
    summary: 'Mail a new one-time code for a live challenge; the previous code stops working',
    request: z.object({ key: ChallengeKey, action: z.literal('resend') }),
    response: Envelope.extend({ key: z.string() }),
  }),
  verifyAuth: defineCall({
    method: 'POST',
    path: 'verify-auth',
    audit: { target: 'user', id: null },
    auth: 'public',
    summary: 'Exchange the mailed code, an authenticator code or a recovery code for a session token',
    request: z.object({
      otp: Text({ error: 'Otp is required' }).trim().min(1, 'Otp is required').max(20),
      key: ChallengeKey,
    }),
    response: SignedIn,
  }),
  passkeyLogin: defineCall({
    method: 'POST',
    path: 'passkey-login',
    audit: { target: 'user', id: null },
    auth: 'public',
    summary: 'Finish the step after the password with a passkey; answers as verify-auth',
    request: z.object({ key: ChallengeKey, credential: PasskeyAssertion }),
    response: SignedIn,
  }),
  getLoginData: defineCall({
    method: 'GET',
    path: 'get-login-data',
    summary: 'The signed-in user, their permissions and saved widgets',
    request: z.object({}),
    response: Envelope.extend({ user: LoggedInUser, widget: z.string() }),
  }),
  logout: defineCall({
    method: 'POST',
    path: 'logout',
    audit: { target: 'user', id: 'self' },
    summary: 'Revoke the current session token',
    request: z.object({}),
    response: Envelope,
  }),
  changePassword: defineCall({
    method: 'POST',
    path: 'change-password',
    audit: { target: 'user', id: 'self' },
    summary: "Change one's own password; other sessions are revoked",
    request: z.object({
      currentPassword: Text({ error: 'Current is required' }).min(1, 'Current is required').max(200),
      newPassword: Text({ error: 'New Password is required' })
        .min(1, 'New Password is required')
        .min(12, 'New Password must be at least 12 characters')
        .max(200),
      confirmPassword: Text({ error: 'Confirm Password is required' })
        .min(1, 'Confirm Password is required')
        .max(200),
    }),
    response: Envelope,
  }),
  resetPassword: defineCall({
    method: 'PUT',
    path: 'reset-password',
    audit: { target: 'user', id: null },
    auth: 'public',
    summary:
      'Mail a one-time password (30 minutes, once) to a backend user; the current password keeps working. Answers the same, at once, whether the email is known or not',
    request: z.object({
      email: Text({ error: 'Email is required' })
        .trim()
        .min(1, 'Email is required')
        .email('Email is invalid')
        .max(200),
    }),
    response: Envelope,
  }),
};
