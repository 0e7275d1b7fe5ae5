import type { PermissionHolder, SignInFactor } from '@admin/contract';
import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconDeviceMobile, IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { messageOf } from '../../api/notify';
import { sessionStore } from '../../auth/session';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';
import { completeSignIn } from './complete-sign-in';
import { FormMessage, type Message } from './message';

/** Why the browser's passkey prompt ended without a passkey, in words for the person at it. */
function passkeyFailure(err: unknown): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey prompt was closed or timed out. Try again, or use another way below.';
  }
  return messageOf(err);
}

/**
 * The step after the password for an account with a passkey and/or an authenticator app: 'Use a
 * passkey', the app's code, or one of the recovery codes given when the first factor was set up.
 */
export function SecondFactorStep({
  canVisit,
  factors,
}: {
  canVisit: (user: PermissionHolder, path: string) => boolean;
  factors: SignInFactor[];
}) {
  const navigate = useNavigate();
  const [key] = useState(() => sessionStore.pendingKey());
  const [otp, setOtp] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<'passkey' | 'code' | null>(null);
  const [message, setMessage] = useState<Message>(null);
  if (!key) {
    return <Navigate to={paths.login} replace />;
  }
  const hasApp = factors.includes('totp');
  const hasPasskey = factors.includes('passkey');
  const codeError = submitted && !otp.trim() ? 'Otp is required' : null;

  async function finish(run: () => Promise<Parameters<typeof completeSignIn>[0]>, kind: 'passkey' | 'code') {
    setBusy(kind);
    setMessage(null);
    try {
      const failed = await completeSignIn(await run(), canVisit, navigate);
      if (failed) {
        setMessage(failed);
      }
    } catch (err) {
      setMessage({ color: 'red', text: kind === 'passkey' ? passkeyFailure(err) : messageOf(err) });
    } finally {
      setBusy(null);
    }
  }

  function usePasskey() {
    void finish(async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options } = await apiCall(calls.passkeyLoginOptions, { key: key as string });
      const credential = await startAuthentication({ optionsJSON: options as never });
      return apiCall(calls.passkeyLogin, { key: key as string, credential: credential as never });
    }, 'passkey');
  }

  function verify(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!otp.trim()) {
      return;
    }
    void finish(() => apiCall(calls.verifyAuth, { otp: otp.trim(), key: key as string }), 'code');
  }

  return (
    <AuthCard
      title="Verify it's you"
      subtitle={hasPasskey ? 'Use your passkey to login' : 'Enter the code from your authenticator app'}
    >
      <Stack gap="md">
        <FormMessage message={message} />
        {hasPasskey ? (
          <Button
            size="md"
            fullWidth
            leftSection={<IconFingerprint size={18} />}
            onClick={usePasskey}
            loading={busy === 'passkey'}
            disabled={busy === 'code'}
            autoFocus
          >
            Use a passkey
          </Button>
        ) : null}
        {hasPasskey ? <Divider label={hasApp ? 'or your authenticator app' : 'or a recovery code'} /> : null}
        <form onSubmit={verify} noValidate>
          <Stack gap="md">
            <TextInput
              label={hasApp ? 'Authenticator code' : 'Recovery code'}
              description={
                hasApp
                  ? 'The 6-digit code your app shows now, or one of your recovery codes'
                  : 'One of the recovery codes you saved when you added your first passkey'
              }
              placeholder={hasApp ? '123456' : 'XXXX-XXXX-XXXX'}
              autoComplete="one-time-code"
              maxLength={20}
              leftSection={<IconDeviceMobile size={16} />}
              value={otp}
              onChange={(e) => setOtp(e.currentTarget.value)}
              error={codeError}
              autoFocus={!hasPasskey}
            />
            <Button
              type="submit"
              fullWidth
              size="md"
              variant={hasPasskey ? 'default' : 'filled'}
              loading={busy === 'code'}
              disabled={busy === 'passkey'}
            >
              Verify
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to={paths.login} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} />
            Back to login
          </Group>
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
