import { campaignSettings, transactions } from '../../db/schema';
import type { DemoCampaigns } from './campaigns';
import { DAY, type DemoContext, HOUR, MINUTE, SECOND } from './context';
import { insertMany } from './insert';

/** Campaign calendar settings for this month and the next, global and for two advertisers. */
export async function seedCampaignSettings(ctx: DemoContext, { advertisers }: DemoCampaigns): Promise<void> {
  const { rng, now } = ctx;
  const settingKinds = [
    { key: 'cost_per_click', label: 'Cost Per Click', value: () => rng.int(30, 70) / 100 },
    { key: 'cost_per_view', label: 'Cost Per View', value: () => rng.int(2, 8) / 100 },
    { key: 'ads_per_post', label: 'Posts Per Ad', value: () => rng.int(3, 8) },
    { key: 'fequency_caps', label: 'Fequency Caps Per Day', value: () => rng.int(2, 6) },
  ];
  const settingRows: (typeof campaignSettings.$inferInsert)[] = [];
  const today = new Date(now);
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const nextMonthEnd = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 1);
  for (let d = monthStart; d < nextMonthEnd; d += DAY) {
    if (!rng.chance(0.5)) {
      continue;
    }
    for (const kind of rng.sample(settingKinds, rng.int(1, 3))) {
      settingRows.push({
        userId: null,
        settingKey: kind.key,
        settingLabel: kind.label,
        settingValue: kind.value(),
        dateFrom: new Date(d),
        dateTo: new Date(d + DAY - SECOND),
        createdAt: new Date(Math.min(now, d - rng.int(1, 20) * DAY)),
      });
    }
  }
  for (const adv of advertisers.slice(0, 2)) {
    for (let d = monthStart; d < nextMonthEnd; d += DAY * rng.int(3, 6)) {
      const kind = rng.pick(settingKinds.slice(0, 2));
      settingRows.push({
        userId: adv.id,
        settingKey: kind.key,
        settingLabel: kind.label,
        settingValue: kind.value(),
        dateFrom: new Date(d),
        dateTo: new Date(d + DAY - SECOND),
        createdAt: new Date(Math.min(now, d - DAY)),
      });
    }
  }
  await insertMany(ctx.db, campaignSettings, settingRows);
}

/** Transactions: budgets charged, unspent budgets refunded. */
export async function seedTransactions(
  ctx: DemoContext,
  { plans, campaignRows, campaignIds }: DemoCampaigns,
): Promise<void> {
  const { rng, now } = ctx;
  const txRows: (typeof transactions.$inferInsert)[] = [];
  plans.forEach((p, c) => {
    if (p.status === 'Draft') {
      return;
    }
    const row = campaignRows[c];
    const budget = Number(row.totalAdBudget);
    txRows.push({
      userId: row.userId,
      campaignId: campaignIds[c],
      amount: budget,
      transactionType: 'debit',
      stripeTransactionId: `ch_3${rng.token(23)}`,
      createdAt: new Date(p.createdAt.getTime() + 10 * MINUTE),
    });
    if (p.status === 'Declined') {
      txRows.push({
        userId: row.userId,
        campaignId: campaignIds[c],
        amount: budget,
        transactionType: 'credit',
        stripeTransactionId: `re_3${rng.token(23)}`,
        createdAt: new Date(Math.min(now, p.createdAt.getTime() + 27 * HOUR)),
      });
    } else if (p.status === 'Completed' && !p.budgetCompleted && rng.chance(0.7)) {
      txRows.push({
        userId: row.userId,
        campaignId: campaignIds[c],
        amount: Number((budget * rng.float(0.05, 0.4)).toFixed(2)),
        transactionType: 'credit',
        stripeTransactionId: `re_3${rng.token(23)}`,
        createdAt: new Date(Math.min(now, p.stop + rng.int(1, 3) * DAY)),
      });
    }
  });
  await insertMany(ctx.db, transactions, txRows);
}
