import { Center, Loader } from '@mantine/core';

/** Spinner while a lazily loaded screen or its first data arrives. */
export function PageLoader() {
  return (
    <Center py={80} aria-label="Loading">
      <Loader />
    </Center>
  );
}
