import type { PostMediaItem } from '@admin/contract';
import { ActionIcon, Box, Center, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { MediaThumb } from '../../ui/media-thumb';

/** Next index in a carousel of `n` items, wrapping around both ends. */
export const wrapIndex = (i: number, n: number) => (n === 0 ? 0 : ((i % n) + n) % n);

/** The post's media, one at a time; previous/next wrap around; raw_video plays as a video. */
export function MediaCarousel({ media }: { media: PostMediaItem[] }) {
  const [index, setIndex] = useState(0);
  const n = media.length;
  if (n === 0) {
    return (
      <Center h={200} bg="var(--app-muted-bg-strong)" style={{ borderRadius: 8 }}>
        <Text c="dimmed">This post has no media</Text>
      </Center>
    );
  }
  const item = media[wrapIndex(index, n)];
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label="Post media"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') {
          setIndex((i) => wrapIndex(i - 1, n));
        } else if (e.key === 'ArrowRight') {
          setIndex((i) => wrapIndex(i + 1, n));
        }
      }}
    >
      <Box pos="relative" bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <Center h={{ base: 240, sm: 360 }}>
          {item.type === 'raw_video' ? (
            // biome-ignore lint/a11y/useMediaCaption: user videos come without captions
            <video
              key={item.id}
              src={item.image}
              controls
              playsInline
              style={{ maxWidth: '100%', maxHeight: '100%' }}
              aria-label={item.title ?? 'Post video'}
            />
          ) : (
            <MediaThumb
              key={item.id}
              src={item.image}
              alt={item.title ?? 'Post image'}
              w="100%"
              h="100%"
              fit="contain"
            />
          )}
        </Center>
        {n > 1 ? (
          <>
            <ActionIcon
              aria-label="Previous media"
              variant="white"
              radius="xl"
              size="lg"
              pos="absolute"
              left={8}
              top="50%"
              style={{ transform: 'translateY(-50%)' }}
              onClick={() => setIndex((i) => wrapIndex(i - 1, n))}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            <ActionIcon
              aria-label="Next media"
              variant="white"
              radius="xl"
              size="lg"
              pos="absolute"
              right={8}
              top="50%"
              style={{ transform: 'translateY(-50%)' }}
              onClick={() => setIndex((i) => wrapIndex(i + 1, n))}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </>
        ) : null}
      </Box>
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text size="sm" lineClamp={1}>
          {item.title ?? ''}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="carousel-position">
          {wrapIndex(index, n) + 1} / {n}
        </Text>
      </Group>
    </Box>
  );
}
