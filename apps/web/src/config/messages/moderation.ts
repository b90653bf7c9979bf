import { MODERATION_ACTION_LABELS, REPORT_TARGET_LABELS } from '@ekispot/shared';
import type { ModerationActionKind, ModerationItemState, ReportTargetKind } from '@ekispot/shared';

const MODERATION_STATE_LABELS: Record<ModerationItemState, string> = {
  visible: '表示中',
  hidden: '非表示',
  removed: '削除済み',
  suspended: '停止中',
};

/**
 * Texts of the moderators' pages (docs/moderation.md): the queue of reports and takedown
 * requests, the action dialog and the audit log. The actions' and reasons' labels come from
 * packages/shared; the messages after an action come from the API.
 */
export const moderationMessages = {
  moderation: {
    menuItem: 'モデレーション',
    logLink: '対応の記録',
    queueLink: '対応待ちの一覧',
    tabs: '対応待ちの種類',
    reportsTab: '報告',
    takedownsTab: '削除の申し出',
    tabCount: (label: string, count: number) => `${label}（${count}）`,
    loading: '対応待ちを読み込み中…',
    loadFailed: '対応待ちを読み込めませんでした。',
    retry: '再読み込み',
    emptyReports: '未対応の報告はありません。',
    emptyTakedowns: '未対応の削除の申し出はありません。',
    kind: (kind: ReportTargetKind) => REPORT_TARGET_LABELS[kind],
    state: (state: ModerationItemState) => MODERATION_STATE_LABELS[state],
    stateLabel: (state: ModerationItemState) => `状態：${MODERATION_STATE_LABELS[state]}`,
    waiting: (days: number) => `${days}日経過`,
    overdue: '期限超過',
    reportCount: (count: number) => `報告 ${count}件`,
    untitled: '（本文のみ）',
    open: '開く',
    gone: '削除済みのため開けません',
    author: (kind: ReportTargetKind) => (kind === 'user' ? 'メンバー' : '投稿者'),
    leftMember: '退会したメンバー',
    history: (reports: number, actions: number) => `過去の報告 ${reports}件・対応 ${actions}件`,
    suspendedUntil: (date: string) => `停止中（${date}まで）`,
    suspendedForGood: '停止中（無期限）',
    reasons: '報告の理由',
    reasonCount: (label: string, count: number) => `${label} ${count}件`,
    firstReported: '最初の報告',
    lastReported: '最新の報告',
    actions: (what: string) => `${what}への対応`,
    /** The buttons: the shared labels, but 元に戻す says what it undoes. */
    action: (action: ModerationActionKind, kind: ReportTargetKind) =>
      action === 'restore'
        ? kind === 'user'
          ? '停止を解除する'
          : '再表示する'
        : action === 'warn' && kind === 'user'
          ? 'メンバーに警告する'
          : MODERATION_ACTION_LABELS[action],
    takedown: {
      url: '対象のURL',
      relationship: '申し出た人',
      reason: '理由',
      details: '申し出の内容',
      requester: '連絡先',
      anonymous: '（お名前なし）',
      confirmedAt: '受付',
      receiptNumber: '受付番号',
      target: (kind: ReportTargetKind) => `対象の${REPORT_TARGET_LABELS[kind]}`,
      noTarget:
        '対象を特定できませんでした。URLを確かめて、必要な対応を個別に行ってください（この申し出はここからは閉じられません）。',
    },
    dialog: {
      target: (kind: ReportTargetKind, summary: string) =>
        `対象の${REPORT_TARGET_LABELS[kind]}：${summary}`,
      reason: '理由',
      toAuthor: '理由は記録に残り、相手にも伝えられます。',
      recordOnly: '理由は記録に残ります（相手には伝えられません）。',
      days: '停止する日数',
      daysUnit: '日',
      indefinite: '無期限に停止する',
      daysRequired: '停止する日数を入力するか、無期限を選んでください。',
      cancel: 'キャンセル',
      submitting: '送信しています…',
    },
    log: {
      loading: '対応の記録を読み込み中…',
      loadFailed: '対応の記録を読み込めませんでした。',
      retry: '再読み込み',
      more: 'もっと見る',
      loadingMore: '読み込み中…',
      empty: 'まだ対応の記録はありません。',
      label: '対応の記録',
      moderator: '対応者',
      target: (kind: ReportTargetKind) => REPORT_TARGET_LABELS[kind],
      owner: '投稿者',
      reason: '理由',
      suspendedUntil: '停止期限',
      until: (date: string) => `${date}まで`,
      forGood: '無期限',
      reportsClosed: (count: number) => `閉じた報告 ${count}件`,
    },
  },
  /** What members see of the moderators' decisions on their own items. */
  moderated: {
    team: '運営チーム',
    /** A notice whose details did not come (the shared sentence names them otherwise). */
    fallback: '運営チームからのお知らせがあります。',
    hidden: (kind: 'post' | 'comment' | 'list') =>
      `この${REPORT_TARGET_LABELS[kind]}は運営により非表示にされています。あなた以外には表示されません。`,
  },
} as const;
