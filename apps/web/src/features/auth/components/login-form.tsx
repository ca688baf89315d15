import { loginSchema, type LoginInput } from '@app/domain';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useLogin } from '../api/login';

const FIELDS = ['email', 'password'] as const;

/** Email and password; on success the session cache holds the user and the login route redirects. */
export function LoginForm() {
  const login = useLogin();
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    login.mutate(loginSchema.parse(values), {
      onError: (error) =>
        setFormError(applyFormErrors(form, error, { fields: FIELDS, fallback: 'Sign in failed. Please try again.' })),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert state={formError} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <Button type="submit" loading={login.isPending} disabled={login.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
