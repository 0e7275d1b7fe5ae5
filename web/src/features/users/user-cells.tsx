import { ONLINE_WINDOW_SECONDS } from '@admin/contract';
import { Anchor, Indicator, Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { fromUtc } from '../../lib/format';
import { paths } from '../../paths';
import { UserAvatar } from '../../ui/user-avatar';

/** Re-renders every `ms` so "active in the last 60 s" dots go out on their own. */
export function useNow(ms = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

export function isOnline(lastInteracted: string | null, now: number): boolean {
  const t = fromUtc(lastInteracted);
  return !!t && now - t.valueOf() <= ONLINE_WINDOW_SECONDS * 1000;
}

/** The 30 px avatar with the green dot of users active in the last 60 seconds (spec 01 section 2). */
export function AvatarWithPresence({
  src,
  name,
  online,
}: {
  src: string | null;
  name: string;
  online: boolean;
}) {
  return (
    <Indicator
      inline
      color="green"
      size={10}
      offset={4}
      position="bottom-end"
      withBorder
      disabled={!online}
      aria-label={online ? 'Online' : undefined}
      title={online ? 'Active in the last minute' : undefined}
    >
      <UserAvatar src={src} name={name} size={30} />
    </Indicator>
  );
}

/** 'View Profile' link to /user-profile/{id}; shown disabled without user_profile. */
export function ViewProfileLink({ userId }: { userId: number }) {
  const can = useCan('user_profile');
  if (!can) {
    return (
      <Tooltip label="Needs the user_profile permission">
        <Text size="sm" c="dimmed" aria-disabled="true" style={{ cursor: 'not-allowed' }}>
          View Profile
        </Text>
      </Tooltip>
    );
  }
  return (
    <Anchor component={Link} to={paths.userProfile(userId)} size="sm">
      View Profile
    </Anchor>
  );
}

/** A nullable text cell. */
export const text = (v: string | null | undefined) => v ?? '';
