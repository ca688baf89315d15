import type { UnmatchedTransaction } from '@app/domain';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { TransactionFacts } from './transaction-facts';

interface TransactionViewModalProps {
  transaction: UnmatchedTransaction | null;
  onClose: () => void;
  /** Claim it from here (the admin claim modal). */
  onClaim: (transaction: UnmatchedTransaction) => void;
}

/** 'View' on the unmatched table: the transaction's details, a link to it, and Claim. */
export function TransactionViewModal({ transaction, onClose, onClaim }: TransactionViewModalProps) {
  return (
    <Modal opened={transaction !== null} onClose={onClose} title="Unmatched credit transaction" size="lg">
      {transaction && (
        <Stack>
          <TransactionFacts transaction={transaction} />
          <Group justify="flex-end">
            <Button
              variant="default"
              component={Link}
              to={paths.transactions.edit(transaction.id)}
              leftSection={<IconExternalLink size={16} />}
            >
              Open transaction
            </Button>
            <Button onClick={() => onClaim(transaction)}>Claim</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
