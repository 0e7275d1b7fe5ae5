import { OTP_RESEND_WAIT_SECONDS, type PermissionHolder } from '@admin/contract';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconArrowLeft, IconKey } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { messageOf } from '../../api/notify';
import { sessionStore } from '../../auth/session';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';
import { completeSignIn } from './complete-sign-in';
import type { LoginNotice } from './login-page';
import { FormMessage, type Message } from './message';
import { SecondFactorStep } from './second-factor-step';

/** Seconds left before Resend is allowed, from when the last code was sent. */
function remainingSeconds(sentAt: number | null, now: number): number {
  if (!sentAt) {
    return 0;
  }
  return Math.max(0, OTP_RESEND_WAIT_SECONDS - Math.floor((now - sentAt) / 1000));
}

function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

type CanVisit = (user: PermissionHolder, path: string) => boolean;

/**
 * The step after the password: the mailed code (spec 01 Login screens and section 4), or, for an
 * account with a passkey or an authenticator app, those (no code is mailed to it).
 */
export default function VerifyOtpPage({ canVisit }: { canVisit: CanVisit }) {
  const [factors] = useState(() => sessionStore.pendingFactors());
  return factors.includes('email') ? (
    <MailedCodeStep canVisit={canVisit} />
  ) : (
    <SecondFactorStep canVisit={canVisit} factors={factors} />
  );
}

function MailedCodeStep({ canVisit }: { canVisit: (user: PermissionHolder, path: string) => boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: after success the stored key is cleared while this page is still on screen.
  const [key, setKey] = useState(() => sessionStore.pendingKey());
  const [otp, setOtp] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);
  const [message, setMessage] = useState<Message>((location.state as LoginNotice | null)?.notice ?? null);
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), 1000);

  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval.start, interval.stop]);

  if (!key) {
    return <Navigate to={paths.login} replace />;
  }
  const remaining = remainingSeconds(sessionStore.pendingSentAt(), now);
  const otpError = submitted && !otp.trim() ? 'Otp is required' : null;

  async function verify(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setMessage(null);
    if (!otp.trim() || !key) {
      return;
    }
    setLoading(true);
    try {
      const res = await apiCall(calls.verifyAuth, { otp: otp.trim(), key });
      const failed = await completeSignIn(res, canVisit, navigate);
      if (failed) {
        setMessage(failed);
      }
    } catch (err) {
      setMessage({ color: 'red', text: messageOf(err) });
    } finally {
      setLoading(false);
    }
  }

  async function resend() {
    if (!key) {
      return;
    }
    setResending(true);
    setMessage(null);
    try {
      const res = await apiCall(calls.resendOtp, { key, action: 'resend' });
      sessionStore.setPendingKey(res.key || key);
      setKey(res.key || key);
      setNow(Date.now());
      setMessage({ color: 'green', text: res.responseMessage ?? 'A new code has been sent' });
    } catch (err) {
      setMessage({ color: 'red', text: messageOf(err) });
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard title="Verify it's you" subtitle="Enter your OTP to login">
      <form onSubmit={verify} noValidate>
        <Stack gap="md">
          <FormMessage message={message} />
          <TextInput
            label="OTP"
            placeholder="6-digit code from your email"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            leftSection={<IconKey size={16} />}
            value={otp}
            onChange={(e) => setOtp(e.currentTarget.value)}
            error={otpError}
            autoFocus
            styles={{
              input: { letterSpacing: otp ? '0.3em' : undefined, fontVariantNumeric: 'tabular-nums' },
            }}
          />
          <Button type="submit" fullWidth size="md" loading={loading}>
            Verify
          </Button>
          <Group justify="space-between" gap="xs">
            <Text fz="sm" c="dimmed" aria-live="polite">
              Time Remaining: {formatCountdown(remaining)}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={resend}
              disabled={remaining > 0}
              loading={resending}
            >
              Resend
            </Button>
          </Group>
          <Anchor component={Link} to={paths.login} size="sm" c="dimmed">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} />
              Back to login
            </Group>
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
