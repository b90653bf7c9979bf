/**
 * Error codes of the API. Every failure response carries one of these in
 * `code` beside the Japanese `message`, so clients can branch without parsing text.
 */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** Login refused until the mailed verification link is opened (offer a resend). */
  EMAIL_NOT_VERIFIED: 403,
  /** A change to the account's security needs the password or a passkey first (5 minutes). */
  REAUTH_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A path segment (an id) far longer than any real one. */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The server's disk is full: nothing was saved; it may work again later. */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The default Japanese message for each error code. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'リクエストの形式が正しくありません。',
  UNAUTHENTICATED: 'ログインが必要です。',
  FORBIDDEN: 'この操作を行う権限がありません。',
  EMAIL_NOT_VERIFIED:
    'メールアドレスの確認が済んでいません。登録時にお送りしたメールのリンクを開いてください。',
  REAUTH_REQUIRED: '本人確認のため、パスワードまたはパスキーでもう一度確認してください。',
  NOT_FOUND: 'お探しのデータは見つかりませんでした。',
  METHOD_NOT_ALLOWED: 'この操作はサポートされていません。',
  CONFLICT: 'データが競合しました。もう一度お試しください。',
  PAYLOAD_TOO_LARGE: '送信されたデータが大きすぎます。',
  URI_TOO_LONG: 'URLが長すぎます。',
  UNSUPPORTED_MEDIA_TYPE: 'サポートされていない形式のデータです。',
  VALIDATION_FAILED: '入力内容に誤りがあります。',
  RATE_LIMITED: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
  INTERNAL: 'サーバーでエラーが発生しました。しばらく待ってからもう一度お試しください。',
  SERVICE_UNAVAILABLE:
    'ただいまサービスを利用できません。しばらく待ってからもう一度お試しください。',
  INSUFFICIENT_STORAGE:
    'サーバーの保存領域が不足しているため、保存できませんでした。内容は保存されていません。しばらく待ってからもう一度お試しください。',
};

export function errorCodeForStatus(status: number): ErrorCode {
  const entry = Object.entries(ERROR_CODES).find(([, value]) => value === status);
  if (entry) return entry[0] as ErrorCode;
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}
