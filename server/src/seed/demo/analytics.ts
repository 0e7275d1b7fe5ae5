import { analyticsEvents } from '../../db/schema';
import { DAY, type DemoContext, type DemoUser, SECOND } from './context';
import { insertMany } from './insert';

const SCREENS = ['/home', '/search', '/profile', '/post', '/notifications', '/chat', '/settings'];

/** Analytics events over 180 days: sessions with screen views and searches, and sign-ups. */
export async function seedAnalytics(ctx: DemoContext, alive: DemoUser[], volume: number): Promise<void> {
  const { rng, now } = ctx;
  const pickUser = () => rng.pick(alive);
  const analyticsRows: (typeof analyticsEvents.$inferInsert)[] = [];
  for (let d = 180; d >= 0; d--) {
    const dayStart = now - d * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const base = (9 + ((180 - d) / 180) * 12 + (weekday === 0 || weekday === 6 ? 4 : 0)) * volume;
    const sessions = Math.max(1, Math.round(base + rng.gauss() * 3 * volume));
    for (let s = 0; s < sessions; s++) {
      const start = dayStart - Math.floor(rng.next() * DAY);
      if (start > now) {
        continue;
      }
      const user = rng.chance(0.9) ? pickUser() : null;
      const platform = rng.weighted([
        ['android', 50],
        ['ios', 40],
        ['web', 10],
      ] as const);
      const country = rng.weighted([
        ['US', 92],
        ['MX', 3],
        ['CA', 2],
        ['IN', 2],
        ['PH', 1],
      ] as const);
      const sessionId = rng.token(16);
      const base = { userId: user?.id ?? null, sessionId, platform, country };
      analyticsRows.push({ ...base, event: 'session_start', pagePath: '/home', createdAt: new Date(start) });
      const views = rng.int(1, 4);
      for (let v = 0; v < views; v++) {
        analyticsRows.push({
          ...base,
          event: 'screen_view',
          pagePath: rng.pick(SCREENS),
          createdAt: new Date(start + (v + 1) * rng.int(5, 90) * SECOND),
        });
      }
      if (rng.chance(0.6)) {
        analyticsRows.push({
          ...base,
          event: 'search',
          pagePath: '/search',
          createdAt: new Date(start + rng.int(10, 300) * SECOND),
        });
      }
    }
    const signUps = Math.round(rng.int(1, 6) * volume);
    for (let k = 0; k < signUps; k++) {
      analyticsRows.push({
        userId: pickUser().id,
        sessionId: rng.token(16),
        event: 'sign_up',
        platform: rng.chance(0.55) ? 'android' : 'ios',
        country: 'US',
        pagePath: '/signup',
        createdAt: new Date(Math.min(now, dayStart - Math.floor(rng.next() * DAY))),
      });
    }
  }
  await insertMany(ctx.db, analyticsEvents, analyticsRows, 2000);
}
