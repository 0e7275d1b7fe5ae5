import { ActionIcon, Center, Image, Modal, Text, Tooltip } from '@mantine/core';
import { IconPhoto, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';

/** raw_video plays as a video; every other type shows the image (spec 01 section 2). */
const isVideoType = (type: string) => type === 'raw_video';

/** The media icon of a row: opens a popup with the image at 460x320, or the playing video. */
export function MediaPreviewButton({
  type,
  src,
  title,
}: {
  type: string;
  src: string | null;
  title: string | null;
}) {
  const [opened, setOpened] = useState(false);
  const video = isVideoType(type);
  if (!src) {
    return (
      <Text size="xs" c="dimmed">
        -
      </Text>
    );
  }
  return (
    <>
      <Tooltip label={video ? 'Play video' : 'View image'}>
        <ActionIcon
          variant="light"
          aria-label={video ? 'Play video' : 'View image'}
          onClick={(e) => {
            e.stopPropagation();
            setOpened(true);
          }}
        >
          {video ? <IconPlayerPlay size={16} /> : <IconPhoto size={16} />}
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={title || (video ? 'Video' : 'Image')}
        size={500}
        centered
      >
        <Center>
          {video ? (
            // biome-ignore lint/a11y/useMediaCaption: user videos come without captions
            <video
              src={src}
              width={460}
              height={320}
              controls
              autoPlay
              playsInline
              style={{ maxWidth: '100%', height: 'auto', aspectRatio: '460 / 320', background: '#000' }}
              aria-label={title ?? 'Video'}
            />
          ) : (
            <Image
              src={src}
              alt={title ?? 'Search image'}
              w={460}
              h={320}
              maw="100%"
              fit="contain"
              fallbackSrc="/default-avatar.svg"
            />
          )}
        </Center>
      </Modal>
    </>
  );
}
