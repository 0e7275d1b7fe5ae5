/**
 * Ranks: who may act on whom (docs/security.md). The one rule the server enforces on every write
 * to a user and the web app uses to disable what the viewer may not do.
 */
export const RANKS = ['platform', 'staff', 'super_admin'] as const;
export type Rank = (typeof RANKS)[number];

/** What a write does to its target: `account` changes it; `grants` changes what it may do. */
export type RankChange = 'account' | 'grants';

/**
 * Why `actor` may not change user `target`, or null when they may: staff change platform users;
 * only a super admin changes a staff account or a super admin; nobody changes their own grants.
 */
export function rankRefusal(
  actor: { id: number; is_sup_admin: number },
  target: { id: number; rank: Rank },
  change: RankChange = 'account',
): string | null {
  if (change === 'grants' && target.id === actor.id) {
    return 'You cannot change your own permissions or groups';
  }
  if (target.rank === 'platform' || actor.is_sup_admin === 1) {
    return null;
  }
  return target.rank === 'super_admin'
    ? 'Only a super admin can change a super admin account'
    : 'Only a super admin can change a staff account';
}
