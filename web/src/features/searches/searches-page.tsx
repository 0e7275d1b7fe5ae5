import { PageHeader } from '../../ui/page-header';
import { SearchesTable } from './searches-table';

export default function SearchesPage() {
  return (
    <>
      <PageHeader title="Searches" />
      <SearchesTable />
    </>
  );
}
