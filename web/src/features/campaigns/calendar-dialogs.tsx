import {
  CAMPAIGN_SETTING_GLOBAL_ONLY,
  CAMPAIGN_SETTING_TYPES,
  type CampaignSettingEvent,
  type CampaignSettingType,
  CURRENCY,
  DATE_FORMAT,
} from '@admin/contract';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { type DialogDraft, useKeepDraft, useRestoredDraft } from '../../auth/drafts';
import { GuardedModal } from '../../ui/unsaved-changes';
import { isMoney, showValue } from './calendar-values';

/** The day the form adds to, and the event it edits. */
export type FormState = { day: string; event?: CampaignSettingEvent };

/** The Add / Edit form's name on its page for a draft kept across a sign-in (issue 34 point 8). */
export const SETTING_FORM_DRAFT = 'campaign-setting';

type SettingDraft = DialogDraft<{ type: string | null; value: number | string }, FormState>;

/** The popup of one event: its date, name and value; Delete and Change on future days. */
export function EventModal({
  event,
  onClose,
  canChange,
  onChange,
}: {
  event: CampaignSettingEvent | null;
  onClose: () => void;
  canChange: boolean;
  onChange: (e: CampaignSettingEvent) => void;
}) {
  const remove = useApiMutation(calls.campaignSettingsDelete, {
    invalidates: [calls.campaignSettingsList],
    onSuccess: onClose,
  });
  return (
    <Modal opened={!!event} onClose={onClose} title="Campaign setting" centered>
      {event ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text c="dimmed">Date</Text>
            <Text>{dayjs(event.dateFrom.slice(0, 10)).format(DATE_FORMAT)}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Name</Text>
            <Text>{event.name}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Value</Text>
            <Text>{showValue(event)}</Text>
          </Group>
          {canChange ? (
            <Group justify="flex-end" mt="md">
              <Button
                variant="default"
                color="red"
                onClick={() => remove.mutate({ id: event.id })}
                loading={remove.isPending}
              >
                Delete
              </Button>
              <Button onClick={() => onChange(event)}>Change</Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

/** The Add / Edit form of a day's setting (the types already used that day are not offered). */
export function SettingForm({
  state,
  userId,
  used,
  onClose,
}: {
  state: FormState;
  userId?: number;
  used: string[];
  onClose: () => void;
}) {
  const editing = state.event;
  // What was typed when the session ended comes back for the same day and event.
  const restored = useRestoredDraft<SettingDraft>(SETTING_FORM_DRAFT);
  const kept =
    restored?.context.day === state.day && restored.context.event?.id === editing?.id
      ? restored.value
      : undefined;
  const [type, setType] = useState<string | null>(kept ? kept.type : (editing?.type ?? null));
  const [value, setValue] = useState<number | string>(kept ? kept.value : (editing?.value ?? ''));
  const [errors, setErrors] = useState<{ type?: string; value?: string }>({});
  const save = useApiMutation(calls.campaignSettingsSave, {
    invalidates: [calls.campaignSettingsList],
    onSuccess: onClose,
  });
  const options = (Object.keys(CAMPAIGN_SETTING_TYPES) as CampaignSettingType[])
    .filter((t) => !(userId && (CAMPAIGN_SETTING_GLOBAL_ONLY as readonly string[]).includes(t)))
    .filter((t) => t === editing?.type || !used.includes(t))
    .map((t) => ({ value: t, label: CAMPAIGN_SETTING_TYPES[t] }));
  const moneyType = type ? isMoney(type) : false;
  const dirty =
    !save.isSuccess && (type !== (editing?.type ?? null) || String(value) !== String(editing?.value ?? ''));
  useKeepDraft(
    SETTING_FORM_DRAFT,
    dirty ? ({ context: state, value: { type, value } } satisfies SettingDraft) : undefined,
  );

  const submit = () => {
    const next: typeof errors = {};
    if (!type) {
      next.type = 'Type is required';
    }
    if (value === '' || value === null || Number.isNaN(Number(value))) {
      next.value = moneyType ? 'Amount is required' : 'Value is required';
    }
    setErrors(next);
    if (next.type || next.value || !type) {
      return;
    }
    save.mutate({
      ...(editing ? { id: editing.id } : {}),
      date_from: `${state.day} 00:00:00`,
      date_to: `${state.day} 23:59:59`,
      setting_key: type as CampaignSettingType,
      setting_value: Number(value),
      setting_label: CAMPAIGN_SETTING_TYPES[type as CampaignSettingType],
      ...(userId ? { user_id: userId } : {}),
    });
  };

  return (
    <GuardedModal
      opened
      onClose={onClose}
      title={editing ? 'Edit' : 'Add New Setting'}
      centered
      dirty={dirty}
    >
      <Stack>
        <TextInput label="Date" value={dayjs(state.day).format(DATE_FORMAT)} readOnly />
        <Select
          label="Type"
          placeholder="Select type"
          data={options}
          value={type}
          onChange={setType}
          error={errors.type}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={moneyType ? 'Amount' : 'Value'}
          prefix={moneyType ? CURRENCY : undefined}
          decimalScale={moneyType ? 2 : 0}
          min={0}
          value={value}
          onChange={setValue}
          error={errors.value}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </GuardedModal>
  );
}
