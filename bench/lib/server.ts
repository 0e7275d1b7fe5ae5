import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real server in its own process, so the load generator never shares the server's
 * event loop, and resolves with the process and its URL once it listens. It runs as `npm start`
 * runs it (scripts/start.mjs: the bundle in server/dist, built first when missing or older than
 * its sources), so the figures are those of what ships, not of the sources run through tsx.
 */
export function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        // The load generator is one client with one token: the API-wide limits would cap the measure.
        RATE_LIMIT_SESSION: '0',
        RATE_LIMIT_ADDRESS: '0',
        RATE_LIMIT_SIGN_IN: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('')}`)), 120_000);
    proc.stdout?.on('data', (c: Buffer) => {
      const text = c.toString();
      log.push(text);
      const m = /running at (http:\/\/localhost:\d+)\//.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: m[1].replace('localhost', '127.0.0.1') });
      }
    });
    proc.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${log.join('').slice(-3000)}`));
    });
  });
}

export function stopServer(proc: ChildProcess): Promise<void> {
  // A process killed by a signal has signalCode set and exitCode null.
  if (proc.exitCode !== null || proc.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const t = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    proc.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}
