import { z } from 'zod';
import { required, requiredText } from './fields';
import { successMessage } from './responses';

export const ADMIN_ROLES = ['admin', 'super-admin'] as const;
export const ROLES = ['super-admin', 'admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const isAdminRole = (roles: readonly string[]) =>
  roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r));

/** An e-mail address field, trimmed, with the product's messages. */
export const emailField = () =>
  z
    .string({ error: required('email') })
    .trim()
    .min(1, required('email'))
    .max(255)
    .email('The email must be a valid email address.');

export const loginSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: required('password') })
    .min(1, required('password'))
    .max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  agent_id: z.number().nullable(),
  is_admin: z.boolean(),
  must_change_password: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A message (and field errors) left for the next page by a plain form post, shown once. */
export const flashSchema = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** `GET /api/session`; `flash` only when one was waiting (it is spent by this read). */
export const sessionResponseSchema = z.object({
  authenticated: z.boolean(),
  user: sessionUserSchema.nullable(),
  csrf_token: z.string(),
  flash: flashSchema.optional(),
});

/** `POST /login`: the signed-in user and the session's new CSRF token. */
export const loginResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  user: sessionUserSchema,
  csrf_token: z.string(),
});

/** `POST /logout`: a fresh anonymous session's CSRF token. */
export const logoutResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  csrf_token: z.string(),
});

/** `POST /api/user/password`: the session is replaced, so the answer carries its new CSRF token. */
export const passwordChangeResponseSchema = successMessage({ csrf_token: z.string() });

export const rolesResponseSchema = z.object({
  roles: z.array(z.string()),
  agent_id: z.number().nullable(),
  name: z.string(),
});

export const LOGIN_FAILED = 'These credentials do not match our records.';
export const LOGIN_INACTIVE = 'This account is inactive.';
export const LOGIN_THROTTLED = (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`;
export const CSRF_MISMATCH = 'CSRF token mismatch.';
export const UNAUTHENTICATED = 'Unauthenticated.';
export const FORBIDDEN = 'This action is unauthorized.';

export const PASSWORD_MIN = 8;

/** `npm run cli -- user:create` (CONTRACT.md §1). */
export const userCreateSchema = z.object({
  email: emailField(),
  name: requiredText('name', 255),
  role: z.enum(ROLES, { error: `The role must be one of: ${ROLES.join(', ')}.` }),
  password: z
    .string({ error: required('password') })
    .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`)
    .max(1024),
  tier: requiredText('tier', 100).optional(),
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

export const PASSWORD_CHANGE_REQUIRED = 'You must change your password before continuing.';

/** `POST /api/user/password`: the signed-in user's own password. */
export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: required('current password') })
      .min(1, required('current password'))
      .max(1024),
    password: z
      .string({ error: required('password') })
      .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`)
      .max(1024),
    password_confirmation: z.string({ error: required('password confirmation') }).max(1024),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'The password confirmation does not match.',
      });
    }
    if (v.password.length >= PASSWORD_MIN && v.password === v.current_password) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'The new password must be different from the current one.',
      });
    }
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
