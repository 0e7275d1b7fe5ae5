import type { SecondFactorPolicy } from '@admin/contract';
import { Card, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../ui/error-alert';
import { useSavedChoice } from '../../ui/use-saved-choice';

const CHOICES: { value: SecondFactorPolicy; label: string; hint: string }[] = [
  { value: 'off', label: 'Not required', hint: 'Staff may sign in with the mailed code alone.' },
  {
    value: 'super_admins',
    label: 'Required for super admins',
    hint: 'A super admin without a passkey or authenticator app sets one up right after the next sign-in.',
  },
  {
    value: 'all_staff',
    label: 'Required for all staff',
    hint: 'Every staff member without one sets it up right after the next sign-in.',
  },
];

/** Super admins only: who must have a passkey or an authenticator app (recorded in the trail). */
export function SecondFactorPolicyCard() {
  const q = useApiQuery(calls.secondFactorPolicy);
  const choice = useSavedChoice(q.data?.data.policy);
  const save = useApiMutation(calls.setSecondFactorPolicy, {
    invalidates: [calls.secondFactorPolicy],
    onSettled: choice.settle,
  });
  return (
    <Card withBorder radius="md" data-testid="second-factor-policy">
      <Title order={2} size="h4" mb={4}>
        Sign-in security
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A second factor other than e-mail: a passkey or an authenticator app. With it, whoever reads a staff
        member's mailbox still cannot sign in as them.
      </Text>
      {q.isError && !q.data ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      {!q.data && !q.isError ? <Skeleton h={90} /> : null}
      {q.data ? (
        <Radio.Group
          value={choice.shown}
          onChange={(v) => {
            choice.choose(v as SecondFactorPolicy);
            save.mutate({ policy: v as SecondFactorPolicy });
          }}
          label="Require a passkey or authenticator app"
        >
          <Stack gap="sm" mt="xs">
            {CHOICES.map((c) => (
              <Radio
                key={c.value}
                value={c.value}
                label={c.label}
                description={c.hint}
                disabled={save.isPending}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
    </Card>
  );
}
