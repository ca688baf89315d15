import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import type { Query } from '../../../lib/api-client';
import { downloadPdf, NEXT_PAYOUT_PDF_URL, payoutPdfUrl, PDF_ERROR } from '../api/download-pdf';

interface PdfButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  url: string;
  query?: Query;
  /** When the server gives no file name. */
  fallbackFilename: string;
  /** The accessible name when the visible text alone does not say which PDF ('PDF of Payout 12'). */
  'aria-label'?: string;
  children: string;
}

/** Downloads a PDF; spins while it is generated; a failure shows the spec's alert (§8). */
export function PdfButton({ url, query, fallbackFilename, children, ...props }: PdfButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadPdf(url, fallbackFilename, query);
    } catch {
      notifications.show({ color: 'red', title: 'PDF', message: PDF_ERROR, autoClose: 8_000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconFileTypePdf size={16} />}
      {...props}
      loading={busy}
      onClick={(event) => {
        event.stopPropagation(); // a row's PDF button does not also open the row
        void download();
      }}
    >
      {children}
    </Button>
  );
}

/** A payout record's PDF (payouts history, Past Commissions). */
export function PayoutPdfButton({ payoutId, name, ...props }: { payoutId: number; name: string } & ButtonProps) {
  return (
    <PdfButton
      variant="subtle"
      size="xs"
      url={payoutPdfUrl(payoutId)}
      fallbackFilename={`payout-${payoutId}.pdf`}
      aria-label={`PDF of ${name}`}
      // Beside a long payout name it keeps its size (it was squeezed to 'PD'); the name gives way.
      style={{ flexShrink: 0 }}
      {...props}
    >
      PDF
    </PdfButton>
  );
}

/** What Next Payout would pay now, for the dashboard's filters. */
export function NextPayoutPdfButton({ query, ...props }: { query: Query } & ButtonProps) {
  return (
    <PdfButton url={NEXT_PAYOUT_PDF_URL} query={query} fallbackFilename="next-payout.pdf" {...props}>
      Next payout PDF
    </PdfButton>
  );
}
