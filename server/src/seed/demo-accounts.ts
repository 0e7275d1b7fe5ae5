import fs from 'node:fs';
import path from 'node:path';

export interface DemoAccount {
  username: string;
  password: string;
}

/**
 * Writes the demo staff accounts with their generated passwords to `$DATA_DIR/demo-accounts.txt`,
 * readable by the owner only (0600); answers the file's path.
 */
export function writeDemoAccounts(dataDir: string, accounts: DemoAccount[]): string {
  const file = path.join(dataDir, 'demo-accounts.txt');
  const width = Math.max(...accounts.map((a) => a.username.length));
  const text = [
    '# Demo staff accounts, generated at the first start. Sign in at /login; codes go to the outbox.',
    '# Change or remove these accounts before the demo is reachable by anyone else.',
    ...accounts.map((a) => `${a.username.padEnd(width)}  ${a.password}`),
    '',
  ].join('\n');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // mode applies only when the file is created
  return file;
}
