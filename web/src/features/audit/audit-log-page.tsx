import { PageHeader } from '../../ui/page-header';
import { AuditTable } from './audit-table';

export default function AuditLogPage() {
  return (
    <>
      <PageHeader title="Audit Log" />
      <AuditTable />
    </>
  );
}
