/** Queue items as the API sends them (snake_case), for the moderation feature's tests. */

export const POST_ID = '01936f2e-8b9c-7d3a-9c1e-00000000a001';
export const COMMENT_ID = '01936f2e-8b9c-7d3a-9c1e-00000000c001';
export const MEMBER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000d1';
export const AUTHOR_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000a1';
export const TAKEDOWN_ID = '01936f2e-8b9c-7d3a-9c1e-00000000e001';

export const OVERDUE_POST = {
  target: { kind: 'post', id: POST_ID },
  preview: {
    state: 'visible',
    title: '駅前の格安チケット',
    excerpt: 'こちらのサイトで激安チケットを販売中です',
    path: `/post/${POST_ID}`,
  },
  author: { id: AUTHOR_ID, name: '宣伝太郎' },
  author_history: { reports: 3, actions: 1, suspended: false, suspended_until: null },
  reports: 3,
  reasons: { spam: 2, inappropriate_image: 1 },
  first_reported_at: '2026-11-20T01:00:00.000Z',
  last_reported_at: '2026-11-28T03:30:00.000Z',
  waiting_days: 9,
  overdue: true,
};

export const HIDDEN_COMMENT = {
  target: { kind: 'comment', id: COMMENT_ID },
  preview: {
    state: 'hidden',
    title: '',
    excerpt: 'ばかじゃないの',
    path: `/post/${POST_ID}/comment/${COMMENT_ID}`,
  },
  author: { id: AUTHOR_ID, name: '宣伝太郎' },
  author_history: { reports: 3, actions: 1, suspended: false, suspended_until: null },
  reports: 1,
  reasons: { harassment: 1 },
  first_reported_at: '2026-11-27T01:00:00.000Z',
  last_reported_at: '2026-11-27T01:00:00.000Z',
  waiting_days: 2,
  overdue: false,
};

export const SUSPENDED_MEMBER = {
  target: { kind: 'user', id: MEMBER_ID },
  preview: { state: 'suspended', title: '荒らし花子', excerpt: '', path: `/profile/${MEMBER_ID}` },
  author: { id: MEMBER_ID, name: '荒らし花子' },
  author_history: {
    reports: 5,
    actions: 2,
    suspended: true,
    suspended_until: '2026-12-03T00:00:00.000Z',
  },
  reports: 2,
  reasons: { harassment: 2 },
  first_reported_at: '2026-11-29T01:00:00.000Z',
  last_reported_at: '2026-11-29T05:00:00.000Z',
  waiting_days: 0,
  overdue: false,
};

export const TAKEDOWN_WITH_TARGET = {
  id: TAKEDOWN_ID,
  receipt_number: 'K7MX-3RPA',
  url: `https://ekispot.jp/post/${POST_ID}`,
  target: { kind: 'post', id: POST_ID },
  relationship: 'self',
  reason: 'privacy',
  details: '私の顔が写っている写真です。削除してください。',
  name: '山田花子',
  email: 'hanako@example.jp',
  confirmed_at: '2026-11-21T01:00:00.000Z',
  waiting_days: 8,
  overdue: true,
};

export const TAKEDOWN_WITHOUT_TARGET = {
  ...TAKEDOWN_WITH_TARGET,
  id: '01936f2e-8b9c-7d3a-9c1e-00000000e002',
  receipt_number: 'HWC7-9NED',
  url: 'https://example.com/somewhere',
  target: null,
  relationship: 'rights_holder',
  reason: 'illegal',
  name: '',
  waiting_days: 1,
  overdue: false,
};

export const LOG_ENTRY = {
  id: '01936f2e-8b9c-7d3a-9c1e-00000000f001',
  action: 'suspend',
  target: { kind: 'user', id: MEMBER_ID },
  target_owner: { id: MEMBER_ID, name: '荒らし花子' },
  target_summary: '荒らし花子',
  moderator: { id: '01936f2e-8b9c-7d3a-9c1e-0000000000f1', name: '運営の駅長' },
  reason: '嫌がらせのコメントを繰り返しています',
  suspended_until: '2026-12-03T00:00:00.000Z',
  reports_closed: 2,
  created_at: '2026-11-26T01:00:00.000Z',
};
