/**
 * Japanese texts the account rules answer with (docs/conventions.md#api-modules: one place for
 * user text).
 */
export const AUTH_MESSAGES = {
  invalidLink:
    'このリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。',
  wrongPassword: 'パスワードが正しくありません。',
  wrongCurrentPassword: '現在のパスワードが正しくありません。',
  wrongCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  sameEmail: '現在と同じメールアドレスです。',
  emailTaken: 'このメールアドレスはすでに別のアカウントで使われています。',
} as const;
