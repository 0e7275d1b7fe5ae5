import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths';

export default function NotFoundPage() {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1} fz="h2">
        Page not found
      </Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Button component={Link} to={paths.dashboard} variant="light">
        Go to the dashboard
      </Button>
    </Stack>
  );
}
