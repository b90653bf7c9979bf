import { z } from 'zod';
import { textSchema } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Account contract (docs/accounts.md, docs/conventions.md#api-conventions). Wire format:
 * snake_case.
 */

export const NAME_MAX = 30;
export const BIO_MAX = 160;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export const nameSchema = lazySchema(() =>
  textSchema({ error: 'ニックネームを入力してください。' })
    .trim()
    .min(1, 'ニックネームを入力してください。')
    .max(NAME_MAX, `ニックネームは${NAME_MAX}文字以内で入力してください。`),
);

export const emailSchema = lazySchema(() =>
  z
    .string({ error: 'メールアドレスを入力してください。' })
    .trim()
    .min(1, 'メールアドレスを入力してください。')
    .max(EMAIL_MAX, `メールアドレスは${EMAIL_MAX}文字以内で入力してください。`)
    .pipe(z.email('正しいメールアドレスを入力してください。'))
    .transform((value) => value.toLowerCase()),
);

export const passwordSchema = lazySchema(() =>
  z
    .string({ error: 'パスワードを入力してください。' })
    .min(PASSWORD_MIN, `パスワードは${PASSWORD_MIN}文字以上で入力してください。`)
    .max(PASSWORD_MAX, `パスワードは${PASSWORD_MAX}文字以内で入力してください。`),
);

/** Any password the user types to prove who they are (not checked for strength). */
export const currentPasswordSchema = lazySchema(() =>
  z
    .string({ error: 'パスワードを入力してください。' })
    .min(1, 'パスワードを入力してください。')
    .max(PASSWORD_MAX, `パスワードは${PASSWORD_MAX}文字以内で入力してください。`),
);

const CONFIRMATION_REQUIRED = '確認用パスワードを入力してください。';
const confirmationSchema = lazySchema(() =>
  z
    .string({ error: CONFIRMATION_REQUIRED })
    .min(1, CONFIRMATION_REQUIRED)
    .max(PASSWORD_MAX, `確認用パスワードは${PASSWORD_MAX}文字以内で入力してください。`),
);
const PASSWORDS_DIFFER = 'パスワードと確認用パスワードが一致しません。';

/** The object's own input and output types survive the refinement (forms learn field names). */
function withConfirmation<
  S extends z.ZodObject<{ password: z.ZodString; password_confirmation: z.ZodString }>,
>(schema: S) {
  return schema.refine((value) => value.password === value.password_confirmation, {
    message: PASSWORDS_DIFFER,
    path: ['password_confirmation'],
    // Only on an object: `when` replaces zod's own guard, which skips a refinement once the
    // value itself is wrong, and a body of `null` would otherwise be read here (a 500). A
    // missing confirmation says so, not that it differs as well.
    when: ({ value, issues }) =>
      typeof value === 'object' &&
      value !== null &&
      !issues.some((issue) => issue.path?.[0] === 'password_confirmation'),
  });
}

export const registerBodySchema = lazySchema(() =>
  withConfirmation(
    z.object({
      name: nameSchema,
      email: emailSchema,
      password: passwordSchema,
      password_confirmation: confirmationSchema,
    }),
  ),
);

export const loginBodySchema = lazySchema(() =>
  z.object({ email: emailSchema, password: currentPasswordSchema }),
);

export const resendVerificationBodySchema = lazySchema(() => z.object({ email: emailSchema }));

/**
 * The current password may be left out within the re-authentication window (5 minutes after the
 * password or a passkey was given: docs/accounts.md#re-authentication), and an account with
 * passkeys only sets its first password that way.
 */
export const passwordChangeBodySchema = lazySchema(() =>
  withConfirmation(
    z.object({
      current_password: currentPasswordSchema.optional(),
      password: passwordSchema,
      password_confirmation: confirmationSchema,
    }),
  ),
);

export const passwordResetRequestBodySchema = lazySchema(() => z.object({ email: emailSchema }));

export const tokenSchema = lazySchema(() =>
  z
    .string({ error: 'URLが正しくありません。' })
    .regex(
      /^[A-Za-z0-9_-]{20,128}$/,
      'URLが正しくありません。メールのリンクをもう一度開いてください。',
    ),
);

export const passwordResetBodySchema = lazySchema(() =>
  withConfirmation(
    z.object({
      token: tokenSchema,
      password: passwordSchema,
      password_confirmation: confirmationSchema,
    }),
  ),
);

/** The password may be left out within the re-authentication window, as for a password change. */
export const emailChangeRequestBodySchema = lazySchema(() =>
  z.object({
    email: emailSchema,
    password: currentPasswordSchema.optional(),
  }),
);

export const deleteAccountBodySchema = lazySchema(() =>
  z.object({ password: currentPasswordSchema }),
);

export const tokenParamsSchema = lazySchema(() => z.object({ token: tokenSchema }));

/** What anyone may see of a user. */
export const publicUserSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    bio: z.string(),
    avatar: z.string().nullable(),
    created_at: z.string(),
  }),
);

/** The signed-in user's own account. */
export const meSchema = lazySchema(() =>
  publicUserSchema.extend({
    email: z.string(),
    email_verified: z.boolean(),
    mail_opt_in: z.boolean(),
    /** Whether the member may open the moderation area (docs/moderation.md#moderators). */
    is_moderator: z.boolean(),
  }),
);
export type Me = z.infer<typeof meSchema>;
/**
 * `GET /auth/me`: the signed-in user, or null when the request carries no valid session
 * (a visitor, or a session that ended), so a visitor's page load makes no failing call.
 */
export const sessionSchema = lazySchema(() => meSchema.nullable());

export const loginResultSchema = lazySchema(() => z.object({ token: z.string(), user: meSchema }));

/**
 * What 「はい」 on a confirmation link answers (GET /auth/email/verify/{token}): the member, when
 * the link was opened in the browser that asked for it and they are now signed in
 * (docs/accounts.md#signing-in-from-the-link); null when they are to log in.
 */
export const emailVerifiedResultSchema = lazySchema(() => z.object({ user: meSchema.nullable() }));

/**
 * Image types accepted for uploads (checked again from the bytes on the server). HEIC is not
 * among them: the image library here cannot decode HEVC.
 */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

const multipartBoolean = lazySchema(() =>
  z.enum(['true', 'false'], {
    error: 'true か false を指定してください。',
  }),
);

/**
 * Text fields of `POST /auth/update` (multipart, docs/product-rules.md#calls-and-their-names).
 * Every field is optional: only the fields sent change. The avatar arrives as the file field
 * `avatar`; `remove_avatar=true` deletes the current one.
 */
export const profileUpdateFieldsSchema = lazySchema(() =>
  z.object({
    name: nameSchema.optional(),
    bio: textSchema({ multiline: true })
      .trim()
      .max(BIO_MAX, `自己紹介は${BIO_MAX}文字以内で入力してください。`)
      .optional(),
    mail_opt_in: multipartBoolean.optional(),
    remove_avatar: multipartBoolean.optional(),
  }),
);
export type ProfileUpdateFields = z.infer<typeof profileUpdateFieldsSchema>;

/** `POST /mail/unsubscribe/{token}`: the address whose notices stop (masked). */
export const unsubscribeResultSchema = lazySchema(() => z.object({ email: z.string() }));
