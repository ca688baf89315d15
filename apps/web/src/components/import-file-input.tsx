import { TRANSACTION_IMPORT_ACCEPT } from '@app/domain';
import { Checkbox, FileInput } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';

interface ImportFileInputProps {
  value: File | null;
  /** The chosen file as it is: the screen checks it (`checkImportFile`) and says why on the field. */
  onChange: (file: File | null) => void;
  error?: string;
}

/** 'File' of the file imports: a CSV, TXT, XLSX or XLS file of at most 10 MB. */
export function ImportFileInput({ value, onChange, error }: ImportFileInputProps) {
  return (
    <FileInput
      label="File"
      required
      placeholder="Choose a CSV, TXT, XLSX or XLS file"
      description="CSV, TXT, XLSX or XLS, at most 10MB"
      accept={TRANSACTION_IMPORT_ACCEPT}
      clearable
      leftSection={<IconFileSpreadsheet size={16} />}
      value={value}
      onChange={onChange}
      error={error}
      data-testid="import-file"
    />
  );
}

interface ImportAgainCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** Offered once the server refused the file as one already imported into the account (`uploadRefusal`). */
export function ImportAgainCheckbox({ checked, onChange }: ImportAgainCheckboxProps) {
  return (
    <Checkbox
      label="Import this file again"
      description="Only if the supplier really paid these amounts twice: every row is recorded again."
      color="orange"
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      data-testid="import-allow-duplicate"
    />
  );
}
