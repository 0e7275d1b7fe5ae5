import { describe, expect, it } from 'vitest';
import { weakPasswordReason } from './password-strength';

describe('weakPasswordReason', () => {
  it('refuses common and patterned passwords with a reason', async () => {
    for (const pw of ['password123', 'qwertyuiop', 'Summer2024!', 'aaaaaaaaaaaa']) {
      expect(await weakPasswordReason(pw, 'New Password'), pw).toMatch(/^New Password is too easy to guess/);
    }
  });

  it("refuses a password built from the person's own name", async () => {
    expect(
      await weakPasswordReason('maria.moderator1', 'Password', ['maria.moderator', 'maria@example.com']),
    ).toMatch(/too easy to guess/);
  });

  it('accepts long unrelated words and random strings', async () => {
    expect(await weakPasswordReason('violet-canyon-orbit-7', 'Password')).toBeNull();
    expect(await weakPasswordReason('E2e-admin-pass-1', 'Password')).toBeNull();
    expect(await weakPasswordReason('hT4q9xLm2vPa', 'Password')).toBeNull();
  });
});
