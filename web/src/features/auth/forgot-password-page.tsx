import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { messageOf } from '../../api/notify';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';
import { FormMessage, type Message } from './message';

/** Reset Password (spec 01 Login screens). */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const emailError = submitted && !email.trim() ? 'Email is required' : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setMessage(null);
    if (!email.trim()) {
      return;
    }
    setLoading(true);
    try {
      const res = await apiCall(calls.resetPassword, { email: email.trim() });
      setMessage({
        color: 'green',
        text: res.responseMessage ?? 'New Password has been sent to your email address',
      });
    } catch (err) {
      setMessage({ color: 'red', text: messageOf(err) });
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthCard title="Reset Password" subtitle="New Password will be sent to your email address">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormMessage message={message} />
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="email"
            leftSection={<IconMail size={16} />}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
            autoFocus
          />
          <Button type="submit" fullWidth size="md" loading={loading}>
            Reset Password
          </Button>
          <Anchor component={Link} to={paths.login} size="sm" ta="center">
            Login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
