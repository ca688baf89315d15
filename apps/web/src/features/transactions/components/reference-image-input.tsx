import { Anchor, FileInput, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { UPLOAD_IMAGE_OR_PDF_ACCEPT, UPLOAD_TOO_LARGE } from '@app/domain';
import { isTooLarge } from '../utils/reference-image';

interface Props {
  value: File | null;
  onChange: (file: File | null) => void;
  /** The stored image on edit. */
  existingUrl?: string | null;
  existingMime?: string | null;
  error?: string | undefined;
}

/** Reference image: JPEG, PNG, JPG or PDF ≤ 5 MB; a larger file is refused with the spec's message and cleared. */
export function ReferenceImageInput({ value, onChange, existingUrl, existingMime, error }: Props) {
  const [sizeError, setSizeError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <FileInput
        label="Reference image"
        description="JPEG, PNG, JPG or PDF, at most 5MB"
        accept={UPLOAD_IMAGE_OR_PDF_ACCEPT}
        clearable
        value={value}
        onChange={(file) => {
          if (file && isTooLarge(file)) {
            setSizeError(UPLOAD_TOO_LARGE);
            onChange(null);
            return;
          }
          setSizeError(null);
          onChange(file);
        }}
        error={sizeError ?? error}
        data-testid="reference-image"
      />
      {existingUrl && !value && (
        <Stack gap={4} data-testid="existing-image">
          <Text size="xs" c="dimmed">
            Current image:{' '}
            <Anchor href={existingUrl} target="_blank" rel="noreferrer" size="xs">
              open
            </Anchor>
          </Text>
          {existingMime?.startsWith('image/') && (
            <Image src={existingUrl} alt="Reference image" maw={240} radius="sm" />
          )}
        </Stack>
      )}
    </Stack>
  );
}
