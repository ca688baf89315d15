import type { ReportFiltersInput } from '@app/domain';
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadNextPayoutPdf, downloadPayoutPdf, PDF_ERROR } from '../api/download-pdf';

interface PdfButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** Fetches and saves the PDF. */
  download: () => Promise<void>;
  /** The accessible name when the visible text alone does not say which PDF ('PDF of Payout 12'). */
  'aria-label'?: string;
  children: string;
}

/** Downloads a PDF; spins while it is generated; a failure shows the spec's alert (§8). */
export function PdfButton({ download, children, ...props }: PdfButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
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
        void run();
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
      download={() => downloadPayoutPdf(payoutId)}
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
export function NextPayoutPdfButton({ query, ...props }: { query: ReportFiltersInput } & ButtonProps) {
  return (
    <PdfButton download={() => downloadNextPayoutPdf(query)} {...props}>
      Next payout PDF
    </PdfButton>
  );
}
