import { formatCount } from '../../lib/format-count';
/** Texts of station stamps: the button on the station page and the stamp book. */
export const stampsMessages = {
  stamps: {
    press: 'スタンプを押す',
    pressing: '現在地を確認しています…',
    collectedOn: (date: string) => `${date}に押しました`,
    /** A stamp brought in from an archive, never checked at the station (docs/archive.md). */
    recordOnly: '記録のみ',
    collected: (name: string) => `${name}駅のスタンプを押しました！`,
    failed: 'スタンプを押せませんでした。もう一度お試しください。',
    count: (count: number) => `スタンプ ${formatCount(count)}人`,
    howItWorks:
      '駅の500m以内で、位置情報の精度が200m以内のときに押せます。現在地は判定にだけ使い、保存しません。',
    imageAlt: (name: string) => `${name}駅のスタンプ`,
    moment: {
      locatingTitle: 'スタンプを押しています',
      doneTitle: 'スタンプを押しました！',
      failedTitle: 'スタンプを押せませんでした',
      nth: (count: number) => `あなたの${formatCount(count)}駅目のスタンプです`,
      firstHere: 'この駅で最初のスタンプ',
      close: '閉じる',
      retry: 'もう一度試す',
    },
    book: {
      title: 'スタンプ帳',
      empty: 'スタンプはまだありません。駅のページで「スタンプを押す」を押してみましょう。',
      more: 'もっと見る',
      loadFailed: 'スタンプを読み込めませんでした。',
      retry: '再読み込み',
      hiddenBlocked: 'このスタンプ帳は表示できません。',
    },
    completion: {
      title: '収集状況',
      overall: (stamped: number, total: number) =>
        `全国 ${formatCount(stamped)} / ${formatCount(total)}駅`,
      mapLabel: (stamped: number, prefectures: number) =>
        `都道府県ごとの収集率の地図：${prefectures}都道府県で合計${stamped}駅のスタンプ`,
      legend: '凡例（駅の収集率）',
      legendNone: 'なし',
      showTable: '都道府県ごとの表を見る',
      tableCaption: '都道府県ごとの収集状況',
      prefecture: '都道府県',
      stamped: '押した駅',
      total: '駅の数',
      share: '収集率',
      percent: (share: number) => `${share.toFixed(1)}%`,
      lines: '路線ごとの収集状況',
      noLines: 'まだどの路線のスタンプもありません。',
      lineProgress: (name: string, stamped: number, total: number) => `${name} ${stamped}/${total}`,
    },
  },
} as const;
