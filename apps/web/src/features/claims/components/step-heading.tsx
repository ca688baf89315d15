import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * The heading of a step inside a modal (a confirmation in place of the list it came from): it takes the
 * keyboard focus when it appears (unless the step focuses a field of its own), so the focus never falls out of the dialog with the button that led here.
 */
export function StepHeading({ id, children, focus = true }: { id: string; children: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Title order={3} size="h5" id={id} ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
