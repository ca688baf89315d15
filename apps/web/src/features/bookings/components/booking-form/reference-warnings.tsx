import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatMoney, type CurrencyLike } from '../../../../lib/format';
import { paths } from '../../../../lib/paths';
import type { ReferenceChecks } from '../../hooks/use-reference-checks';

interface ReferenceWarningsProps {
  checks: ReferenceChecks;
  /** The chosen supplier's currency, for the duplicate bookings' amounts. */
  currency: CurrencyLike;
}

/** Spec §4: the duplicate reference (amber, server message) and, for admins, the transaction checks. */
export function ReferenceWarnings({ checks: { existing, unclaimed, duplicate }, currency }: ReferenceWarningsProps) {
  return (
    <>
      {existing && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="duplicate-reference">
          {existing.message}
        </Alert>
      )}
      {unclaimed && (
        <Alert color="orange" variant="light" title="Unclaimed Transaction Found" data-testid="unclaimed-warning">
          {unclaimed.message}
          {unclaimed.transaction && (
            <Text size="sm" mt={4}>
              {unclaimed.transaction.supplier_name}:{' '}
              {formatMoney(unclaimed.transaction.amount, unclaimed.transaction.currency)}
            </Text>
          )}
        </Alert>
      )}
      {duplicate && (
        <Alert
          color="orange"
          variant="light"
          title="Duplicate Booking with Supplier"
          data-testid="duplicate-supplier-warning"
        >
          {duplicate.message}
          {duplicate.bookings.map((b) => (
            <Text size="sm" key={b.id}>
              <Link to={paths.bookings.view(b.id)}>#{b.id}</Link> · {b.agent_name} ·{' '}
              {formatMoney(b.booking_amount, currency)} · {formatDate(b.booking_date)}
            </Text>
          ))}
        </Alert>
      )}
    </>
  );
}
