import { Button, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import classes from './chat.module.css';
import type { ChatSocket } from './socket';

interface ComposerProps {
  socket: ChatSocket | null;
  channel: string;
  onSend: (text: string) => void;
}

/**
 * The message box and Send: Enter sends, Shift+Enter starts a new line; the box grows to six lines
 * and has the focus when the tab opens. Tells the thread while staff is typing.
 */
export function DmComposer({ socket, channel, onSend }: ComposerProps) {
  const [draft, setDraft] = useState('');
  const lastTypingSent = useRef(0);

  const submit = () => {
    const text = draft.trim();
    if (!text) {
      return;
    }
    setDraft('');
    socket?.emit('typing', { channel, typing: false });
    onSend(text);
  };

  const onDraftChange = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (socket?.connected && value && now - lastTypingSent.current > 400) {
      lastTypingSent.current = now;
      socket.emit('typing', { channel, typing: true });
    }
  };

  return (
    <Group className={classes.composer} gap="xs" wrap="nowrap" align="flex-end">
      <Textarea
        className={classes.input}
        placeholder="Enter your message here..."
        aria-label="Message"
        description="Enter sends, Shift+Enter adds a line"
        autosize
        minRows={1}
        maxRows={6}
        // Opening the Direct Message tab is asking to write one.
        autoFocus
        value={draft}
        maxLength={5000}
        onChange={(e) => onDraftChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Button onClick={submit} disabled={!draft.trim()} leftSection={<IconSend size={16} />}>
        Send
      </Button>
    </Group>
  );
}
