import { passwordChangeSchema, type PasswordChangeInput } from '@app/domain';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconArrowLeft, IconLogout } from '@tabler/icons-react';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { documentTitle } from '../../../lib/app-config';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { safeRedirect } from '../../../lib/paths';
import { useChangePassword } from '../api/change-password';
import { useLogout } from '../api/logout';
import { AuthCard } from '../components/auth-card';
import { useUser } from '../components/user-context';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** /account/password: change your own password; required at first sign-in for imported agents. */
export function ChangePasswordRoute() {
  useDocumentTitle(documentTitle('Change password'));
  const user = useUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const change = useChangePassword();
  const logout = useLogout();
  const back = safeRedirect(searchParams.get('redirect'));
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const form = useForm<PasswordChangeInput>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: schemaResolver(passwordChangeSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    change.mutate(values, {
      onSuccess: (res) => {
        notifications.show({ color: 'green', message: res.message ?? 'Your password has been changed.' });
        void navigate(back, { replace: true });
      },
      onError: (error) =>
        setFormError(applyFormErrors(form, error, { fields: FIELDS, fallback: 'The password could not be changed.' })),
    });
  });

  return (
    <AuthCard title="Change password" width={440}>
      {user.must_change_password && (
        <Alert color="yellow" mb="md" title="Choose your own password">
          Your account was created with a default password. Choose a new one to continue.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormErrorAlert state={formError} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            autoFocus
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters."
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={change.isPending} disabled={change.isPending} fullWidth>
            Change password
          </Button>
          {/* A way out: back where the user came from, or (while a new password is required) sign out. */}
          {user.must_change_password ? (
            <Button
              variant="subtle"
              leftSection={<IconLogout size={16} />}
              onClick={() => logout.mutate()}
              loading={logout.isPending}
            >
              Sign out
            </Button>
          ) : (
            <Button variant="subtle" component={Link} to={back} leftSection={<IconArrowLeft size={16} />}>
              Cancel
            </Button>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
