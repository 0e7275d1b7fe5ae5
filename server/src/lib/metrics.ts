import client from 'prom-client';

/**
 * The process's Prometheus metrics (served at GET /metrics). Modules count their own events with
 * the counters below; gauges that only the owner of a resource can read (pool, sockets) are read
 * at scrape time from the sources registered with watch*().
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const registers = [registry];

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const httpRequestsInFlight = new client.Gauge({
  name: 'http_requests_in_flight',
  help: 'HTTP requests being answered now',
  registers,
});

export const chatMessagesSent = new client.Counter({
  name: 'chat_messages_sent_total',
  help: 'Chat messages stored and sent, by kind (direct, room)',
  labelNames: ['kind'] as const,
  registers,
});

export const pushDevices = new client.Counter({
  name: 'push_devices_total',
  help: 'Devices a push notification was sent to, by result (delivered, failed)',
  labelNames: ['result'] as const,
  registers,
});

export const pushJobProgress = new client.Gauge({
  name: 'push_job_progress_ratio',
  help: 'Share of devices done in the push job this process is running (0 when idle)',
  registers,
});

export const signinFailures = new client.Counter({
  name: 'signin_failures_total',
  help: 'Refused sign-in attempts, by reason',
  labelNames: ['reason'] as const,
  registers,
});

export const signinLockouts = new client.Counter({
  name: 'signin_lockouts_total',
  help: 'Accounts or addresses locked out after too many failed sign-ins',
  registers,
});

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools = new Set<PoolLike>();
const socketCounters = new Set<() => number>();
const sum = <T>(set: Set<T>, f: (x: T) => number) => [...set].reduce((n, x) => n + f(x), 0);

new client.Gauge({
  name: 'db_pool_in_use',
  help: 'Database connections running a query',
  registers,
  collect() {
    this.set(sum(pools, (p) => p.totalCount - p.idleCount));
  },
});
new client.Gauge({
  name: 'db_pool_waiting',
  help: 'Queries waiting for a free database connection',
  registers,
  collect() {
    this.set(sum(pools, (p) => p.waitingCount));
  },
});
new client.Gauge({
  name: 'socketio_open_sockets',
  help: 'Open chat sockets on this process',
  registers,
  collect() {
    this.set(sum(socketCounters, (f) => f()));
  },
});

/** Reports a pg pool's use at each scrape until the returned function is called. */
export function watchPool(pool: PoolLike): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

/** Reports open sockets at each scrape until the returned function is called. */
export function watchSockets(count: () => number): () => void {
  socketCounters.add(count);
  return () => socketCounters.delete(count);
}
