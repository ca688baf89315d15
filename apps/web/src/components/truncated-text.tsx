import { Text, Tooltip, type TextProps } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

export interface TruncatedTextProps extends TextProps {
  children: string;
  /** Wider than this, the text ends in '…' (default 260 px). */
  maw?: TextProps['maw'];
}

/**
 * A name or other free text on one line, cut with '…' past `maw` so a long one (an agent's 255 characters)
 * does not push the columns after it away; the whole text shows as a tooltip when it is cut, and stays in
 * `data-full-text` (what the layout journey checks a cut text by).
 */
export function TruncatedText({ children, maw = 260, ...props }: TruncatedTextProps) {
  // The cell's own size unless one is asked for: Mantine's [data-inherit] font-size rule beats `size`.
  const inherit = props.size === undefined && props.fz === undefined;
  const ref = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setCut(el.scrollWidth > el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [children]);
  return (
    <Tooltip
      label={children}
      disabled={!cut}
      multiline
      maw={480}
      openDelay={200}
      styles={{ tooltip: { overflowWrap: 'anywhere' } }}
    >
      <Text
        ref={ref}
        span
        inherit={inherit}
        truncate="end"
        display="block"
        maw={maw}
        data-full-text={children}
        {...props}
      >
        {children}
      </Text>
    </Tooltip>
  );
}
