import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { applyFormErrors, type FormErrorState } from '../lib/form-errors';
import { renderWithProviders } from '../testing/render';
import { FormErrorAlert } from './form-error-alert';

const serverError = new ApiError({
  kind: 'http',
  status: 422,
  message: 'Please fix the validation errors below.',
  hasServerMessage: true,
  errors: { name: ['The name field is required.'], 'items.0.amount': ['Amount must be greater than 0'] },
});

function Harness() {
  const form = useForm({ initialValues: { name: '' } });
  const [state, setState] = useState<FormErrorState | null>(null);
  return (
    <form onSubmit={form.onSubmit(() => setState(applyFormErrors(form, serverError, { fields: ['name'] })))}>
      <FormErrorAlert state={state} />
      <TextInput label="Name" {...form.getInputProps('name')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormErrorAlert with applyFormErrors', () => {
  it('puts field messages on fields and the server message, plus unshown fields, in the alert', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('The name field is required.');
    const alert = screen.getByTestId('form-error');
    expect(alert).toHaveTextContent('Please fix the validation errors below.');
    expect(alert).toHaveTextContent('Amount must be greater than 0');
  });
});
