import fs from 'node:fs';
import path from 'node:path';
import { type CallDef, calls, inputOf, type RequestOf, type ResponseOf } from '@admin/contract';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import type { E2eEnv } from './env';

export type { E2eEnv } from './env';

/** Base URL, data dir, outbox and the super admin of this worker's server. */
export function e2eEnv(): E2eEnv {
  const servers = inject('e2e');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return servers[(worker - 1) % servers.length];
}

export interface Creds {
  username: string;
  password: string;
  /** Where the one-time code is mailed. */
  email: string;
}

/** The super admin of this run. */
export function adminCreds(): Creds {
  return e2eEnv().admin;
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** A screen wide enough for every column of every list (narrower ones move columns into the row details). */
export const WIDE = { width: 1920, height: 1080 };

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink, without the
 * browser's own interface; what Playwright runs for headless by default), else Debian's Chromium;
 * CHROMIUM_PATH overrides. The shell spends half the CPU of the full browser on the same tests.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Chromium through playwright-core. One browser per test file (beforeAll/afterAll). */
export function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

/**
 * The tests' system asks for reduced motion (the app honours it, web/src/theme.ts): menus and
 * dialogs open without transitions that the browser would draw frame by frame.
 */
const REDUCED_MOTION = 'reduce';

/** A fresh context (own storage) and page at the given viewport, with baseURL set. */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    baseURL: e2eEnv().baseUrl,
    reducedMotion: REDUCED_MOTION,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

/**
 * Waits until no finite animation runs (fade-ins, menus and dialogs opening), so a screenshot or an
 * axe scan sees the page as a person does, not mid-transition at part opacity. Spinners loop for
 * ever and do not count; a busy machine only makes this wait longer.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
}

export type Scheme = 'light' | 'dark';

/** Switches the system colour scheme (the app follows it by default) and waits for the page to repaint. */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s,
    scheme,
  );
  await transitionsDone(page);
}

/**
 * Runs `look` in the light scheme, then in the dark one switched in place (an open dialog or menu
 * stays open: no second page load or walk to the same state), and leaves the page light. Answers
 * what both runs found, light first.
 */
export async function inBothSchemes<T>(page: Page, look: (scheme: Scheme) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    found.push(...(await look(scheme)));
  }
  await useScheme(page, 'light');
  return found;
}

/**
 * axe for the page as it is now, violations only. Legacy mode runs axe.run in the page itself (the
 * app has no cross-origin frames) where the default opens a second, blank page for every scan to
 * merge each frame's results; and only the violations' nodes are collected, not every passing one.
 * In the light scheme every WCAG 2.2 AA and best-practice rule runs; in the dark one only the rules
 * about colour, the only thing the scheme changes (half the time).
 */
export function axeOn(page: Page, scheme: Scheme = 'light'): AxeBuilder {
  const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  return scheme === 'light'
    ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    : axe.withRules(['color-contrast', 'link-in-text-block']);
}

