import { CAMPAIGN_GOALS, type CampaignChargeRow, CURRENCY } from '@admin/contract';
import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { formatDateTime, money } from '../../lib/format';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { GuardedModal } from '../../ui/unsaved-changes';

const GOAL_LABELS: Record<string, string> = { CPC: 'CPC (pay per click)', CPV: 'CPV (pay per view)' };

/** /campaign-charges: the default prices the platform charges, one row per goal (docs/campaign-charges.md). */
export default function CampaignChargesPage() {
  const q = useApiQuery(calls.campaignChargesList, {});
  const [editing, setEditing] = useState<CampaignChargeRow | 'new' | null>(null);
  const rows = q.data?.data;
  const missing = CAMPAIGN_GOALS.filter((g) => !rows?.some((r) => r.goal === g));
  return (
    <Stack gap="md">
      <PageHeader
        title="Campaign Charges"
        subtitle="Default prices charged by goal; calendar settings override them for single days"
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!rows || missing.length === 0}
            onClick={() => setEditing('new')}
          >
            Add
          </Button>
        }
      />
      <ListTable<CampaignChargeRow>
        aria-label="Campaign charges"
        records={rows}
        total={rows?.length}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        columns={[
          { accessor: 'goal', title: 'Goal', render: (r) => GOAL_LABELS[r.goal] },
          { accessor: 'cost_per_click', title: 'Cost per click', render: (r) => money(r.cost_per_click) },
          { accessor: 'cost_per_view', title: 'Cost per view', render: (r) => money(r.cost_per_view) },
          {
            accessor: 'min_daily_budget',
            title: 'Minimum daily budget',
            render: (r) => money(r.min_daily_budget),
          },
          { accessor: 'updated_at', title: 'Last updated', render: (r) => formatDateTime(r.updated_at) },
          {
            accessor: 'action',
            title: 'Action',
            actions: true,
            render: (r) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconEdit size={14} />}
                onClick={() => setEditing(r)}
              >
                Edit
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <ChargeForm
          row={editing === 'new' ? null : editing}
          goals={missing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

function ChargeForm({
  row,
  goals,
  onClose,
}: {
  row: CampaignChargeRow | null;
  goals: readonly string[];
  onClose: () => void;
}) {
  const [goal, setGoal] = useState<string | null>(row?.goal ?? goals[0] ?? null);
  const [cpc, setCpc] = useState<number | string>(row?.cost_per_click ?? '');
  const [cpv, setCpv] = useState<number | string>(row?.cost_per_view ?? '');
  const [min, setMin] = useState<number | string>(row?.min_daily_budget ?? '');
  const [error, setError] = useState<string | null>(null);
  const opts = { invalidates: [calls.campaignChargesList], onSuccess: onClose };
  const create = useApiMutation(calls.campaignChargesCreate, opts);
  const update = useApiMutation(calls.campaignChargesUpdate, opts);
  const submit = () => {
    if ([cpc, cpv, min].some((v) => v === '' || Number.isNaN(Number(v)))) {
      setError('Every price is required');
      return;
    }
    setError(null);
    const prices = { cost_per_click: Number(cpc), cost_per_view: Number(cpv), min_daily_budget: Number(min) };
    if (row) {
      update.mutate({ id: row.id, ...prices });
    } else if (goal) {
      create.mutate({ goal: goal as 'CPC' | 'CPV', ...prices });
    }
  };
  const money2 = { prefix: CURRENCY, decimalScale: 2, min: 0 };
  return (
    <GuardedModal
      opened
      onClose={onClose}
      title={row ? `Edit ${row.goal} charges` : 'Add charges'}
      centered
      dirty={
        !create.isSuccess &&
        !update.isSuccess &&
        (String(cpc) !== String(row?.cost_per_click ?? '') ||
          String(cpv) !== String(row?.cost_per_view ?? '') ||
          String(min) !== String(row?.min_daily_budget ?? ''))
      }
    >
      <Stack>
        {row ? null : (
          <Select
            label="Goal"
            data={goals.map((g) => ({ value: g, label: GOAL_LABELS[g] }))}
            value={goal}
            onChange={setGoal}
          />
        )}
        <NumberInput label="Cost per click" {...money2} value={cpc} onChange={setCpc} />
        <NumberInput label="Cost per view" {...money2} value={cpv} onChange={setCpv} />
        <NumberInput label="Minimum daily budget" {...money2} value={min} onChange={setMin} />
        {error ? (
          <Text c="red" size="sm">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending || update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </GuardedModal>
  );
}
