import { z } from 'zod';
import { currentPasswordSchema, emailSchema, meSchema, nameSchema } from './auth.js';
import { lazySchema } from './lazy-schema.js';

/**
 * What guards an account beyond its password (docs/accounts.md#two-step-sign-in-and-passkeys):
 * sessions, the re-authentication window, the authenticator app and its recovery codes,
 * passkeys. Wire format: snake_case, except the WebAuthn options and credentials, which travel
 * as the WebAuthn JSON the browser makes and reads (a credential as its JSON text).
 */

/** How long a password or passkey given once lets the session change its security. */
export const REAUTH_WINDOW_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 40;

export const sessionIdParamsSchema = lazySchema(() =>
  z.object({ id: z.uuid('セッションが見つかりません。') }),
);
export const passkeyIdParamsSchema = lazySchema(() =>
  z.object({ id: z.uuid('パスキーが見つかりません。') }),
);

/** One signed-in device, as the session list shows it. */
export const accountSessionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** 「iPhone」「Windows」…, or null when the User-Agent tells nothing. */
    device: z.string().nullable(),
    /** 「Safari」「Chrome」…, or null. */
    browser: z.string().nullable(),
    created_at: z.string(),
    last_used_at: z.string(),
    /** The session this request came with: 「この端末」. */
    current: z.boolean(),
  }),
);
export const accountSessionListSchema = lazySchema(() =>
  z.object({ items: z.array(accountSessionSchema) }),
);
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const passkeySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  }),
);
export type Passkey = z.infer<typeof passkeySchema>;

/** `GET /auth/security`: what guards the account now. */
export const accountSecuritySchema = lazySchema(() =>
  z.object({
    has_password: z.boolean(),
    totp_enabled: z.boolean(),
    recovery_codes_left: z.number().int(),
    passkeys: z.array(passkeySchema),
    /** Until when this session may change its security without asking again, or null. */
    reauth_until: z.string().nullable(),
  }),
);
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

export const reauthPasswordBodySchema = lazySchema(() =>
  z.object({ password: currentPasswordSchema }),
);
export const reauthResultSchema = lazySchema(() => z.object({ reauth_until: z.string() }));

/** A six-digit code of the authenticator app (spaces allowed, as apps show them). */
export const totpCodeSchema = lazySchema(() =>
  z
    .string({ error: '確認コードを入力してください。' })
    .transform((value) => value.replaceAll(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, '確認コードは6桁の数字で入力してください。')),
);

/** A recovery code as shown (`xxxxx-xxxxx`; case and hyphen do not matter). */
export const recoveryCodeSchema = lazySchema(() =>
  z
    .string({ error: 'リカバリーコードを入力してください。' })
    .transform((value) => value.replaceAll(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'リカバリーコードの形式が正しくありません。')),
);

export const totpSetupSchema = lazySchema(() =>
  z.object({
    /** base32, for typing in by hand. */
    secret: z.string(),
    otpauth_url: z.string(),
    /** The QR code as an SVG data URL, drawn on the server. */
    qr_code: z.string(),
  }),
);
export const totpEnableBodySchema = lazySchema(() => z.object({ code: totpCodeSchema }));
export const recoveryCodesSchema = lazySchema(() =>
  z.object({ recovery_codes: z.array(z.string()) }),
);

/** A password login that needs the second step answers this instead of a session. */
export const secondStepRequiredSchema = lazySchema(() =>
  z.object({
    second_step: z.object({ token: z.string(), expires_at: z.string() }),
  }),
);
export const signedInSchema = lazySchema(() => z.object({ token: z.string(), user: meSchema }));

export const secondStepBodySchema = lazySchema(() =>
  z
    .object({
      token: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'もう一度ログインしてください。'),
      code: totpCodeSchema.optional(),
      recovery_code: recoveryCodeSchema.optional(),
    })
    .refine((body) => body.code !== undefined || body.recovery_code !== undefined, {
      message: '確認コードを入力してください。',
      path: ['code'],
    }),
);

/** WebAuthn options as the browser's `navigator.credentials` calls take them (JSON form). */
export const webauthnOptionsSchema = lazySchema(() => z.looseObject({}));

/** A credential the browser made or used, as its JSON text (`JSON.stringify(credential)`). */
const credentialTextSchema = lazySchema(() =>
  z
    .string({ error: 'パスキーの応答がありません。' })
    .min(2, 'パスキーの応答がありません。')
    .max(16_384, 'パスキーの応答が大きすぎます。'),
);

export const passkeyNameSchema = lazySchema(() =>
  z
    .string({ error: 'パスキーの名前を入力してください。' })
    .trim()
    .min(1, 'パスキーの名前を入力してください。')
    .max(PASSKEY_NAME_MAX, `パスキーの名前は${PASSKEY_NAME_MAX}文字以内で入力してください。`),
);

export const passkeyAddBodySchema = lazySchema(() =>
  z.object({ name: passkeyNameSchema, credential: credentialTextSchema }),
);
export const passkeyCredentialBodySchema = lazySchema(() =>
  z.object({ credential: credentialTextSchema }),
);
export const passkeySignupOptionsBodySchema = lazySchema(() =>
  z.object({ name: nameSchema, email: emailSchema }),
);

/** The link of a security alert (「心当たりがない場合」): a fresh reset link's token. */
export const secureAccountResultSchema = lazySchema(() => z.object({ reset_token: z.string() }));