/** Serious and critical axe findings of the page as it is now (an opened dialog or menu included). */
export async function seriousViolations(
  page: Page,
  state: string,
  scheme: Scheme = 'light',
): Promise<string[]> {
  await transitionsDone(page);
  const result = await axeOn(page, scheme).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${state}: ${v.id} ${v.nodes[0]?.html.slice(0, 140) ?? ''} -> ${v.nodes[0]?.failureSummary ?? ''}`,
    );
}

/**
 * With E2E_SCREENSHOTS=1, saves a PNG under screenshots/<name>.png at the repository root
 * (git-ignored): pictures for a person to look at, never asserted, so a plain run only waits for
 * the page to settle as the picture would.
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  await transitionsDone(page);
  if (process.env.E2E_SCREENSHOTS !== '1') {
    return;
  }
  const dir = e2eEnv().screenshotsDir;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: opts.fullPage ?? false });
}

/**
 * With E2E_SCREENSHOTS=1, screenshots of the page as it is, light then dark switched in place
 * (`<name>-light`, `<name>-dark`); the page is left light. A plain run does nothing here.
 */
export async function screenshotBothSchemes(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') {
    return;
  }
  await inBothSchemes(page, async (scheme) => {
    await screenshot(page, `${name}-${scheme}`, opts);
    return [];
  });
}

/**
 * The 6-digit code of the newest mail to `email` written after `since` (ms) in the outbox.
 * Polls briefly: the server writes the .eml before answering, so it is normally there at once.
 */
export function readOtp(email: string, since: number, timeoutMs = 30_000): Promise<string> {
  return readMailed(email, since, /code is\s+(\d{6})/i, timeoutMs);
}

/** A quoted-printable body breaks long lines with a soft '=' at their end: joined again (headers kept). */
function unfoldBody(eml: string) {
  const at = eml.search(/\r?\n\r?\n/);
  return at < 0 ? eml : eml.slice(0, at) + eml.slice(at).replace(/=\r?\n/g, '');
}

/** The first group of `pattern` in the newest mail to `email` since `since` (ms), waiting for it. */
export async function readMailed(
  email: string,
  since: number,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  const dir = e2eEnv().outboxDir;
  const deadline = Date.now() + timeoutMs;
  const to = email.toLowerCase();
  for (;;) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs }))
          .filter((x) => x.t >= since - 5)
          .sort((a, b) => b.t - a.t || b.f.localeCompare(a.f))
      : [];
    for (const { f } of files) {
      const text = unfoldBody(fs.readFileSync(path.join(dir, f), 'utf8'));
      const toLine = /^To:\s*(.+)$/im.exec(text)?.[1]?.toLowerCase() ?? '';
      const code = pattern.exec(text)?.[1];
      if (toLine.includes(to) && code) {
        return code;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`no mail matching ${pattern} to ${email} in ${dir}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Signs in through the screens: /login, then the code read from the outbox on /verify-otp.
 * Resolves once the app has left /verify-otp (landing page depends on permissions).
 */
export async function signIn(page: Page, creds: Creds = adminCreds()): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(creds.username);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  const since = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/verify-otp');
  const code = await readOtp(creds.email, since);
  await page.getByLabel('OTP', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/verify-otp'));
}

/** The browser storage of a signed-in session, as the sign-in screen writes it (web/src/auth/session.ts). */
type StoredSession = { name: string; value: string }[];

/**
 * Signs in through the API (password, then the mailed code) as `userAgent` and answers the session
 * as the browser stores it. Throws for an account that must pass a sign-in screen first.
 */
async function apiSession(creds: Creds, userAgent?: string): Promise<StoredSession> {
  const res = await apiSignIn(creds, userAgent);
  const { api_token: token, ...user } = res.user;
  if (!token || user.must_change_password || user.must_enrol) {
    throw new Error(`${creds.username} must pass a sign-in screen first: use signIn`);
  }
  const widgets = typeof res.widget === 'string' ? res.widget : JSON.stringify(res.widget ?? {});
  return [
    { name: 'token', value: token },
    { name: 'user', value: JSON.stringify(user) },
    { name: 'widgets', value: widgets },
  ];
}

/**
 * Signs in through the API as the browser and stores the session as the sign-in screen does, then
 * opens `path`: one page load where signIn takes three (the login screen, the code screen, the
 * landing page). For tests of anything but signing in; the sign-in screens are tested with signIn.
 */
export async function openSignedIn(page: Page, path: string, creds: Creds = adminCreds()): Promise<void> {
  // Storage belongs to the origin: any page of the server that is not the app will do.
  await page.goto('/healthz');
  const session = await apiSession(creds, await page.evaluate(() => navigator.userAgent));
  await page.evaluate((items) => {
    for (const { name, value } of items) {
      localStorage.setItem(name, value);
    }
  }, session);
  await page.goto(path);
}

/** A browser context already signed in as `creds` (through the API), for files that open many pages. */
export async function signedInContext(
  browser: Browser,
  options: BrowserContextOptions,
  creds: Creds = adminCreds(),
): Promise<BrowserContext> {
  const origin = e2eEnv().baseUrl;
  const storageState = { cookies: [], origins: [{ origin, localStorage: await apiSession(creds) }] };
  return browser.newContext({ reducedMotion: REDUCED_MOTION, ...options, baseURL: origin, storageState });
}

function buildUrl(call: CallDef, input: Record<string, unknown>) {
  const rest = { ...input };
  const p = call.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    return encodeURIComponent(String(v));
  });
  let url = `${e2eEnv().baseUrl}/api/v2/${p}`;
  let body: string | undefined;
  if (inputOf(call) === 'query') {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) {
      if (v !== undefined && v !== null) {
        for (const item of Array.isArray(v) ? v : [v]) {
          qs.append(k, String(item));
        }
      }
    }
    const s = qs.toString();
    url += s ? `?${s}` : '';
  } else {
    body = JSON.stringify(rest);
  }
  return { url, body };
}

