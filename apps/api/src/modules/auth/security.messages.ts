/**
 * Japanese texts of sessions, re-authentication, the second step and passkeys
 * (docs/conventions.md#api-modules: one place for user text).
 */
export const SECURITY_MESSAGES = {
  sessionNotFound: 'このログインはすでに終了しています。',
  sessionEnded: 'その端末からログアウトしました。',
  otherSessionsEnded: (count: number) =>
    count > 0
      ? `ほかの端末（${count}件）からログアウトしました。`
      : 'ほかにログイン中の端末はありません。',
  reauthenticated: '本人確認ができました。5分間、セキュリティ設定を変更できます。',
  noPassword: 'このアカウントにはパスワードがありません。パスキーで確認してください。',
  totpSetupStarted: '認証アプリでQRコードを読み取り、表示された6桁のコードを入力してください。',
  totpNotStarted: 'もう一度、認証アプリの設定を始めてください。',
  totpEnabled: '2段階認証を有効にしました。リカバリーコードを安全な場所に保管してください。',
  totpDisabled: '2段階認証を無効にしました。',
  totpNotEnabled: '2段階認証は有効になっていません。',
  wrongCode: '確認コードが正しくありません。',
  wrongRecoveryCode: 'リカバリーコードが正しくないか、すでに使われています。',
  secondStepLocked: (minutes: number) =>
    `確認コードの入力に続けて失敗したため、2段階認証を一時的にロックしました。${minutes}分ほど待ってからもう一度お試しください。`,
  secondStepExpired:
    'ログインの有効期限が切れました。もう一度、パスワードからログインしてください。',
  secondStepNeeded: '認証アプリの確認コードを入力してください。',
  recoveryCodesRegenerated:
    '新しいリカバリーコードを発行しました。以前のコードは使えなくなりました。',
  passkeyAdded: 'パスキーを追加しました。',
  passkeyRemoved: 'パスキーを削除しました。',
  passkeyNotFound: 'パスキーが見つかりません。',
  passkeyRefused: 'パスキーを確認できませんでした。もう一度お試しください。',
  passkeyUnknown:
    'このパスキーは登録されていません。別のパスキーか、パスワードでログインしてください。',
  passkeyTaken: 'このパスキーはすでに登録されています。',
  challengeExpired: '確認の有効期限が切れました。もう一度お試しください。',
  passkeySignupSent: '確認メールを送信しました。メールのリンクを開いて登録を完了してください。',
  lastSignInMethod:
    'パスワードがないアカウントでは、最後のパスキーは削除できません。先にパスワードを設定してください。',
  accountSecured: 'すべての端末からログアウトしました。続けて新しいパスワードを設定してください。',
} as const;
