import { Center, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PRODUCT_NAME, documentTitle } from '../../../lib/app-config';
import { safeRedirect } from '../../../lib/paths';
import { useSession } from '../api/get-session';
import { LoginForm } from '../components/login-form';

/** /login: signed-in users (and users who just signed in) go on to ?redirect or the bookings list. */
export function LoginRoute() {
  useDocumentTitle(documentTitle('Sign in'));
  const [searchParams] = useSearchParams();
  const session = useSession();

  if (session.isPending) return <FullPageLoader />;
  if (session.data?.authenticated && session.data.user) {
    return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  }

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={400}>
        <Text c="dimmed" size="sm" fw={500} mb={4}>
          {PRODUCT_NAME}
        </Text>
        <Title order={2} mb="lg">
          Sign in
        </Title>
        <LoginForm />
      </Paper>
    </Center>
  );
}
