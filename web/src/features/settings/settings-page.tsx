import { type AppVersionRule, TEXTS, UPDATE_ACTIONS } from '@admin/contract';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { useSession } from '../../auth/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import stacked from '../../ui/stacked-table.module.css';
import { useSavedChoice } from '../../ui/use-saved-choice';
import { SecondFactorPolicyCard } from './second-factor-policy';

function NoPermission() {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
      {TEXTS.noPermissionContent}
    </Alert>
  );
}

/** /settings: the enrichment service switch and the app force-update rules. */
export default function SettingsPage() {
  const canEnrich = useCan('change_enrichment_settings');
  const canVersions = useCan('get_app_version');
  const isSuperAdmin = useSession()?.user.is_sup_admin === 1;
  return (
    <Stack gap="lg">
      <PageHeader title="Settings" />
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Enrichment Service
        </Title>
        {canEnrich ? <EnrichmentToggle /> : <NoPermission />}
      </Card>
      {isSuperAdmin ? <SecondFactorPolicyCard /> : null}
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          App Force Update When
        </Title>
        {canVersions ? <AppVersionRules /> : <NoPermission />}
      </Card>
    </Stack>
  );
}

function EnrichmentToggle() {
  const q = useApiQuery(calls.enrichmentSettings, { data_keys: 'ENRICHMENT_SERVICE' });
  const on = q.data?.data.find((s) => s.data_key === 'ENRICHMENT_SERVICE')?.data === '1';
  const choice = useSavedChoice(on);
  const change = useApiMutation(calls.changeEnrichmentSettings, {
    invalidates: [calls.enrichmentSettings],
    onSettled: choice.settle,
  });
  const [asking, setAsking] = useState(false);
  if (q.isError && !q.data) {
    return <ErrorAlert error={q.error} onRetry={() => q.refetch()} />;
  }
  if (!q.data) {
    return <Skeleton h={28} w={220} />;
  }
  const shown = choice.shown === true;
  const turn = (next: boolean) => {
    choice.choose(next);
    change.mutate({ data_key: 'ENRICHMENT_SERVICE', data: next ? '1' : '0' });
  };
  const turnOff = () => {
    setAsking(false);
    turn(false);
  };
  return (
    <Group gap="md">
      <ConfirmDialog
        opened={asking}
        title="Turn the Enrichment Service off?"
        message="Links saved from now on are not enriched (no title, image or description) until it is turned on again. This affects every user of the platform."
        confirmLabel="Turn off"
        onConfirm={turnOff}
        onClose={() => setAsking(false)}
      />
      <Switch
        size="lg"
        onLabel="ON"
        offLabel="OFF"
        checked={shown}
        disabled={change.isPending}
        label={`Enrichment Service is ${shown ? 'ON' : 'OFF'}`}
        aria-label="Enrichment Service"
        // Turning a production service off asks first; turning it on does not.
        onChange={(e) => (e.currentTarget.checked ? turn(true) : setAsking(true))}
      />
    </Group>
  );
}

const DEVICE_LABEL = { android: 'Android', ios: 'IOS' } as const;
const ACTIONS = UPDATE_ACTIONS.map((a) => ({ value: String(a.value), label: a.label }));

function AppVersionRules() {
  const q = useApiQuery(calls.appVersionSettings, {});
  const [rows, setRows] = useState<AppVersionRule[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useApiMutation(calls.saveAppVersionSetting, { alertOnSuccess: false });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (q.data && !rows) {
      setRows(q.data.data);
    }
  }, [q.data, rows]);

  if (q.isError && !q.data) {
    return <ErrorAlert error={q.error} onRetry={() => q.refetch()} />;
  }
  if (!rows) {
    return <Skeleton h={120} />;
  }
  const set = (i: number, patch: Partial<AppVersionRule>) =>
    setRows(rows.map((r, j) => (i === j ? { ...r, ...patch } : r)));

  const submit = async () => {
    const bad: Record<string, string> = {};
    for (const r of rows) {
      if (!/^\d+(\.\d+){0,3}$/.test(r.app_version.trim())) {
        bad[r.device_type] = 'Enter a version like 2.4.1';
      }
    }
    setErrors(bad);
    if (Object.keys(bad).length > 0) {
      return;
    }
    setSaving(true);
    try {
      for (const r of rows) {
        await save.mutateAsync({
          device_type: r.device_type,
          app_version: r.app_version.trim(),
          notify_for_update: r.notify_for_update,
        });
      }
      const { notifySuccess } = await import('../../api/notify');
      notifySuccess('App version setting saved successfully');
      await q.refetch();
    } catch {
      // the failure was alerted by the mutation
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Installed versions below the threshold get the chosen action when the app starts.
      </Text>
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="sm" aria-label="App Force Update When" className={stacked.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Version below</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.device_type}>
                <Table.Td fw={500}>{DEVICE_LABEL[r.device_type]}</Table.Td>
                <Table.Td data-label="Version below">
                  <TextInput
                    aria-label={`${DEVICE_LABEL[r.device_type]} version`}
                    placeholder="e.g. 3.9.0"
                    value={r.app_version}
                    error={errors[r.device_type]}
                    onChange={(e) => set(i, { app_version: e.currentTarget.value })}
                    maw={160}
                  />
                </Table.Td>
                <Table.Td data-label="Action">
                  <Select
                    aria-label={`${DEVICE_LABEL[r.device_type]} action`}
                    data={ACTIONS}
                    value={String(r.notify_for_update)}
                    onChange={(v) => set(i, { notify_for_update: Number(v ?? 0) })}
                    allowDeselect={false}
                    maw={200}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button onClick={submit} loading={saving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
