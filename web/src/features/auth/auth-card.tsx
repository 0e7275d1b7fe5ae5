import { Box, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

/** The centred card of the public sign-in screens, with the brand above it. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box className={classes.page}>
      <Center mih="100dvh" px="md" py="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Group gap="sm" justify="center">
            <ThemeIcon
              size={44}
              radius="md"
              variant="gradient"
              gradient={{ from: 'brand.6', to: 'cyan.5', deg: 135 }}
            >
              <IconShieldLock size={26} stroke={1.8} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={700} fz="lg" lh={1.2}>
                Admin Panel
              </Text>
              <Text c="dimmed" fz="xs">
                Back-office for staff
              </Text>
            </Stack>
          </Group>
          <Card withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} fz={24}>
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" fz="sm">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Card>
          {footer ? (
            <Text ta="center" c="dimmed" fz="xs">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Center>
    </Box>
  );
}
