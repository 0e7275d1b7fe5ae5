import { ActionIcon, Group, Image, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './chat.module.css';

interface Media {
  id: number;
  type: string;
  image: string;
  title: string | null;
}

/** The shared post's media, one at a time; it wraps around, raw_video plays as a video. */
export function PostCarousel({ media, title }: { media: Media[]; title: string | null }) {
  const [index, setIndex] = useState(0);
  const item = media[index % media.length];
  const step = (delta: number) => setIndex((i) => (i + delta + media.length) % media.length);
  return (
    <section className={classes.carousel} aria-roledescription="carousel" aria-label={title ?? 'Shared post'}>
      {item.type === 'raw_video' ? (
        // biome-ignore lint/a11y/useMediaCaption: user videos have no captions
        <video
          key={item.id}
          controls
          src={item.image}
          className={classes.media}
          aria-label={item.title ?? 'Post video'}
          preload="metadata"
        />
      ) : (
        <Image key={item.id} src={item.image} alt={item.title ?? 'Post image'} className={classes.media} />
      )}
      {media.length > 1 ? (
        <Group justify="space-between" mt={4}>
          <ActionIcon variant="light" size="sm" onClick={() => step(-1)} aria-label="Previous media">
            <IconChevronLeft size={14} />
          </ActionIcon>
          <Text size="xs" c="dimmed">
            {index + 1} / {media.length}
          </Text>
          <ActionIcon variant="light" size="sm" onClick={() => step(1)} aria-label="Next media">
            <IconChevronRight size={14} />
          </ActionIcon>
        </Group>
      ) : null}
    </section>
  );
}
