import type { ResponseOf } from '@admin/contract';
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { RecoveryCodesModal } from './recovery-codes';

type Summary = ResponseOf<typeof calls.mySecurity>['data'];
type Setup = { secret: string; otpauth_url: string };

/** The QR code of an otpauth URL, drawn here in the browser (no outside service sees the secret). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr
        .toDataURL(url, { margin: 1, width: 200, errorCorrectionLevel: 'M' })
        .then((data) => live && setSrc(data)),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <Image
      src={src}
      w={200}
      h={200}
      alt="QR code to scan with your authenticator app"
      bg="white"
      p={4}
      radius="sm"
    />
  ) : (
    <Skeleton w={200} h={200} />
  );
}

function CodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <TextInput
      label="Code from the app"
      placeholder="123456"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      error={error}
      style={{ flex: '0 1 200px' }}
    />
  );
}

/** Authenticator app (TOTP): set up with a QR code and a first code, or remove with a current code. */
export function TotpSection({ summary, onChanged }: { summary?: Summary; onChanged: () => Promise<void> }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [otp, setOtp] = useState('');
  const [tried, setTried] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const start = useApiMutation(calls.totpSetup, { alertOnSuccess: false, onSuccess: (res) => setSetup(res) });
  const confirm = useApiMutation(calls.totpConfirm, {
    onSuccess: async (res) => {
      setSetup(null);
      setOtp('');
      setTried(false);
      setCodes(res.recovery_codes);
      await onChanged();
    },
  });
  const remove = useApiMutation(calls.totpRemove, {
    onSuccess: async () => {
      setRemoving(false);
      setOtp('');
      setTried(false);
      await onChanged();
    },
  });
  const codeError = tried && otp.length !== 6 ? 'Enter the 6-digit code' : null;
  function submit(e: FormEvent, send: () => void) {
    e.preventDefault();
    setTried(true);
    if (otp.length === 6) {
      send();
    }
  }

  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Authenticator app
        </Title>
        {summary ? (
          <Badge variant="light" color={summary.totp ? 'green' : 'gray'}>
            {summary.totp ? 'On' : 'Off'}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        A 6-digit code from an app on your phone (Google Authenticator, Microsoft Authenticator, 1Password,
        Aegis...) instead of a mailed code: someone who reads your mail cannot sign in.
      </Text>
      {!summary ? <Skeleton h={36} w={200} /> : null}
      {summary && !summary.totp && !setup ? (
        <Group>
          <Button
            leftSection={<IconDeviceMobile size={16} />}
            onClick={() => start.mutate({})}
            loading={start.isPending}
          >
            Set up an authenticator app
          </Button>
        </Group>
      ) : null}
      {setup ? (
        <Stack gap="md">
          <Group align="flex-start" gap="lg" wrap="wrap">
            <QrCode url={setup.otpauth_url} />
            <Stack gap="xs" style={{ flex: '1 1 240px' }} miw={0}>
              <Text size="sm">1. Scan the QR code with your app, or type this key into it:</Text>
              <Code block fz="sm" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Code>
              <Text size="sm">2. Enter the code the app shows:</Text>
              <form onSubmit={(e) => submit(e, () => confirm.mutate({ otp }))}>
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <CodeField value={otp} onChange={setOtp} error={codeError} />
                  <Button type="submit" mt={25} loading={confirm.isPending}>
                    Confirm
                  </Button>
                  <Button variant="default" mt={25} onClick={() => setSetup(null)}>
                    Cancel
                  </Button>
                </Group>
              </form>
            </Stack>
          </Group>
        </Stack>
      ) : null}
      {summary?.totp ? (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">Recovery codes left: {summary.recovery_codes_left} of 10</Text>
          <Button variant="default" color="red" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        </Group>
      ) : null}
      <RecoveryCodesModal codes={codes} onClose={() => setCodes(null)} />
      <Modal
        opened={removing}
        onClose={() => setRemoving(false)}
        title="Remove the authenticator app"
        centered
      >
        <form onSubmit={(e) => submit(e, () => remove.mutate({ otp }))}>
          <Stack gap="md">
            <Text size="sm">Enter a current code from the app to remove it.</Text>
            <CodeField value={otp} onChange={setOtp} error={codeError} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Remove
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
