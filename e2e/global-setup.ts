import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { E2eEnv } from './env';

const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN = { username: 'admin', password: 'E2e-admin-pass-1', email: 'admin@example.com' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Builds the web app into this run's own folder (so parallel runs never delete each other's
 * assets) unless E2E_WEB_DIST points at a build already made.
 */
function buildWeb(tmp: string): string {
  if (process.env.E2E_WEB_DIST) {
    return path.resolve(process.env.E2E_WEB_DIST);
  }
  const out = path.join(tmp, 'web-dist');
  execFileSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--configLoader', 'runner', '--logLevel', 'warn', '--outDir', out],
    // vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    { cwd: path.join(ROOT, 'web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return out;
}

async function waitForServer(baseUrl: string, child: ChildProcess, logFile: string) {
  // A first start on a busy machine (initdb, migrations, demo data) takes minutes; a crash ends the wait at once.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `e2e server exited with ${child.exitCode}; log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/v2/get-login-data`);
      if (res.status === 401) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `e2e server did not answer in time; log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`,
  );
}

/** How many browser-test files run at once, each against a server of its own (`E2E_WORKERS`). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

interface Started {
  env: E2eEnv;
  stop: () => Promise<void>;
}

/** Starts the real server on a free port with a fresh data dir and demo data. */
async function startServer(tmp: string, webDist: string): Promise<Started> {
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(tmp, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      SEED: 'demo',
      SEED_USERS: process.env.E2E_SEED_USERS ?? '60',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
      DATABASE_URL: '',
      REDIS_URL: '',
      MAIL_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser test signs in from 127.0.0.1: the sign-in limit per address would trip.
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_ADDRESS: '0',
    },
    stdio: ['ignore', log, log],
  });
  await waitForServer(baseUrl, child, logFile);
  const env: E2eEnv = {
    baseUrl,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    webDist,
    admin: ADMIN,
    screenshotsDir: path.join(ROOT, 'screenshots'),
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
    });
    fs.closeSync(log);
  };
  return { env, stop };
}

/**
 * Builds the app once and starts one server per worker: files that run at the same time never
 * share a database, so one file's settings or sign-in policy cannot reach another's pages.
 */
export default async function setup(project: TestProject) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-'));
  const webDist = buildWeb(tmp);
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, i) => {
      const dir = path.join(tmp, `server-${i + 1}`);
      fs.mkdirSync(dir);
      return startServer(dir, webDist);
    }),
  );
  project.provide(
    'e2e',
    servers.map((s) => s.env),
  );

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (!process.env.E2E_KEEP) {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  };
}
