import { calls } from '@admin/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiToken, adminCreds, api, newPage, openBrowser, openSignedIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('chat join (issue 17 item 5)', () => {
  it("sends the spec's fields, spec 01 section 7: join (channel, user, token, usertype)", async () => {
    const token = await adminApiToken();
    const { users } = await api(token, calls.usersList, { page_limit: 1 });
    const target = users[0];
    const page = await newPage(browser);
    const joins: Record<string, unknown>[] = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        const text = String(payload);
        // socket.io frames: 42[event, payload] or 42<ack id>[event, payload].
        const m = /^42\d*(\[.*\])$/s.exec(text);
        const [event, body] = m ? (JSON.parse(m[1]) as [string, Record<string, unknown>]) : [];
        if (event === 'join' && body) {
          joins.push(body);
        }
      });
    });
    await openSignedIn(page, `/user-profile/${target.id}?tab=direct-message`);
    await expect.poll(() => joins.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const sessionToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(joins[0]).toMatchObject({
      channel: `user:${target.id}`,
      user: adminCreds().username,
      token: sessionToken,
      usertype: 'ADMIN',
    });
    await page.context().close();
  });
});
