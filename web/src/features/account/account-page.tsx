import { TEXTS } from '@admin/contract';
import { Alert, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { callKey, useApiQuery } from '../../api/hooks';
import { sessionStore, useSession } from '../../auth/session';
import { PageHeader } from '../../ui/page-header';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';
import { TotpSection } from './totp-section';

/**
 * /account (user menu → Security): passkeys, the authenticator app and the sessions of the person
 * signed in. Under the second-factor policy a session without one lands here first.
 */
export default function AccountPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const security = useApiQuery(calls.mySecurity);
  const mustEnrol = !!session?.user.must_enrol;

  /** A factor was added or removed: refresh the summary, and let a held session go on. */
  async function changed() {
    await queryClient.invalidateQueries({ queryKey: callKey(calls.mySecurity) });
    if (mustEnrol) {
      const fresh = await apiCall(calls.getLoginData, {});
      sessionStore.update({ user: fresh.user });
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Security" subtitle="How you sign in, and where you are signed in" />
      {mustEnrol ? (
        <Alert color="orange" variant="light" icon={<IconShieldLock size={18} />} title="One more step">
          {TEXTS.mustEnrol}. Your administrator requires it; the mailed code alone is no longer enough.
        </Alert>
      ) : null}
      <PasskeysSection summary={security.data?.data} onChanged={changed} />
      <TotpSection summary={security.data?.data} onChanged={changed} />
      {/* A held session may call only the enrolment calls: its sessions come once it has a factor. */}
      {mustEnrol ? null : <SessionsSection />}
    </Stack>
  );
}
