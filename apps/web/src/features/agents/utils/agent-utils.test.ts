import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { agentFormErrorMessage, initialAgentValues, isTierChange, toAgentFormData } from './agent-form';
import { checkImportFile, formatRowData, importFailedMessage, importRequestErrorMessage } from './agent-import';
import { subAgentErrorMessage, subAgentOptionLabel, toSubAgentFormData } from './sub-agent-form';

const http = (status: number, message?: string, errors = {}) =>
  new ApiError({ kind: 'http', status, message: message ?? 'x', hasServerMessage: message !== undefined, errors });

describe('agent form messages (spec §8)', () => {
  it.each([
    [
      http(422, undefined, { full_name: ['The full name field is required.'] }),
      'Please fix the validation errors below.',
    ],
    [http(422, 'The full name field is required.'), 'The full name field is required.'],
    [http(500, 'Server Error'), 'Server Error'],
    [http(500), 'An error occurred while submitting the form.'],
    [
      new ApiError({ kind: 'network', status: 0, message: 'offline' }),
      'No response received from the server. Please try again.',
    ],
    [new TypeError('bad request setup'), 'A network error occurred. Please try again.'],
  ])('%#', (error, message) => expect(agentFormErrorMessage(error)).toBe(message));
});

describe('agent form body', () => {
  it('posts booleans as 1/0 and the GST number only with GST', () => {
    const values = { ...initialAgentValues(), full_name: 'Ana', inactive: true, has_gst: false, gst_number: 'AB1' };
    const body = Object.fromEntries(toAgentFormData(values).entries());
    expect(body).toMatchObject({ full_name: 'Ana', inactive: '1', has_gst: '0', gst_number: '' });
  });
  it('sends the tier change fields only when the tier of an existing agent changes', () => {
    const agent = { commission_tier_id: 1 } as Parameters<typeof isTierChange>[1];
    expect(isTierChange({ commission_tier_id: '1' }, agent)).toBe(false);
    expect(isTierChange({ commission_tier_id: '2' }, agent)).toBe(true);
    expect(isTierChange({ commission_tier_id: '2' }, undefined)).toBe(false);
  });
});

describe('import checks and messages (spec §5, §8)', () => {
  it('accepts by MIME or extension, refuses others and files over 10 MB', () => {
    expect(checkImportFile({ name: 'a.CSV', type: '', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'a', type: 'application/vnd.ms-excel', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(
      'Please select a valid Excel or CSV file',
    );
    expect(checkImportFile({ name: 'a.xlsx', type: '', size: 10_485_761 })).toBe('File size must be less than 10MB');
  });
  it('words failures as the spec does', () => {
    expect(importFailedMessage('Bad')).toBe('Import failed: Bad');
    expect(importFailedMessage(undefined)).toBe('Import failed: Unknown error');
    expect(importRequestErrorMessage(http(422, 'File size must be less than 10MB'))).toBe(
      'File size must be less than 10MB',
    );
    expect(importRequestErrorMessage(new Error('boom'))).toBe('boom');
    expect(importRequestErrorMessage('??')).toBe('Failed to import agents. Please try again.');
    expect(formatRowData({ Email: 'a@b.c', SIN: '' })).toBe('Email: a@b.c');
  });
});

describe('sub-agent form helpers', () => {
  it('labels options "name (email or No Email)"', () => {
    expect(subAgentOptionLabel({ name: 'Bo', email: 'bo@x.test' })).toBe('Bo (bo@x.test)');
    expect(subAgentOptionLabel({ name: 'Bo', email: null })).toBe('Bo (No Email)');
  });
  it('posts an empty suppliers value when none are ticked, sub_agent_id only on create', () => {
    const empty = toSubAgentFormData({ sub_agent_id: '5', split_percentage: '40', suppliers: [] }, false);
    expect([...empty.entries()]).toEqual([
      ['split_percentage', '40'],
      ['suppliers', ''],
    ]);
    const some = toSubAgentFormData({ sub_agent_id: '5', split_percentage: '40', suppliers: ['1', '2'] }, true);
    expect(some.getAll('suppliers[]')).toEqual(['1', '2']);
    expect(some.get('sub_agent_id')).toBe('5');
  });
  it('falls back to the spec messages', () => {
    expect(subAgentErrorMessage(http(500))).toBe('An error occurred while processing your request. Please try again.');
    expect(subAgentErrorMessage(new ApiError({ kind: 'network', status: 0, message: 'x' }))).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});
