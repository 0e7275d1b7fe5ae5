import { Center, Image, type MantineSize, Stack, Text } from '@mantine/core';
import { IconPhotoOff, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';

/** Media types the platform stores for videos ('raw_video'); every other type is an image. */
const isVideo = (type: string | null | undefined, src: string | null | undefined) =>
  type === 'raw_video' || /\.(mp4|webm|mov|m4v|ogv)(\?|$)/i.test(src ?? '');

/**
 * A media thumbnail: the image, or a typed placeholder ('Video' / 'Image') when there is no image,
 * the media is a video (a video URL never renders as an <img>) or the image fails to load.
 */
export function MediaThumb({
  src,
  type,
  alt,
  w,
  h,
  radius = 'sm',
  fit = 'cover',
}: {
  src: string | null | undefined;
  type?: string | null;
  alt: string;
  w: number | string;
  h: number | string;
  radius?: MantineSize;
  fit?: 'cover' | 'contain';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const video = isVideo(type, src);
  if (!src || video || failed === src) {
    const Icon = video ? IconVideo : IconPhotoOff;
    const label = video ? 'Video' : 'Image';
    return (
      <Center
        w={w}
        h={h}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: `var(--mantine-radius-${radius})`, flexShrink: 0 }}
        role="img"
        aria-label={`${label}: ${alt}`}
        data-testid="media-placeholder"
        data-media={label.toLowerCase()}
      >
        <Stack gap={0} align="center">
          <Icon size={18} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fz={10} c="dimmed" lh={1.2}>
            {label}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      w={w}
      h={h}
      radius={radius}
      fit={fit}
      loading="lazy"
      onError={() => setFailed(src)}
    />
  );
}
