import {
  type ChatClientEvents,
  type ChatServerEvents,
  type ChatTextEvent,
  calls,
  REALTIME_PATH,
  TEXTS,
  userChannel,
} from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  DESKTOP,
  e2eEnv,
  newPage,
  openBrowser,
  PHONE,
  screenshot,
  signIn,
} from './harness';

type UserSocket = Socket<ChatServerEvents, ChatClientEvents>;

let browser: Browser;
const sockets: UserSocket[] = [];

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  for (const s of sockets) {
    s.disconnect();
  }
  await browser?.close();
});

let counter = 0;
/** A platform user of this test, made through the API, and a USER token for the gateway. */
async function appUser() {
  const token = await adminApiToken();
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const name = `Chat Person ${tag}`;
  const created = await api(token, calls.createUser, {
    name,
    username: `chat_${tag}`,
    email: `chat_${tag}@example.com`,
    password: 'Chat-pass-123',
    is_admin: false,
  });
  const id = created.data.id as number;
  const minted = await api(token, calls.issueUserChatToken, { user_id: id });
  return { id, name, username: minted.data.username, token: minted.data.token };
}

/** The scripted platform user: a real socket.io client, as the mobile app would be. */
function connectAsUser(user: { username: string; token: string }): Promise<UserSocket> {
  return new Promise((resolve, reject) => {
    const socket: UserSocket = io(e2eEnv().baseUrl, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: user.token, username: user.username, usertype: 'USER' },
      reconnection: false,
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function nextText(socket: UserSocket): Promise<ChatTextEvent> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('no TEXT for the user within 60 s')), 60_000);
    socket.once('TEXT', (e) => {
      clearTimeout(t);
      resolve(e);
    });
  });
}

/** A platform user in the seeded room that shows every message type (the first room). */
async function memberOfRichestRoom() {
  const token = await adminApiToken();
  const { users } = await api(token, calls.usersList, { page_limit: 100 });
  let best: { userId: number; roomId: number; label: string } | null = null;
  for (const u of users) {
    const rooms = await api(token, calls.chatRooms, { user_id: u.id, page: 0, page_limit: 100 });
    for (const r of rooms.data) {
      if (!best || r.id < best.roomId) {
        // A room without a name is named by who the user talks with, never by its channel id.
        const other = r.members.find((m) => m.id !== u.id);
        best = { userId: u.id, roomId: r.id, label: r.name || (other ? `@${other.username}` : r.channel) };
      }
    }
  }
  if (!best) {
    throw new Error('the demo seed has no chat rooms');
  }
  return best;
}

const openTab = async (page: Page, userId: number, tab: string) => {
  await page.goto(`/user-profile/${userId}?tab=${tab}`);
  await page.getByRole('heading', { name: 'User Profile' }).waitFor();
};

