import { Button, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv } from '@tabler/icons-react';

/** What a list's export says once it is over: 'Downloaded <name>.', or why it failed (a mutation's callbacks). */
export const exportNotices = {
  onSuccess: (filename: string) => notifications.show({ color: 'green', message: `Downloaded ${filename}.` }),
  onError: (error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) }),
};

interface ExportCsvButtonProps {
  /** 'Export CSV'; 'Exporting...' while the file comes. */
  children: string;
  exporting: boolean;
  /** Nothing to export (an empty list). */
  disabled?: boolean;
  onClick: () => void;
}

/** A list's CSV export button: it spins and waits while the file comes. */
export function ExportCsvButton({ children, exporting, disabled, onClick }: ExportCsvButtonProps) {
  return (
    <Button
      variant="default"
      leftSection={exporting ? <Loader size={14} color="gray" /> : <IconFileTypeCsv size={16} />}
      disabled={exporting || disabled}
      onClick={onClick}
    >
      {exporting ? 'Exporting...' : children}
    </Button>
  );
}
