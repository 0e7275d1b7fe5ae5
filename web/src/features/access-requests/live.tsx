import type { AccessRequestEvent, ChatAck } from '@admin/contract';
import { useEffect, useRef } from 'react';
import { useStaffSocket } from '../../api/socket';

/**
 * While mounted: the tab's shared socket hears access requests. A reviewer (`review`) joins the
 * reviewers' room (the server checks user_permissions_update) and hears every new and answered
 * request; anyone hears the answer to their own. `onEvent` gets each event, and null after a
 * reconnect (events may have been missed: refetch); `onLive` whether events arrive.
 */
export function AccessRequestsLive({
  review,
  onEvent,
  onLive,
}: {
  review: boolean;
  onEvent: (e: AccessRequestEvent | null) => void;
  onLive: (live: boolean) => void;
}) {
  const { socket, connected } = useStaffSocket();
  const handlers = useRef({ onEvent, onLive });
  handlers.current = { onEvent, onLive };
  useEffect(() => {
    if (!socket) {
      return;
    }
    let first = true;
    const onConnect = () => {
      if (!first) {
        handlers.current.onEvent(null);
      }
      first = false;
      if (review) {
        socket.emit('access_requests_watch', {}, (ack: ChatAck) => handlers.current.onLive(ack.ok));
      } else {
        handlers.current.onLive(true);
      }
    };
    const onRequest = (e: AccessRequestEvent) => handlers.current.onEvent(e);
    socket.on('connect', onConnect);
    socket.on('access_request', onRequest);
    if (socket.connected) {
      onConnect();
    }
    return () => {
      socket.off('connect', onConnect);
      socket.off('access_request', onRequest);
    };
  }, [socket, review]);
  useEffect(() => {
    if (!connected) {
      handlers.current.onLive(false);
    }
  }, [connected]);
  useEffect(() => () => handlers.current.onLive(false), []);
  return null;
}
