import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { documentTitle } from '../../../lib/app-config';
import { safeRedirect } from '../../../lib/paths';
import { useSession } from '../api/get-session';
import { AuthCard } from '../components/auth-card';
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
    <AuthCard title="Sign in" width={400}>
      <LoginForm />
    </AuthCard>
  );
}
