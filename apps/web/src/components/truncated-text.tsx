import { Text, Tooltip, type TextProps } from '@mantine/core';
import { useState, type MouseEvent } from 'react';

export interface TruncatedTextProps extends TextProps {
  children: string;
  /** Wider than this, the text ends in '…' (default 260 px). */
  maw?: TextProps['maw'];
}

/**
 * A name or other free text on one line, cut with '…' past `maw` so a long one (an agent's 255 characters)
 * does not push the columns after it away; the whole text shows as a tooltip when it is cut, and stays in
 * `data-full-text` (what the layout journey checks a cut text by).
 *
 * Whether it is cut is measured when the pointer enters it, the only moment the tooltip can open: a list of
 * a hundred rows holds some three hundred of these, and none needs measuring (or observing) before.
 */
export function TruncatedText({ children, maw = 260, ...props }: TruncatedTextProps) {
  const [cut, setCut] = useState(false);
  const measure = (event: MouseEvent<HTMLElement>) =>
    setCut(event.currentTarget.scrollWidth > event.currentTarget.clientWidth);
  // The cell's own size unless one is asked for: Mantine's [data-inherit] font-size rule beats `size`.
  const inherit = props.size === undefined && props.fz === undefined;
  return (
    // Never disabled: the hover listeners must be in place when the pointer enters, before the measure.
    // Held closed while the text is whole; once it is cut the tooltip opens on its own delay.
    <Tooltip
      label={children}
      opened={cut ? undefined : false}
      multiline
      maw={480}
      openDelay={200}
      styles={{ tooltip: { overflowWrap: 'anywhere' } }}
    >
      <Text
        span
        inherit={inherit}
        truncate="end"
        display="block"
        maw={maw}
        data-full-text={children}
        {...props}
        onMouseEnter={measure}
      >
        {children}
      </Text>
    </Tooltip>
  );
}
