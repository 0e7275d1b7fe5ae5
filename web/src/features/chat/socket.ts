import type { ChatHandshakeAuth, ChatJoinRequest } from '@admin/contract';
import type { ChatSocket } from '../../api/socket';

export type { ChatSocket } from '../../api/socket';
export { useStaffSocket as useChatSocket } from '../../api/socket';

/**
 * A join with the spec's fields (spec 01 section 7: join (channel, user, token, usertype)), taken
 * from the socket's own handshake, which stays authoritative (docs/realtime.md).
 */
export function joinRequest(socket: ChatSocket, channel: string, since?: number): ChatJoinRequest {
  const auth = socket.auth as Partial<ChatHandshakeAuth>;
  return { channel, user: auth.username, token: auth.token, usertype: auth.usertype, since };
}
