// The sign-in counters (sign_in_counters): attempt limits of signing in, codes and password changes.
export {
  type Count,
  forget,
  hit,
  isMarked,
  lockAt,
  lockedUntil,
  mark,
  minutesUntil,
  unhit,
} from './counters';
export type { RelyingParty } from './passkeys';
export { factorsOf, hasSecondFactor, policyCovers, secondFactorPolicy } from './policy';
export { recoveryCodesLeft, useRecoveryCode } from './recovery';
export { relyingParty } from './routes';
export { useTotpCode } from './totp';
