import { Avatar, type AvatarProps } from '@mantine/core';
import { useState } from 'react';

export const DEFAULT_AVATAR = '/default-avatar.svg';

/** A user's picture; a missing or broken image falls back to the default one (spec 01 section 8). */
export function UserAvatar({
  src,
  name,
  size = 30,
  ...rest
}: { src?: string | null; name?: string | null; size?: number } & Omit<AvatarProps, 'src' | 'size'>) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = src && src !== broken ? src : DEFAULT_AVATAR;
  return (
    <Avatar
      src={url}
      alt={name ?? 'avatar'}
      size={size}
      radius="xl"
      imageProps={{ onError: () => setBroken(src ?? null), loading: 'lazy' }}
      {...rest}
    />
  );
}
