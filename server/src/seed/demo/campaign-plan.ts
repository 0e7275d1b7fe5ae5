import type { campaigns } from '../../db/schema';
import { VIDEO_URL, writeCreative } from '../media';
import { ADVERTISERS, CITIES, CTA_BUTTONS, DECLINE_REASONS, STREETS } from '../wordlists';
import { DAY, type DemoContext, type DemoUser, HOUR } from './context';

const STATUSES = ['Draft', 'Pending', 'Approved', 'Declined', 'Running', 'Paused', 'Completed'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_WEIGHTS: [Status, number][] = [
  ['Running', 20],
  ['Completed', 18],
  ['Pending', 14],
  ['Approved', 10],
  ['Paused', 10],
  ['Declined', 10],
  ['Draft', 8],
];

/** How one demo campaign runs: what its history, events and transactions are drawn from. */
export interface CampaignPlan {
  status: Status;
  start: number;
  end: number;
  stop: number;
  goal: 'CPC' | 'CPV';
  cpc: number;
  cpv: number;
  perDay: number;
  createdAt: Date;
  overspendToday: boolean;
  budgetCompleted: boolean;
  brand: (typeof ADVERTISERS)[number];
  isVideo: boolean;
}

/** The plan of campaign number `c`; the first of each status come first, so every status is there. */
export function planCampaign(ctx: DemoContext, c: number, plans: CampaignPlan[]): CampaignPlan {
  const { rng } = ctx;
  const status: Status = c < STATUSES.length ? STATUSES[c] : rng.weighted(STATUS_WEIGHTS);
  const brand = rng.pick(ADVERTISERS);
  const isVideo = rng.chance(0.28);
  const goal: 'CPC' | 'CPV' = isVideo ? (rng.chance(0.8) ? 'CPV' : 'CPC') : rng.chance(0.85) ? 'CPC' : 'CPV';
  const perDay = rng.int(2, 30) * 5;
  // One completed campaign ran out of budget before its end date (the list's 'Budget' hint).
  const budgetCompleted = status === 'Completed' && plans.every((p) => !p.budgetCompleted);
  const { start, end, stop, createdAt } = campaignDates(ctx, status, budgetCompleted);
  return {
    status,
    start,
    end,
    stop,
    goal,
    cpc: rng.int(25, 75) / 100,
    cpv: rng.int(2, 9) / 100,
    perDay,
    createdAt,
    overspendToday: status === 'Running' && plans.every((p) => !p.overspendToday),
    budgetCompleted,
    brand,
    isVideo,
  };
}

/** When a campaign of this status starts, ends and stopped running (now while it runs). */
function campaignDates(ctx: DemoContext, status: Status, budgetCompleted: boolean) {
  const { rng, now, at } = ctx;
  let start: number;
  let end: number;
  let stop: number;
  let createdAt: Date;
  switch (status) {
    case 'Running':
      start = now - rng.int(2, 60) * DAY;
      end = now + rng.int(4, 45) * DAY;
      stop = now;
      break;
    case 'Completed':
      if (budgetCompleted) {
        start = now - rng.int(10, 30) * DAY;
        end = now + rng.int(5, 20) * DAY;
        stop = now - rng.int(1, 4) * DAY;
      } else {
        start = now - rng.int(25, 170) * DAY;
        end = Math.min(start + rng.int(7, 40) * DAY, now - DAY);
        stop = end;
      }
      break;
    case 'Paused':
      start = now - rng.int(10, 120) * DAY;
      stop = Math.min(start + rng.int(3, 30) * DAY, now - DAY);
      end = stop + rng.int(5, 30) * DAY;
      break;
    default:
      start = now + rng.int(1, 25) * DAY;
      end = start + rng.int(7, 30) * DAY;
      stop = start;
  }
  start = Math.floor(start / HOUR) * HOUR;
  end = Math.floor(end / HOUR) * HOUR;
  if (status === 'Running' || status === 'Completed' || status === 'Paused') {
    createdAt = new Date(start - rng.int(1, 6) * DAY - rng.int(0, 23) * HOUR);
  } else {
    createdAt = at(rng.int(1, 12) * DAY + rng.int(0, 23) * HOUR);
  }
  return { start, end, stop, createdAt };
}

/**
 * The campaigns row of plan `c` (its creative written to the media folder); the interests it
 * targets are added to `interestRows`.
 */
export function campaignRow(
  ctx: DemoContext,
  c: number,
  plan: CampaignPlan,
  owner: DemoUser,
  usableInterests: number[],
  interestRows: { index: number; interestId: number }[],
): typeof campaigns.$inferInsert {
  const { rng, now, after } = ctx;
  const { status, start, end, stop, goal, perDay, createdAt, brand, isVideo } = plan;
  const days = Math.max(1, Math.round((end - start) / DAY));
  const button = rng.pick(CTA_BUTTONS);
  const regional = rng.chance(0.6);
  const region = rng.sample(CITIES, rng.int(1, 4));
  const centre = rng.pick(CITIES.slice(0, 10));
  const headline = rng.pick([
    `${brand.product} – this week only`,
    `${brand.product} near you`,
    `Try ${brand.brand} today`,
    `${brand.product}: save 20%`,
  ]);
  const creative = writeCreative(ctx.media, `campaign-${c + 1}.svg`, {
    brand: brand.brand,
    headline,
    button,
    scene: brand.scene,
    rng,
    video: isVideo,
  });
  const complete = status !== 'Draft' || rng.chance(0.5);
  const autoInterest = rng.chance(0.2);
  if (!autoInterest) {
    for (const interestId of rng.sample(usableInterests, rng.int(1, 4))) {
      interestRows.push({ index: c, interestId });
    }
  }
  return {
    userId: owner.id,
    campaignName: `${brand.product} ${rng.pick(['Spring', 'Summer', 'Fall', 'Holiday', 'Launch', 'Local'])} ${new Date(start).getUTCFullYear()}`,
    adSetName: `${rng.pick(['Valley', 'Coast', 'Bay Area', 'SoCal', 'Statewide', 'Students'])} ${rng.pick(['18-34', '25-54', '35+', 'All ages'])}`,
    status,
    type: isVideo ? 'raw_video' : 'image',
    goal,
    targetGender: rng.weighted([
      ['all', 6],
      ['male', 2],
      ['female', 2],
    ] as const),
    targetAgeMinimum: rng.pick([18, 18, 21, 25, 30]),
    targetAgeMaximum: rng.pick([34, 44, 54, 65]),
    autoInterest,
    locationType: regional ? 'regional' : 'local',
    targetRegion: regional ? region.map((r) => ({ location: `${r.name}, CA` })) : null,
    targetLocation: regional
      ? null
      : {
          address: `${rng.int(100, 4999)} ${rng.pick(STREETS)}, ${centre.name}, CA ${centre.zip}`,
          latitude: Number((centre.lat + rng.gauss() * 0.01).toFixed(6)),
          longitude: Number((centre.lng + rng.gauss() * 0.01).toFixed(6)),
          radius: rng.pick([5, 10, 15, 25, 50]),
        },
    creativeAdTitle: complete ? headline : null,
    creativeAdUrl: complete ? `https://${brand.site}/offer?utm_source=swis&utm_campaign=${c + 1}` : null,
    creativeAdDescription: complete
      ? `${brand.brand}: ${brand.product.toLowerCase()} for the Central Valley. Limited time offer.`
      : null,
    creativeAdButtonName: button.name,
    creativeAdButtonColor: button.color,
    creativeAdButtonTextColor: button.text,
    creativeAdMediaPath: isVideo ? (ctx.video ? VIDEO_URL : creative) : creative,
    thumbUrl: creative,
    paymentType: rng.pick(['card', 'card', 'wallet']),
    adStart: new Date(start),
    adEnd: new Date(end),
    totalAdBudget: perDay * days,
    perDayBudget: perDay,
    costPerClick: plan.cpc,
    costPerView: plan.cpv,
    runningStatus:
      status === 'Running'
        ? 'active'
        : status === 'Paused'
          ? 'paused'
          : status === 'Completed'
            ? 'ended'
            : null,
    declineReason: status === 'Declined' ? rng.pick(DECLINE_REASONS) : null,
    isApproved: ['Approved', 'Running', 'Paused', 'Completed'].includes(status),
    deletedAt: c >= STATUSES.length && rng.chance(0.08) ? after(createdAt) : null,
    createdAt,
    updatedAt: status === 'Draft' || status === 'Pending' ? createdAt : new Date(Math.min(now, stop)),
  };
}
