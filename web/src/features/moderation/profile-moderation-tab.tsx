import { ModerationHistory } from '../../ui/moderation-history';

/** The profile's Moderation section: the user's cases (their account's and their posts'). */
export default function ProfileModerationTab({ userId }: { userId: number }) {
  return <ModerationHistory filter={{ author_id: userId }} />;
}
