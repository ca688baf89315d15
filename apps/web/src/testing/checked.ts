import type { z } from 'zod';

/** A canned answer checked against the contract's schema first: a test cannot stub an answer the server never gives. */
export const checked = <S extends z.ZodType>(schema: S, value: z.input<S>): z.input<S> => {
  schema.parse(value);
  return value;
};
