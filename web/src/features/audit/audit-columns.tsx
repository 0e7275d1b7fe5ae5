import type { AuditRow } from '@admin/contract';
import { Anchor, Code } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../paths';

/** Where a target opens, for the types that have a screen. */
function targetLink(type: string | null, id: string | null): string | null {
  if (!id) {
    return null;
  }
  if (type === 'user') {
    return paths.userProfile(id);
  }
  if (type === 'campaign') {
    return paths.campaignDetails(id);
  }
  if (type === 'post') {
    return paths.postDetails(id);
  }
  return null;
}

/** The audit trail's columns; actors and user targets link to profiles only for who may open them. */
export function auditColumns(canOpenProfile: boolean): DataTableColumn<AuditRow>[] {
  const profileLink = (id: string | number, text: string) =>
    canOpenProfile ? (
      <Anchor component={Link} to={paths.userProfile(id)} size="sm" onClick={(e) => e.stopPropagation()}>
        {text}
      </Anchor>
    ) : (
      text
    );

  return [
    { accessor: 'created_at', title: 'Time', width: 170, render: (r) => formatDateTime(r.created_at) },
    {
      accessor: 'actor',
      title: 'Actor',
      render: (r) =>
        r.actor.id
          ? profileLink(r.actor.id, r.actor.username ?? `#${r.actor.id}`)
          : (r.actor.username ?? '-'),
    },
    { accessor: 'action', title: 'Action', render: (r) => <Code>{r.action}</Code> },
    {
      accessor: 'target_id',
      title: 'Target',
      render: (r) => {
        if (!r.target_type) {
          return '-';
        }
        const text = `${r.target_type}${r.target_id ? ` #${r.target_id}` : ''}`;
        const to = targetLink(r.target_type, r.target_id);
        return to && (r.target_type !== 'user' || canOpenProfile) ? (
          <Anchor component={Link} to={to} size="sm" onClick={(e) => e.stopPropagation()}>
            {text}
          </Anchor>
        ) : (
          text
        );
      },
    },
    { accessor: 'ip', title: 'Address', render: (r) => r.ip ?? '-' },
  ];
}
