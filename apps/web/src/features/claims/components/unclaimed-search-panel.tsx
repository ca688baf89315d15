import { CLAIM_MESSAGES, type UnmatchedTransaction } from '@app/domain';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useUnclaimedSearch } from '../api/claims-api';
import { ClaimModal } from './claim-modal';
import { TransactionFacts } from './transaction-facts';

/**
 * The agents' unclaimed-booking search (spec §2 dashboard): a supplier credit nobody booked, found by its
 * reference (Search is disabled while the reference is empty; Enter searches), then claimed for review.
 */
export function UnclaimedSearchPanel() {
  const [draft, setDraft] = useState('');
  const [reference, setReference] = useState('');
  const [claiming, setClaiming] = useState<UnmatchedTransaction | null>(null);
  const [claimed, setClaimed] = useState<string | null>(null);
  const search = useUnclaimedSearch(reference);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = draft.trim();
    if (!wanted) return;
    setClaimed(null);
    if (wanted === reference) void search.refetch();
    else setReference(wanted);
  };

  return (
    <Stack gap="sm" data-testid="unclaimed-search">
      <Text size="sm" c="dimmed">
        A supplier paid commission for a booking you did not record? Find its credit by the booking reference and claim
        it: an admin reviews the claim.
      </Text>
      <form onSubmit={submit} role="search" aria-label="Unclaimed bookings">
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Booking reference"
            placeholder="e.g. SW4472290"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            maxLength={64}
            w={300}
          />
          <Button type="submit" disabled={draft.trim() === ''} leftSection={<IconSearch size={16} />}>
            Search
          </Button>
        </Group>
      </form>

      <Stack gap="sm" maw={820}>
        {claimed && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} data-testid="claim-sent">
            Your claim of {claimed} is waiting for an admin's review. Follow it on{' '}
            <Anchor component={Link} to={paths.claims} inherit>
              My claims
            </Anchor>
            .
          </Alert>
        )}
        {reference !== '' && <SearchResult search={search} onClaim={setClaiming} />}
      </Stack>

      <ClaimModal
        transaction={claiming}
        isAdmin={false}
        onClose={() => setClaiming(null)}
        onClaimed={() => {
          setClaimed(claiming?.reference_number ?? reference);
          setReference('');
          setDraft('');
        }}
      />
    </Stack>
  );
}

interface SearchResultProps {
  search: ReturnType<typeof useUnclaimedSearch>;
  onClaim: (transaction: UnmatchedTransaction) => void;
}

function SearchResult({ search, onClaim }: SearchResultProps) {
  if (search.isFetching) {
    return (
      <Group gap="xs" role="status" aria-label="Searching">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Searching…
        </Text>
      </Group>
    );
  }
  if (search.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="search-error">
        {getErrorMessage(search.error, CLAIM_MESSAGES.searchFailed)}
      </Alert>
    );
  }
  if (!search.data) return null;
  const { transaction } = search.data;
  if (!transaction) {
    return (
      <Alert color="gray" variant="light" data-testid="search-none">
        {search.data.message ?? CLAIM_MESSAGES.notFound}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="unclaimed-result">
      <Stack gap="sm">
        <TransactionFacts transaction={transaction} />
        <Group justify="flex-end">
          <Button onClick={() => onClaim(transaction)} aria-label={`Claim ${transaction.reference_number}`}>
            Claim
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
