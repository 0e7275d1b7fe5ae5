import type { CampaignDetail } from '@admin/contract';
import { AspectRatio, Button, Card, Center, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** The ad as the audience sees it: its video or image, title, description and button. */
export function Media({ c }: { c: CampaignDetail }) {
  const image = c.thumb_url || c.creative_ad_media_path;
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        {c.type === 'raw_video' && c.creative_ad_media_path ? (
          // biome-ignore lint/a11y/useMediaCaption: advertisers' videos carry no caption track.
          <video
            src={c.creative_ad_media_path}
            poster={c.thumb_url ?? undefined}
            controls
            preload="metadata"
            style={{ width: '100%', maxHeight: 360, background: '#000', display: 'block' }}
            aria-label="Ad video"
          />
        ) : image ? (
          <Image
            src={image}
            alt={c.creative_ad_title ?? 'Ad image'}
            mah={360}
            fit="contain"
            bg="var(--app-muted-bg-strong)"
          />
        ) : (
          <AspectRatio ratio={16 / 9}>
            <Center bg="var(--app-muted-bg-strong)" aria-label="No media">
              <IconPhoto size={48} color="var(--mantine-color-gray-5)" />
            </Center>
          </AspectRatio>
        )}
      </Card.Section>
      <Stack gap={6} mt="md">
        <Text fw={600}>{c.creative_ad_title ?? c.campaign_name}</Text>
        {c.creative_ad_description ? (
          <Text size="sm" c="dimmed">
            {c.creative_ad_description}
          </Text>
        ) : null}
        {c.creative_ad_url ? (
          <Button
            component="a"
            href={c.creative_ad_url}
            target="_blank"
            rel="noopener noreferrer"
            styles={{
              root: {
                backgroundColor: c.creative_ad_button_color ?? undefined,
                color: c.creative_ad_button_text_color ?? undefined,
              },
            }}
          >
            {c.creative_ad_button_name || 'Learn more'}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
