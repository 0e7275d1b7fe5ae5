import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './app-notifications.module.css';

/**
 * The one place alerts appear (issue 34 point 10): the bottom-right corner on a desk, the bottom
 * edge on a phone, never over the top bar, the page's title row or its tabs, and clear of the
 * scroll-to-top button, so a success alert does not hide the tabs or the badge it reports on.
 */
export function AppNotifications() {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'bottom-right'}
      limit={3}
      containerWidth={phone ? 440 : 380}
      classNames={{ root: classes.root }}
    />
  );
}
