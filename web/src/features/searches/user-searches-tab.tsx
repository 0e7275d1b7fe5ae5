import { SearchesTable } from './searches-table';

/** The user profile's Searches tab (see web/src/profile-tabs.tsx): the same table, this user only. */
export default function UserSearchesTab({ userId }: { userId: number }) {
  return <SearchesTable userId={userId} />;
}
