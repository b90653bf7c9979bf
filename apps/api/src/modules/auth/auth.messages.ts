import { formatJapanDate } from '@ekispot/shared';

/**
 * Japanese texts the account rules and routes answer with (docs/conventions.md#api-modules: one
 * place for user text).
 */
export const AUTH_MESSAGES = {
  invalidLink:
    'このリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。',
  wrongPassword: 'パスワードが正しくありません。',
  wrongCurrentPassword: '現在のパスワードが正しくありません。',
  wrongCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  /** `until`: the end as an ISO time, or null for good (docs/moderation.md#suspension). */
  suspended: (until: string | null) =>
    until
      ? `このアカウントは停止されています（${formatJapanDate(until)}まで）。`
      : 'このアカウントは停止されています（無期限）。',
  sameEmail: '現在と同じメールアドレスです。',
  emailTaken: 'このメールアドレスはすでに別のアカウントで使われています。',

  // Answers of the account routes (auth.routes.ts).
  registered: '確認メールを送信しました。メールのリンクを開いて登録を完了してください。',
  verificationResent: '未確認のアカウントがある場合、確認メールを再送しました。',
  emailVerified: 'メールアドレスを確認しました。ログインしてください。',
  emailVerifiedSignedIn: 'メールアドレスを確認しました。登録が完了し、ログインしました。',
  verificationFound: '確認待ちの登録があります。',
  verificationDeclined: '登録を取り消しました。お手数をおかけしました。',
  loggedIn: 'ログインしました。',
  loggedOut: 'ログアウトしました。',
  profileUpdated: 'プロフィールを更新しました。',
  passwordChanged: 'パスワードを変更しました。',
  passwordResetSent:
    '入力されたメールアドレスが登録されている場合、パスワード再設定用のメールを送信しました。',
  passwordReset: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  emailChangeSent:
    '新しいメールアドレスに確認メールを送信しました。メールのリンクを開くと変更が完了します。',
  emailChanged: 'メールアドレスを変更しました。',
  accountDeleted: '退会しました。ご利用ありがとうございました。',
} as const;
