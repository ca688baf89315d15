import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';

/** Spec §9: the success banner hides itself after 5000 ms. */
export const SUCCESS_BANNER_MS = 5000;

interface SuccessBannerProps {
  message: string | null;
  onClose: () => void;
}

/** A dismissible success banner that hides after 5 seconds. */
export function SuccessBanner({ message, onClose }: SuccessBannerProps) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onClose, SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  if (!message) return null;
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      withCloseButton
      onClose={onClose}
      mb="md"
      role="status"
      data-testid="success-banner"
    >
      {message}
    </Alert>
  );
}
