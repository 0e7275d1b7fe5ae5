/**
 * The time as the app's rules read it: session expiry, code and one-time password lifetimes,
 * lockouts, the push worker's lease. Built in createDeps; a test passes one it can move, so a rule
 * that depends on time is shown by moving the clock instead of waiting.
 */
export interface Clock {
  now(): Date;
}

/** The machine's clock: what the app runs on. */
export const systemClock: Clock = { now: () => new Date() };
