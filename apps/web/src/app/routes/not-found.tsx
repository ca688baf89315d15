import { Button, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Paper withBorder p="xl" radius="md" data-testid="not-found">
        <Text mb="md">There is no page at this address.</Text>
        <Button component={Link} to={paths.home} variant="light">
          Go to bookings
        </Button>
      </Paper>
    </>
  );
}
