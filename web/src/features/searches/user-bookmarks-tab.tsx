import { ComingSoon } from '../../ui/coming-soon';

/** Tab of the user profile page (see web/src/profile-tabs.tsx). */
export default function UserBookmarksTab({ userId }: { userId: number }) {
  return <ComingSoon title="Bookmarks" description={`This tab of user #${userId} is being built.`} />;
}
