import { hasPermission, type Permission, type ProfileUserDetails } from '@admin/contract';
import { ScrollArea, Tabs } from '@mantine/core';
import { type ComponentType, Suspense, useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '../../auth/session';
import { paths } from '../../paths';
import type { ProfileTab } from '../../profile-tabs';
import { RecordError } from '../../ui/missing-record';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { AboutTab } from './about-tab';
import { BookmarksTab } from './bookmarks-tab';
import { FollowTab } from './follow-tab';
import { useUserProfile } from './hooks';
import classes from './profile.module.css';

interface TabEntry {
  value: string;
  label: string;
  order: number;
  permission?: Permission;
  staffOnly?: boolean;
  render: (userId: number, profile: ProfileUserDetails) => React.ReactNode;
}

/** The tabs this area builds, at their spec 01 positions. */
const OWN_TABS: TabEntry[] = [
  {
    value: 'followers',
    label: 'Followers',
    order: 2,
    permission: 'followers',
    render: (id) => <FollowTab userId={id} side="followers" />,
  },
  {
    value: 'following',
    label: 'Following',
    order: 3,
    permission: 'following',
    render: (id) => <FollowTab userId={id} side="following" />,
  },
  {
    value: 'bookmarks',
    label: 'Bookmarks',
    order: 6,
    permission: 'favourites',
    render: (id) => <BookmarksTab userId={id} />,
  },
];

function extraEntry(tab: ProfileTab): TabEntry {
  const Component = tab.component as ComponentType<{ userId: number; profile: ProfileUserDetails }>;
  return { ...tab, render: (id, profile) => <Component userId={id} profile={profile} /> };
}

/**
 * The user profile (spec 01 section 2): About, then the other tabs in spec order, each shown only
 * with its permission. `extraTabs` are the tabs other areas own (web/src/profile-tabs.tsx).
 */
export default function UserProfilePage({ extraTabs }: { extraTabs: readonly ProfileTab[] }) {
  const params = useParams();
  const userId = Number(params.userId);
  const [search, setSearch] = useSearchParams();
  const session = useSession();
  const profile = useUserProfile(userId);
  const tabStrip = useRef<HTMLDivElement>(null);

  const own = new Set(OWN_TABS.map((t) => t.value));
  const isStaff = !!profile.data && profile.data.userdetails.rank !== 'platform';
  const tabs = [...OWN_TABS, ...extraTabs.filter((t) => !own.has(t.value)).map(extraEntry)]
    .filter((t) => !t.permission || hasPermission(session?.user, t.permission))
    .filter((t) => !t.staffOnly || isStaff)
    .sort((a, b) => a.order - b.order);
  const requested = search.get('tab');
  const active = requested && tabs.some((t) => t.value === requested) ? requested : 'about';

  const loaded = !!profile.data;
  // On phones the strip scrolls: bring the open tab (e.g. from ?tab=) into view.
  useEffect(() => {
    if (loaded) {
      tabStrip.current
        ?.querySelector<HTMLElement>(`[role="tab"][id$="-tab-${active}"]`)
        ?.scrollIntoView({ inline: 'center', block: 'nearest' });
    }
  }, [active, loaded]);

  const user = profile.data?.userdetails;
  const validId = Number.isInteger(userId) && userId > 0;

  return (
    <>
      <PageHeader
        title="User Profile"
        subtitle={user ? `${user.name} (@${user.username})` : undefined}
        documentTitle={user ? `${user.name || user.username} · User Profile` : undefined}
      />
      {!validId || (profile.isError && !user) ? (
        <RecordError
          error={validId ? profile.error : null}
          thing="User"
          id={params.userId ?? ''}
          back={{ to: paths.users, label: 'Users' }}
          onRetry={() => void profile.refetch()}
        />
      ) : !user ? (
        <PageLoader />
      ) : (
        <Tabs
          // A new user starts afresh: edit rows, searches and pages belong to the previous one.
          key={userId}
          value={active}
          onChange={(v) => {
            // A tab is a history entry (Back returns to the previous tab); its list starts afresh.
            setSearch(!v || v === 'about' ? {} : { tab: v }, { preventScrollReset: true });
          }}
          keepMounted={false}
          classNames={{ tab: classes.tab }}
        >
          {/* On phones the tab strip scrolls sideways instead of wrapping into a tall block. */}
          <ScrollArea
            type="auto"
            scrollbarSize={6}
            offsetScrollbars="x"
            className={classes.tabsScroll}
            viewportRef={tabStrip}
          >
            <Tabs.List className={classes.tabsList}>
              <Tabs.Tab value="about">About</Tabs.Tab>
              {tabs.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
          <Tabs.Panel value="about">
            <AboutTab user={user} />
          </Tabs.Panel>
          {tabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              <Suspense fallback={<PageLoader />}>{t.render(userId, user)}</Suspense>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </>
  );
}
