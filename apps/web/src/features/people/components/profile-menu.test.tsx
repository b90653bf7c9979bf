import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportTarget } from '../../../lib/report-target';
import { renderWithApp } from '../../../test/render-with-app';
import type { ProfileView } from '../api/get-profile';
import { ProfileMenu } from './profile-menu';

const USER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000a1';
const VIEWER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000b2';

const PROFILE: ProfileView = {
  id: USER_ID,
  name: '駅舎スケッチの葵',
  bio: '',
  avatar: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  postCount: 2,
  followerCount: 5,
  followingCount: 1,
  stampCount: 0,
  listCount: 0,
  actionsPublic: true,
  followedByMe: false,
  followsMe: false,
  blockedByMe: false,
  mutedByMe: false,
};

async function openMenu(viewerId: string | null) {
  const onReport = vi.fn<(target: ReportTarget) => void>();
  renderWithApp(
    <ProfileMenu profile={PROFILE} viewerId={viewerId} notify={vi.fn()} onReport={onReport} />,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'その他の操作' }));
  return { user, onReport, menu: await screen.findByRole('menu') };
}

describe('ProfileMenu', () => {
  it('lets another member report the member', async () => {
    const { user, onReport, menu } = await openMenu(VIEWER_ID);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'ブロック',
      'ミュート',
      'プロフィールのリンクをコピー',
      '報告する',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: '報告する' }));
    expect(onReport).toHaveBeenCalledWith({ kind: 'user', id: USER_ID });
  });

  it.each([
    ['on one’s own profile', USER_ID],
    ['to a visitor', null],
  ])('offers no 「報告する」 %s', async (_where, viewerId) => {
    const { menu } = await openMenu(viewerId);
    expect(
      within(menu).getByRole('menuitem', { name: 'プロフィールのリンクをコピー' }),
    ).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: '報告する' })).toBeNull();
  });
});
