import type { ClaimRequest } from '@app/domain';
import { Anchor, Box, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

type Receipt = NonNullable<ClaimRequest['receipt']>;

/** Whether the stored receipt is a PDF (else an image): by its type, or its name when the type says nothing. */
export const isPdfReceipt = (receipt: Receipt) =>
  receipt.mimetype === 'application/pdf' ||
  (!receipt.mimetype.startsWith('image/') && /\.pdf$/i.test(receipt.filename));

interface ReceiptPreviewModalProps {
  receipt: Receipt | null;
  onClose: () => void;
}

/**
 * A claim's receipt on the review page: an image inline, a PDF in the browser's viewer (an iframe of the
 * receipt's address, which the server lets this app frame), and a link to open it in a tab.
 */
export function ReceiptPreviewModal({ receipt, onClose }: ReceiptPreviewModalProps) {
  return (
    <Modal opened={receipt !== null} onClose={onClose} title="Receipt" size="xl">
      {receipt && (
        <Stack gap="sm" data-testid="receipt-preview">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500} truncate>
              {receipt.filename}
            </Text>
            <Anchor href={receipt.url} target="_blank" rel="noopener" size="sm">
              <Group gap={4} wrap="nowrap">
                Open in a new tab <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Group>
          {isPdfReceipt(receipt) ? (
            <Box
              component="iframe"
              src={receipt.url}
              title={`Receipt ${receipt.filename}`}
              w="100%"
              h="70vh"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
            />
          ) : (
            <Image src={receipt.url} alt={`Receipt ${receipt.filename}`} fit="contain" mah="70vh" />
          )}
        </Stack>
      )}
    </Modal>
  );
}
