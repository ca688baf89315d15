import { z } from 'zod';

/** `{status:'success', message, data}` — the answer to a create or update (CONTRACT.md §2 Shapes). */
export const savedResponse = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string().optional(), data });

/** `{status:'success', data}` with a single object. */
export const itemResponse = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), data });
