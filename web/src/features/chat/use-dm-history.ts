import { DIRECT_MESSAGE_PAGE } from '@admin/contract';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { merge, type UiMessage } from './messages';

/** A line between the messages: 'Jane joined', 'Jane left'. */
export interface Notice {
  key: string;
  text: string;
  at: string;
}

export type Peer = {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  last_seen: string | null;
};

export type SetState<T> = Dispatch<SetStateAction<T>>;

/**
 * The direct thread's history: the first page on opening (and again when the user changes), older
 * pages on demand, and the scroll position they keep.
 */
export function useDmHistory(userId: number) {
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [peer, setPeer] = useState<Peer | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);

  const viewport = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const lastId = useCallback(
    () => messagesRef.current.reduce((max, m) => (m.pending === 0 && m.id > max ? m.id : max), 0),
    [],
  );

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      const res = await apiCall(calls.directMessages, {
        user_id: userId,
        page: 0,
        limit: DIRECT_MESSAGE_PAGE,
      });
      setPeer(res.user);
      setMessages((list) => merge(list, res.data));
      setHasOlder(res.total > res.data.length);
      stickToBottom.current = true;
    } catch (err) {
      setLoadError(err);
    } finally {
      setLoading(false);
    }
  }, [userId]);

  useEffect(() => {
    setMessages([]);
    setNotices([]);
    void load();
  }, [load]);

  const loadOlder = useCallback(async () => {
    const oldest = messagesRef.current.find((m) => m.pending === 0);
    if (!oldest || loadingOlder) {
      return;
    }
    setLoadingOlder(true);
    const el = viewport.current;
    const before = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const res = await apiCall(calls.directMessages, {
        user_id: userId,
        page: 0,
        limit: DIRECT_MESSAGE_PAGE,
        before_id: oldest.id,
      });
      setMessages((list) => merge(list, res.data));
      setHasOlder(res.data.length === DIRECT_MESSAGE_PAGE);
      // Keep the message under the reader's eyes where it was.
      requestAnimationFrame(() => {
        if (el) {
          el.scrollTop = el.scrollHeight - before;
        }
      });
    } catch (err) {
      setLoadError(err);
    } finally {
      setLoadingOlder(false);
    }
  }, [userId, loadingOlder]);

  return {
    messages,
    setMessages,
    notices,
    setNotices,
    peer,
    setPeer,
    hasOlder,
    loading,
    loadingOlder,
    loadError,
    load,
    loadOlder,
    lastId,
    viewport,
    stickToBottom,
  };
}
