/** Texts of the ranking pages. */
export const rankingsMessages = {
  rankings: {
    impact: { title: '影響度数ランキング', short: '影響度数' },
    posts: { title: '投稿数ランキング', short: '投稿数' },
    boards: 'ランキングの種類',
    periods: '期間',
    formula: '計算方法',
    rank: '順位',
    member: 'メンバー',
    score: 'スコア',
    change: '前期間比',
    rankLabel: (rank: number) => `${rank}位`,
    changeLabel: (change: number | null) =>
      change === null ? '—' : change > 0 ? `+${change}` : change === 0 ? '±0' : `${change}`,
    since: (date: string) => `${date}から`,
    you: 'あなた',
    yourRow: 'あなたの順位',
    podium: '上位3人',
    empty: 'この期間のランキングはまだありません。',
    more: 'もっと見る',
    loadFailed: 'ランキングを読み込めませんでした。',
    retry: '再読み込み',
  },
} as const;
