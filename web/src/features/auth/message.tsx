import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

export type Message = { color: 'red' | 'green'; text: string } | null;

/** The inline alert of the sign-in screens (danger red, success green). */
export function FormMessage({ message }: { message: Message }) {
  if (!message) {
    return null;
  }
  const Icon = message.color === 'red' ? IconAlertCircle : IconCircleCheck;
  return (
    <Alert
      color={message.color}
      variant="light"
      icon={<Icon size={18} />}
      role={message.color === 'red' ? 'alert' : 'status'}
    >
      {message.text}
    </Alert>
  );
}
