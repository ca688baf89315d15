/**
 * Zod fields for money and percentages, built on the strict parsers. They accept a string (form posts,
 * multipart) or a number (JSON) and output Cents / Percent, with Laravel-style messages.
 */
import { z } from 'zod';
import { required } from '../schemas/fields';
import { MAX_MONEY_CENTS, moneyToString, parseMoney, type Cents } from './money';
import { parsePercent, type Percent } from './percent';

export interface MoneySchemaOptions {
  /** Smallest accepted amount (e.g. cents(1) for "greater than zero"). Overrides `allowNegative`. */
  min?: Cents;
  /** Largest accepted amount; defaults to 999,999,999,999.99. */
  max?: Cents;
  /** Accept negative amounts (refunds, admins only). Default false: the minimum is 0. */
  allowNegative?: boolean;
}

/** '0', '0.01', '-999999999999.99': the bound as a person would write it in a message. */
const bound = (c: Cents) => moneyToString(c).replace(/\.00$/, '');

const stringOrNumber = (label: string, formatMessage: string) =>
  z.union([z.string(), z.number()], {
    error: (iss) => (iss.input === undefined || iss.input === null ? required(label) : formatMessage),
  });

/**
 * A required amount: string or number in, Cents out.
 * Messages: 'The {label} field is required.', 'The {label} must be a number with at most 2 decimals.',
 * 'The {label} field must be at least {min}.', 'The {label} field must not be greater than {max}.'
 */
export function moneySchema(
  label: string,
  { min, max = MAX_MONEY_CENTS, allowNegative = false }: MoneySchemaOptions = {},
) {
  const formatMessage = `The ${label} must be a number with at most 2 decimals.`;
  const lowest = min ?? ((allowNegative ? -MAX_MONEY_CENTS : 0n) as Cents);
  return stringOrNumber(label, formatMessage).transform((input, ctx): Cents => {
    const parsed = parseMoney(input);
    if (!parsed.ok) {
      const message =
        parsed.reason === 'empty'
          ? required(label)
          : parsed.reason === 'format'
            ? formatMessage
            : String(input).trim().startsWith('-')
              ? `The ${label} field must be at least ${bound(lowest)}.`
              : `The ${label} field must not be greater than ${bound(max)}.`;
      ctx.addIssue({ code: 'custom', message, input });
      return z.NEVER;
    }
    if (parsed.value < lowest) {
      ctx.addIssue({ code: 'custom', message: `The ${label} field must be at least ${bound(lowest)}.`, input });
      return z.NEVER;
    }
    if (parsed.value > max) {
      ctx.addIssue({ code: 'custom', message: `The ${label} field must not be greater than ${bound(max)}.`, input });
      return z.NEVER;
    }
    return parsed.value;
  });
}

/** Like `moneySchema`, but missing, null and '' (or blanks) give null. */
export function optionalMoneySchema(label: string, options: MoneySchemaOptions = {}) {
  return orNull(moneySchema(label, options), `The ${label} must be a number with at most 2 decimals.`);
}

/** `inner`, except that missing, null and '' (or blanks) give null; `typeMessage` for any other type. */
function orNull<T>(inner: z.ZodType<T, string | number>, typeMessage: string) {
  return z
    .union([z.string(), z.number(), z.null(), z.undefined()], { error: typeMessage })
    .transform((input, ctx): T | null => {
      if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return null;
      const r = inner.safeParse(input);
      if (r.success) return r.data;
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, input });
      return z.NEVER;
    });
}

export interface PercentSchemaOptions {
  /** Decimals allowed (spec: step 0.01 → 2, the default). At most 4. */
  maxDecimals?: number;
}

/**
 * A required percentage 0–100: string or number in, Percent out.
 * Messages: 'The {label} field is required.', 'The {label} must be a number with at most 2 decimals.',
 * 'The {label} field must be between 0 and 100.'
 */
export function percentSchema(label: string, { maxDecimals = 2 }: PercentSchemaOptions = {}) {
  const formatMessage = `The ${label} must be a number with at most ${maxDecimals} decimals.`;
  return stringOrNumber(label, formatMessage).transform((input, ctx): Percent => {
    const parsed = parsePercent(input, { maxDecimals });
    if (parsed.ok) return parsed.value;
    const message =
      parsed.reason === 'empty'
        ? required(label)
        : parsed.reason === 'format'
          ? formatMessage
          : `The ${label} field must be between 0 and 100.`;
    ctx.addIssue({ code: 'custom', message, input });
    return z.NEVER;
  });
}

/** Like `percentSchema`, but missing, null and '' (or blanks) give null (e.g. an agent's own commission_percentage). */
export function optionalPercentSchema(label: string, options: PercentSchemaOptions = {}) {
  return orNull(
    percentSchema(label, options),
    `The ${label} must be a number with at most ${options.maxDecimals ?? 2} decimals.`,
  );
}
