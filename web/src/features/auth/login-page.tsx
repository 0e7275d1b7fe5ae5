import { TEXTS } from '@admin/contract';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconUser } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { messageOf } from '../../api/notify';
import { sessionStore } from '../../auth/session';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';
import { FormMessage, type Message } from './message';

/** Messages another screen hands to the login page (logout, no page to go to). */
export interface LoginNotice {
  notice?: Message;
}

/**
 * The message the page opens with: one handed over by the screen before (logout, no page to go
 * to) or why the session ended (a signed-in call's 401). Shown once: a reload shows neither.
 */
function arrivalNotice(state: unknown): Message {
  const handed = (state as LoginNotice | null)?.notice;
  if (handed) {
    return handed;
  }
  const ended = sessionStore.loginNotice();
  return ended ? { color: 'red', text: ended } : null;
}

/** Admin Login (spec 01 Login screens): messages only after the first Login click. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState<Message>(() => arrivalNotice(location.state));

  // The page clears messages on load: notifications now, the arrival notice once it is shown
  // (history state survives a reload, so it is replaced).
  useEffect(() => {
    notifications.clean();
    sessionStore.setLoginNotice(null);
    if ((location.state as LoginNotice | null)?.notice) {
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [location, navigate]);

  const usernameError = submitted && !username.trim() ? 'Username is required' : null;
  const passwordError = submitted && !password ? 'Password is required' : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setMessage(null);
    if (!username.trim() || !password) {
      return;
    }
    setLoading(true);
    try {
      const res = await apiCall(calls.adminLogin, { username: username.trim(), password });
      if (res.key) {
        sessionStore.setPendingKey(res.key);
        sessionStore.setPendingFactors(res.factors);
        navigate(paths.verifyOtp, {
          state: {
            notice: { color: 'green', text: res.responseMessage ?? 'OTP sent' },
          } satisfies LoginNotice,
        });
      } else {
        sessionStore.clear();
        setMessage({ color: 'red', text: res.responseMessage ?? TEXTS.serverError });
      }
    } catch (err) {
      setMessage({ color: 'red', text: messageOf(err) });
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthCard
      title="Admin Login"
      subtitle="Sign in with your staff account"
      footer={`Version ${__APP_VERSION__}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormMessage message={message} />
          <TextInput
            label="Username"
            placeholder="Your username"
            autoComplete="username"
            leftSection={<IconUser size={16} />}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={usernameError}
            autoFocus
          />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot password
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={loading}>
            Login
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
