/** The whole-account archive in the settings (docs/archive.md). */
export const archiveMessages = {
  archive: {
    heading: 'データのダウンロードと取り込み',
    intro:
      '投稿・写真・コメント・リスト・駅スタンプ・フォローや設定など、あなたのデータをまとめて1つのZIPファイルにします。中の index.html をブラウザーで開くと、えきスポがなくても読めます。',
    request: 'データをダウンロード',
    requesting: '受け付けています…',
    pending: 'アーカイブの作成を待っています…',
    running: (progress: number) => `アーカイブを作成しています（${progress}%）`,
    progressLabel: 'アーカイブの作成の進み具合',
    ready: (expires: string) => `準備ができました。${expires}までダウンロードできます。`,
    download: (size: string) => `ZIPをダウンロード（${size}）`,
    failed: 'アーカイブを作成できませんでした。明日もう一度お試しください。',
    expired: 'ダウンロードの期限が過ぎました。',
    oncePerDay: 'アーカイブは1日に1回まで作成できます。',
    mailNote: '準備ができたらメールでお知らせします。このページを閉じてもかまいません。',
    importHeading: 'データを取り込む',
    importIntro:
      'ほかのえきスポで作ったアーカイブ（ZIP）から、リスト・投稿と写真（「取り込み」の印つき）・設定を取り込みます。駅スタンプは「記録のみ」として取り込まれ、ランキングには数えられません。同じアーカイブを2回取り込んでも、重ねて増えることはありません。',
    chooseFile: 'アーカイブのファイル（ZIP）',
    importButton: 'データを取り込む',
    importing: '取り込んでいます…',
    imported: (added: {
      posts: number;
      photos: number;
      lists: number;
      stamps: number;
      rides: number;
    }) =>
      `投稿${added.posts}件（写真${added.photos}枚）・リスト${added.lists}件・スタンプ${added.stamps}駅・乗車記録${added.rides}件を取り込みました。`,
    settingsImported: '通知などの設定も取り込みました。',
    nothingNew: '新しく取り込むものはありませんでした。',
    followHeading: '同じ名前のメンバー',
    followIntro:
      'アーカイブでフォローしていた人と同じ名前のメンバーです。同じ人か確かめてから、一人ずつフォローしてください。',
    follow: (name: string) => `${name}さんをフォロー`,
    following: 'フォロー中',
    unmatched: (names: string) => `見つからなかった名前: ${names}`,
    leaveNote:
      '退会すると、投稿や写真はすべて削除されます。残しておきたいデータは、先にダウンロードしておきましょう。',
    leaveLink: 'データをダウンロードする',
  },
} as const;
