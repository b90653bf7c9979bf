/** Texts of sessions, the second step, passkeys and the alert link (settings, login, register). */
export const accountSecurityMessages = {
  security: {
    sessionsHeading: 'ログイン中の端末',
    sessionsIntro: '心当たりのない端末があれば、ログアウトさせてください。',
    thisDevice: 'この端末',
    unknownDevice: '不明な端末',
    firstSeen: (date: string) => `ログイン：${date}`,
    lastSeen: (date: string) => `最終利用：${date}`,
    endSession: 'ログアウト',
    endSessionLabel: (device: string) => `${device}をログアウト`,
    endOthers: 'ほかの端末をすべてログアウト',
    loadFailed: '読み込めませんでした。時間をおいてもう一度お試しください。',

    heading: 'パスキーと2段階認証',
    reauthIntro:
      'パスキーや2段階認証、パスワード、メールアドレスを変更するには、本人確認が必要です（5分間有効）。',
    reauthPassword: 'パスワードで確認する',
    reauthPasskey: 'パスキーで確認する',
    reauthing: '確認しています…',
    reauthOpen: '本人確認済みです。5分間、セキュリティ設定を変更できます。',

    passkeysHeading: 'パスキー',
    passkeysIntro:
      '指紋や顔認証、画面ロックでログインできます。パスワードより安全で、2段階認証も兼ねます。',
    noPasskeys: 'パスキーはまだありません。',
    passkeyName: 'パスキーの名前',
    passkeyNameHint: '例：スマートフォン、仕事用のパソコン',
    addPasskey: 'パスキーを追加',
    addingPasskey: '追加しています…',
    removePasskey: '削除',
    removePasskeyLabel: (name: string) => `パスキー「${name}」を削除`,
    passkeyAdded: (date: string) => `追加：${date}`,
    passkeyUsed: (date: string | null) => (date ? `最終利用：${date}` : '未使用'),
    passkeyCancelled: 'パスキーの操作がキャンセルされました。',

    totpHeading: '2段階認証（認証アプリ）',
    totpOff: 'パスワードでのログイン時に、認証アプリの確認コードも求めます。',
    totpOn: (left: number) => `有効です。未使用のリカバリーコード：${left}個`,
    totpStart: '2段階認証を設定する',
    totpScan: '認証アプリでQRコードを読み取り、表示された6桁のコードを入力してください。',
    totpQrAlt: '認証アプリで読み取るQRコード',
    totpManual: (secret: string) => `読み取れない場合は、次のキーを入力してください：${secret}`,
    totpCode: '確認コード（6桁）',
    totpConfirm: '有効にする',
    totpDisable: '2段階認証を無効にする',
    recoveryHeading: 'リカバリーコード',
    recoveryIntro:
      '認証アプリが使えないときに、1回ずつ使えるコードです。この画面を離れると二度と表示されません。安全な場所に保管してください。',
    recoveryRegenerate: 'リカバリーコードを再発行する',
    recoveryDone: '保管しました',

    secondStepHeading: '2段階認証',
    secondStepIntro: '認証アプリに表示されている6桁の確認コードを入力してください。',
    useRecovery: 'リカバリーコードを使う',
    useCode: '確認コードを使う',
    recoveryCode: 'リカバリーコード',
    verify: '確認する',
    verifying: '確認しています…',

    passkeyLogin: 'パスキーでログイン',
    passkeyLoggingIn: 'パスキーを確認しています…',
    or: 'または',
    passkeySignup: 'パスキーで新規登録（パスワードなし）',
    passkeySigningUp: '登録しています…',

    secureHeading: 'アカウントを守る',
    secureIntro:
      'このボタンを押すと、すべての端末からログアウトします。続けて新しいパスワードを設定してください。',
    secureSubmit: 'すべての端末からログアウトする',
    securing: '手続きしています…',
  },
} as const;
