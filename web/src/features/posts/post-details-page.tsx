import type { PostDetails } from '@admin/contract';
import {
  Anchor,
  Button,
  Card,
  Center,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconMapPinOff, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { calls } from '../../api/calls';
import { alertUnlessMissing, useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { abbreviate, formatDateTime } from '../../lib/format';
import { paths } from '../../paths';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RecordError } from '../../ui/missing-record';
import { ModerationHistory } from '../../ui/moderation-history';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { MediaCarousel } from './media-carousel';
import { PostPeopleTable } from './people-table';

// Leaflet is loaded only when the About tab shows a location.
const PostMap = lazy(() => import('./post-map'));

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function useTileUrl(enabled: boolean): string | null {
  const q = useApiQuery(
    calls.mapConfig,
    {},
    { enabled, alertOnError: false, staleTime: Number.POSITIVE_INFINITY },
  );
  if (!enabled) {
    return null;
  }
  return q.isError ? OSM_TILES : (q.data?.data.tile_url ?? (q.isPending ? null : OSM_TILES));
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function AboutTab({ post }: { post: PostDetails }) {
  const canOpenProfile = useCan('user_profile');
  const hasLocation = post.latitude !== null && post.longitude !== null;
  const tileUrl = useTileUrl(hasLocation);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
          <Field label="Username">
            {canOpenProfile ? (
              <Anchor component={Link} to={paths.userProfile(post.user.id)}>
                {post.user.username}
              </Anchor>
            ) : (
              post.user.username
            )}
          </Field>
          <Field label="Total Like">{abbreviate(post.like_count)}</Field>
          <Field label="Total Comments">{abbreviate(post.comment_count)}</Field>
          <Field label="Total Clicks">{abbreviate(post.clicks_count)}</Field>
          <Field label="Total Views">{abbreviate(post.views_count)}</Field>
          <Field label="Total Shares">{abbreviate(post.shares_count)}</Field>
          <Field label="Bookmarked">{abbreviate(post.bookmarks_count)}</Field>
          <Field label="Last Updated">{formatDateTime(post.updated_at)}</Field>
        </SimpleGrid>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {hasLocation && tileUrl ? (
          <Suspense fallback={<PageLoader />}>
            <PostMap
              latitude={post.latitude as number}
              longitude={post.longitude as number}
              tileUrl={tileUrl}
              label={post.title ?? `Post ${post.id}`}
            />
          </Suspense>
        ) : hasLocation ? (
          <PageLoader />
        ) : (
          <Center h={200} bg="var(--app-muted-bg)" style={{ borderRadius: 8 }}>
            <Group gap="xs" c="dimmed">
              <IconMapPinOff size={18} />
              <Text size="sm">This post has no location</Text>
            </Group>
          </Center>
        )}
      </Grid.Col>
    </Grid>
  );
}

/** The way back to the list, in the title row. */
const back = (
  <Button
    component={Link}
    to={paths.reportedPosts}
    variant="subtle"
    leftSection={<IconArrowLeft size={16} />}
  >
    Reported Posts
  </Button>
);

export default function PostDetailsPage() {
  const { postId } = useParams();
  const id = Number(postId);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const canDelete = useCan('delete_post');
  const [confirming, setConfirming] = useState(false);
  const [tab, setTab] = useState<string | null>('about');
  const q = useApiQuery(
    calls.reportedPostDetails,
    { id },
    { enabled: validId, placeholderData: undefined, alertOnError: alertUnlessMissing },
  );
  const remove = useApiMutation(calls.deletePost, {
    invalidates: [calls.reportedPosts],
    onSuccess: () => {
      setConfirming(false);
      navigate(paths.reportedPosts);
    },
  });

  if (!validId || (q.isError && !q.data)) {
    return (
      <>
        <PageHeader title="Post Details" actions={back} />
        <RecordError
          error={validId ? q.error : null}
          thing="Post"
          id={postId ?? ''}
          back={{ to: paths.reportedPosts, label: 'Reported Posts' }}
          onRetry={() => void q.refetch()}
        />
      </>
    );
  }
  if (q.isPending) {
    return (
      <>
        <PageHeader title="Post Details" actions={back} />
        <PageLoader />
      </>
    );
  }
  const post = q.data.data;
  return (
    <>
      <PageHeader
        title="Post Details"
        documentTitle={`${post.title ?? `Post ${post.id}`} · Post Details`}
        actions={
          <>
            {back}
            <Button
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={!canDelete}
              onClick={() => setConfirming(true)}
            >
              Delete Post
            </Button>
          </>
        }
      />
      <Grid gap="lg" mb="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <MediaCarousel media={post.media} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="md" h="100%">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {post.title ?? 'Untitled post'}
              </Title>
              {post.website ? (
                <Text size="sm" c="dimmed">
                  {post.website}
                </Text>
              ) : null}
              {post.description ? <Text size="sm">{post.description}</Text> : null}
              <Text size="sm" c="dimmed">
                Reported {post.reports_count} time{post.reports_count === 1 ? '' : 's'} · created{' '}
                {formatDateTime(post.created_at)}
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="about">About</Tabs.Tab>
          <Tabs.Tab value="reported">Reported By</Tabs.Tab>
          <Tabs.Tab value="viewed">Viewed By</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="about">
          <AboutTab post={post} />
        </Tabs.Panel>
        <Tabs.Panel value="reported">
          <PostPeopleTable postId={post.id} kind="reported" />
        </Tabs.Panel>
        <Tabs.Panel value="viewed">
          <PostPeopleTable postId={post.id} kind="viewed" />
        </Tabs.Panel>
      </Tabs>
      <ModerationHistory filter={{ target_type: 'post', target_id: post.id }} />
      <ConfirmDialog
        opened={confirming}
        message="Do you want to delete this post?"
        onConfirm={() => remove.mutate({ id: post.id })}
        onClose={() => setConfirming(false)}
        loading={remove.isPending}
      />
    </>
  );
}