/** Calls the API of this run's server; throws with the status and message on failure. */
export async function api<C extends CallDef>(
  token: string | null,
  call: C,
  input: RequestOf<C> = {} as RequestOf<C>,
  userAgent?: string,
): Promise<ResponseOf<C>> {
  const { url, body } = buildUrl(call, input as Record<string, unknown>);
  const res = await fetch(url, {
    method: call.method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    body,
  });
  const json = (await res.json().catch(() => null)) as { responseMessage?: string } | null;
  if (![200, 201, 204].includes(res.status)) {
    throw new Error(`${call.method} ${call.path} -> ${res.status} ${json?.responseMessage ?? ''}`);
  }
  return json as ResponseOf<C>;
}

/** Signs in through the API (password, then the code from the outbox): verify-auth's answer. */
async function apiSignIn(creds: Creds, userAgent?: string) {
  const since = Date.now();
  const login = { username: creds.username, password: creds.password };
  const { key } = await api(null, calls.adminLogin, login, userAgent);
  const otp = await readOtp(creds.email, since);
  return api(null, calls.verifyAuth, { key, otp }, userAgent);
}

/** Signs in through the API and returns the bearer token. */
export async function apiToken(creds: Creds = adminCreds()): Promise<string> {
  return (await apiSignIn(creds)).user.api_token as string;
}

let adminToken: Promise<string> | null = null;
/** The super admin's token, signed in once per test file. */
export function adminApiToken(): Promise<string> {
  adminToken ??= apiToken(adminCreds());
  return adminToken;
}

let staffCounter = 0;

/**
 * A new backend user holding exactly `permissions` (granted directly), made through the API as
 * the super admin. Returns credentials to sign in with.
 */
export async function createStaff(
  opts: { permissions?: string[]; name?: string } = {},
): Promise<Creds & { id: number; name: string }> {
  const token = await adminApiToken();
  const tag = `${Date.now().toString(36)}${(staffCounter++).toString(36)}`;
  const username = `staff_${tag}`;
  const email = `${username}@example.com`;
  const password = 'Staff-pass-123';
  const name = opts.name ?? `Staff ${tag}`;
  const created = await api(token, calls.createUser, { name, username, email, password, is_admin: true });
  const id = created.data.id;
  if (opts.permissions?.length) {
    const { data } = await api(token, calls.userPermissions, { user_id: id });
    for (const key of opts.permissions) {
      const row = data.find((r) => r.name === key);
      if (!row) {
        throw new Error(`unknown permission ${key}`);
      }
      if (!row.user_permission_count) {
        await api(token, calls.userPermissionToggle, { user_id: id, permission_id: row.id });
      }
    }
  }
  return { id, name, username, email, password };
}

const tokens = new Map<string, Promise<string>>();

/** Calls the API as `creds` (signed in through the API once per user and file). */
export async function apiAs<C extends CallDef>(
  creds: Creds,
  call: C,
  input: RequestOf<C> = {} as RequestOf<C>,
): Promise<ResponseOf<C>> {
  let token = tokens.get(creds.username);
  if (!token) {
    token = apiToken(creds);
    tokens.set(creds.username, token);
  }
  return api(await token, call, input);
}
