import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, transactions } from '../../db/schema';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
let accountant: MadeUser;
let outsider: MadeUser;
const tag = `tq${Date.now().toString(36)}`;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await setupTestApp();
  accountant = await makeUser(env.db, { permissions: ['transaction_history'] });
  outsider = await makeUser(env.db, { permissions: ['campaign_list'] });
  const zoe = await makeUser(env.db, { platform: true, name: `${tag} Zoe` });
  const yan = await makeUser(env.db, { platform: true, name: 'Yan Other' });
  const [spring] = await env.db
    .insert(campaigns)
    .values({ userId: yan.id, campaignName: `${tag} Spring promo` })
    .returning();
  const rows = await env.db
    .insert(transactions)
    .values([
      {
        userId: zoe.id,
        amount: 100,
        transactionType: 'credit',
        stripeTransactionId: 'ch_1',
        createdAt: new Date('2024-02-01T10:00:00Z'),
      },
      { userId: zoe.id, amount: 12.5, transactionType: 'debit', createdAt: new Date('2024-02-05T10:00:00Z') },
      {
        userId: yan.id,
        campaignId: spring.id,
        amount: 7.25,
        transactionType: 'debit',
        createdAt: new Date('2024-03-01T10:00:00Z'),
      },
      { userId: yan.id, amount: 50, transactionType: 'credit', createdAt: new Date('2024-03-02T10:00:00Z') },
    ])
    .returning();
  [ids.zoeCredit, ids.zoeDebit, ids.yanDebit, ids.yanCredit] = rows.map((r) => r.id);
});
afterAll(async () => {
  await env?.close();
});

describe('transaction-history', () => {
  it('finds by customer or campaign, newest first, with every column', async () => {
    const res = await callApi(env.app, calls.transactionHistory, { keyword: tag }, accountant.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((t: { id: number }) => t.id)).toEqual([
      ids.yanDebit,
      ids.zoeDebit,
      ids.zoeCredit,
    ]);
    expect(res.body.data[0]).toMatchObject({
      customer_name: 'Yan Other',
      campaign_name: `${tag} Spring promo`,
      amount: 7.25,
      transaction_type: 'debit',
    });
    expect(res.body.data[2]).toMatchObject({
      stripe_transaction_id: 'ch_1',
      campaign_name: null,
      amount: 100,
    });
  });

  it('filters by type and date range (inclusive days)', async () => {
    const debits = await callApi(
      env.app,
      calls.transactionHistory,
      { keyword: tag, transaction_type: 'debit' },
      accountant.token,
    );
    expect(debits.body.data.map((t: { id: number }) => t.id)).toEqual([ids.yanDebit, ids.zoeDebit]);
    const feb = await callApi(
      env.app,
      calls.transactionHistory,
      { keyword: tag, start_date: '2024-02-05', end_date: '2024-03-01' },
      accountant.token,
    );
    expect(feb.body.data.map((t: { id: number }) => t.id)).toEqual([ids.yanDebit, ids.zoeDebit]);
    const byAmount = await callApi(
      env.app,
      calls.transactionHistory,
      { keyword: tag, order_by: 'amount', direction: 'asc', page_limit: 1, page: 1 },
      accountant.token,
    );
    expect(byAmount.body).toMatchObject({ total: 3, data: [{ id: ids.zoeDebit }] });
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const type = await callApi(
      env.app,
      calls.transactionHistory,
      { transaction_type: 'refund' },
      accountant.token,
    );
    expect(type.status).toBe(400);
    expect(type.body.responseMessage).toMatch(/transaction_type/);
    const date = await callApi(
      env.app,
      calls.transactionHistory,
      { end_date: '2024/01/01' },
      accountant.token,
    );
    expect(date.status).toBe(400);
    expect(date.body.responseMessage).toMatch(/end_date/);
    const order = await callApi(
      env.app,
      calls.transactionHistory,
      { start_date: '2024-05-01', end_date: '2024-04-01' },
      accountant.token,
    );
    expect(order.status).toBe(400);
  });

  it('needs a session and transaction_history', async () => {
    expect((await callApi(env.app, calls.transactionHistory, {})).status).toBe(401);
    expect((await callApi(env.app, calls.transactionHistory, {}, outsider.token)).status).toBe(403);
  });
});
