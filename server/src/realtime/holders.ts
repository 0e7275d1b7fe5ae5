// Events for a room of staff who must still hold a permission when the event is sent.
import { type ChatServerEvents, hasPermission } from '@admin/contract';
import { resolveSession } from '../sessions/resolver';
import { type GatewayContext, socketsIn } from './context';

/**
 * Sends `event` to the sockets in `room` whose session is live and still holds `permission`, read
 * fresh at send time (one session read per signed-in person): a grant withdrawn, a session ended
 * or an account deleted since the socket joined stops the events at once, and that socket leaves
 * the room (it may join again once the grant is back). `local` keeps to this process's sockets.
 */
export async function emitToHolders<E extends keyof ChatServerEvents>(
  ctx: GatewayContext,
  to: { room: string; permission: string; local?: boolean },
  event: E,
  ...args: Parameters<ChatServerEvents[E]>
): Promise<void> {
  const { room, permission } = to;
  const sockets = to.local ? await ctx.io.local.in(room).fetchSockets() : await socketsIn(ctx, room);
  const now = ctx.clock.now();
  const verdicts = new Map<string, Promise<boolean>>();
  const holds = (token: string) => {
    let verdict = verdicts.get(token);
    if (!verdict) {
      verdict = resolveSession(ctx.db, token, 'admin', now).then(
        (live) => live !== null && hasPermission(live, permission),
      );
      verdicts.set(token, verdict);
    }
    return verdict;
  };
  for (const socket of sockets) {
    if (socket.data.usertype === 'ADMIN' && (await holds(socket.data.token))) {
      socket.emit(event, ...args);
    } else {
      socket.leave(room);
    }
  }
}