describe('Direct Message tab (spec 01 User profile)', () => {
  it('shows a live reply, the typing hint, the join notice and the read mark without a reload', async () => {
    const user = await appUser();
    const page = await newPage(browser, DESKTOP);
    await signIn(page);
    await openTab(page, user.id, 'direct-message');
    await page.getByText(TEXTS.noDirectConversation).waitFor();
    await page.getByText('Last seen: never').waitFor();

    // The user opens the app: staff see them join.
    const app = await connectAsUser(user);
    await page.getByText(`${user.name} joined`).waitFor();
    await page.getByText('Last seen: online now').waitFor();

    // The box has the focus as the tab opens; Shift+Enter adds a line, Enter sends.
    const box = page.getByPlaceholder('Enter your message here...');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Message');
    await box.pressSequentially('Two');
    await box.press('Shift+Enter');
    await box.pressSequentially('lines');
    expect(await box.inputValue()).toBe('Two\nlines');
    await box.fill('');
    // Staff write; Enter sends. The user's device gets it.
    const arriving = nextText(app);
    await box.fill('Hello from the admin panel');
    await box.press('Enter');
    const received = await arriving;
    expect(received).toMatchObject({
      kind: 'direct',
      data: { message: 'Hello from the admin panel', from: 'ADMIN' },
    });
    const mine = page.getByTestId('dm-message').filter({ hasText: 'Hello from the admin panel' });
    await page
      .locator('[data-testid="dm-message"][data-status="unread"]')
      .filter({ hasText: 'Hello from the admin panel' })
      .waitFor();
    await mine.getByLabel('Unread').waitFor();

    // The user types: the hint shows, then clears about 1 s after the last keystroke.
    const hint = page.getByText(`${user.name} is typing...`);
    const keepTyping = setInterval(() => app.emit('typing', { channel: userChannel(user.id) }), 300);
    try {
      await hint.waitFor();
    } finally {
      clearInterval(keepTyping);
    }
    await hint.waitFor({ state: 'detached', timeout: 60_000 });

    // The user reads it: the mark turns to Read live.
    const readAck = await app.emitWithAck('read', {
      channel: userChannel(user.id),
      up_to_id: received.data.id,
    });
    expect(readAck).toEqual({ ok: true, ids: [received.data.id] });
    await page
      .locator('[data-testid="dm-message"][data-status="read"]')
      .filter({ hasText: 'Hello from the admin panel' })
      .waitFor();
    await mine.getByLabel('Read').waitFor();

    // The user answers: it appears without a reload.
    const reply = await app.emitWithAck('send_message', {
      to: userChannel(user.id),
      message: 'Thanks, the app works again!',
    });
    expect(reply).toMatchObject({ ok: true });
    await page.getByText('Thanks, the app works again!').waitFor();
    await screenshot(page, 'chat-direct-message-1366');

    // The user leaves.
    app.disconnect();
    await page.getByText(`${user.name} left`).waitFor();
    await page.context().close();
  });

  it('works on a phone', async () => {
    const user = await appUser();
    const token = await adminApiToken();
    await api(token, calls.sendDirectMessage, { user_id: user.id, message: 'Sent before you looked' });
    const page = await newPage(browser, PHONE);
    await signIn(page);
    await openTab(page, user.id, 'direct-message');
    await page.getByText('Sent before you looked').waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'chat-direct-message-390', { fullPage: true });
    await page.context().close();
  });
});

describe('Conversation tab (spec 01 User profile)', () => {
  it('lists rooms and shows every message type; on a phone the rooms and chat alternate', async () => {
    const target = await memberOfRichestRoom();
    const page = await newPage(browser, DESKTOP);
    await signIn(page);
    await openTab(page, target.userId, 'conversation');
    const rooms = page.getByRole('list', { name: 'Chat rooms' });
    await rooms.waitFor();
    await page.getByText('Pick a room on the left to read its messages.').waitFor();
    await rooms.getByRole('listitem').filter({ hasText: target.label }).first().click();
    const log = page.getByRole('log', { name: 'Conversation messages' });
    await log.waitFor();
    for (const type of ['TEXT', 'IMAGE', 'AUDIO', 'VIDEO', 'POST']) {
      // The richest room holds each type; older pages load on demand.
      const item = log.locator(`[data-type="${type}"]`).first();
      while (
        (await item.count()) === 0 &&
        (await page.getByRole('button', { name: 'Older messages' }).count()) > 0
      ) {
        const before = await log.getByTestId('room-message').count();
        await page.getByRole('button', { name: 'Older messages' }).click();
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid="room-message"]').length > n,
          before,
        );
      }
      await item.waitFor({ state: 'attached' });
    }
    await screenshot(page, 'chat-conversation-1366');
    await page.context().close();

    const phone = await newPage(browser, PHONE);
    await signIn(phone);
    await openTab(phone, target.userId, 'conversation');
    await phone.getByRole('list', { name: 'Chat rooms' }).getByRole('listitem').first().click();
    await phone.getByRole('button', { name: 'Back' }).waitFor();
    await phone.getByRole('log', { name: 'Conversation messages' }).waitFor();
    await screenshot(phone, 'chat-conversation-390', { fullPage: true });
    await phone.getByRole('button', { name: 'Back' }).click();
    await phone.getByRole('list', { name: 'Chat rooms' }).waitFor();
    await phone.context().close();
  });
});
