import { AuditTable } from './audit-table';

/** The profile's Activity tab: what this user did, and what was done to them. */
export default function ActivityTab({ userId }: { userId: number }) {
  return <AuditTable userId={userId} />;
}
