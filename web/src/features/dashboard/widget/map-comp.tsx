import { Card, Skeleton, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { Range } from './frame';

const UsersMapWidget = lazy(() => import('../users-map-widget'));

/** Where located users are now; it receives the range like every widget (spec 01 section 2). */
export function MapComp({ title, range }: { title: string; range: Range }) {
  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <Suspense fallback={<Skeleton h={320} />}>
        <UsersMapWidget {...range} />
      </Suspense>
    </Card>
  );
}
