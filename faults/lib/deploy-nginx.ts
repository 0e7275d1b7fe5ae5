/**
 * Debian's nginx with the shipped deploy/nginx.conf, rewritten only where a test machine differs
 * from compose (upstream hosts, listen port, pid, logs, temp paths), so the headers, locations and
 * upstreams under test are the file's own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, portOpen, sleep, tempDir, waitFor } from './processes';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) as string;

/** Replaces `from` (which must be there, so a changed deploy file fails loudly) with `to`. */
function swap(conf: string, from: string | RegExp, to: string): string {
  if (typeof from === 'string' ? !conf.includes(from) : !from.test(conf)) {
    throw new Error(`deploy/nginx.conf no longer contains ${from}`);
  }
  return typeof from === 'string' ? conf.split(from).join(to) : conf.replace(from, to);
}

function deployNginxConf(dir: string, port: number, backends: [number, number]): string {
  let conf = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  conf = swap(conf, 'worker_processes auto;', 'worker_processes 1;\ndaemon off;');
  conf = swap(conf, 'pid /tmp/nginx.pid;', `pid ${dir}/nginx.pid;`);
  conf = swap(conf, 'error_log /dev/stderr warn;', `error_log ${dir}/error.log warn;`);
  conf = swap(conf, 'worker_connections 4096;', 'worker_connections 256;');
  conf = swap(conf, 'access_log /dev/stdout;', `access_log ${dir}/access.log;`);
  conf = swap(conf, /resolver [^;]+;/, '');
  conf = swap(
    conf,
    'http {',
    `http {\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join('\n  ')}`,
  );
  conf = swap(conf, 'server app1:8080', `server 127.0.0.1:${backends[0]}`);
  conf = swap(conf, 'server app2:8080', `server 127.0.0.1:${backends[1]}`);
  return swap(conf, /\n {4}listen 80;/, `\n    listen 127.0.0.1:${port};`);
}

export async function startDeployNginx(backends: [number, number]) {
  const dir = tempDir('faults-deploy-nginx-');
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'nginx.conf'), deployNginxConf(dir, port, backends));
  const proc = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    {
      stdio: 'ignore',
    },
  );
  const errors = () => (fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : '');
  await waitFor(() => portOpen(port), 10_000, `nginx did not start: ${errors()}`);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (proc.exitCode === null) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGQUIT');
        await Promise.race([gone, sleep(5000)]);
        proc.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
