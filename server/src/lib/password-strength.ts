import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { badRequest } from '../http/errors';
import { verifyPassword } from './passwords';

/** zxcvbn's score (0-4) a staff-set password must reach: 3 = "safely unguessable" online. */
const MIN_PASSWORD_SCORE = 3;

let checker: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are a few MB: loaded on the first check, not at start-up. */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [core, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })();
  return checker;
}

/**
 * Why a password is too easy to guess, or null when it is strong enough. `label` names the field
 * ('New Password'); `userInputs` (user name, email, name) count as guessable words.
 */
export async function weakPasswordReason(
  password: string,
  label: string,
  userInputs: (string | null | undefined)[] = [],
): Promise<string | null> {
  const zxcvbn = await loadChecker();
  const inputs = userInputs
    .flatMap((v) => (v ? [v, ...v.split(/[@.\s_-]+/)] : []))
    .filter((v) => v.length > 2);
  const result = zxcvbn.check(password.slice(0, 100), inputs);
  if (result.score >= MIN_PASSWORD_SCORE) {
    return null;
  }
  const advice =
    result.feedback.suggestions.join(' ') || 'Use a longer password, e.g. a few unrelated words.';
  return [`${label} is too easy to guess.`, result.feedback.warning, advice].filter(Boolean).join(' ');
}

/**
 * The rule for every password staff set (their own, create-user, change-app-password): not the
 * current one, and not guessable. Throws a 400 that says why.
 */
export async function assertNewPassword(
  password: string,
  opts: { label: string; currentHash?: string | null; userInputs?: (string | null | undefined)[] },
): Promise<void> {
  if (opts.currentHash && (await verifyPassword(opts.currentHash, password))) {
    throw badRequest(`${opts.label} must differ from the current password`);
  }
  const weak = await weakPasswordReason(password, opts.label, opts.userInputs);
  if (weak) {
    throw badRequest(weak);
  }
}
