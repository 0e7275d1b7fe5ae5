import net from 'node:net';
import type { Config } from '../config';

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Exits with a message when the server seems to run on PGlite: one process at a time may open its
 * data directory, so a command line tool must wait until the server is stopped.
 */
export async function refuseWhilePgliteServes(config: Config, what: string): Promise<void> {
  if (!config.DATABASE_URL && (await portAnswers(config.PORT))) {
    console.error(
      `The server seems to run on port ${config.PORT} with PGlite, which one process at a time may open.\n` +
        `Stop it, ${what}, start it again (or use DATABASE_URL with PostgreSQL).`,
    );
    process.exit(1);
  }
}
