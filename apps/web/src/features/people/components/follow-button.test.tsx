import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithApp } from '../../../test/render-with-app';
import { useProfile } from '../api/get-profile';
import type { ProfileView } from '../api/get-profile';
import { peopleKeys } from '../api/query-keys';
import { FollowButton } from './follow-button';

const USER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000a1';
const VIEWER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000b2';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function envelope(status: number, data: unknown, message = ''): Response {
  return new Response(
    JSON.stringify({ data, message, status, success: status < 400, errors: null }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

function profile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
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
    ...overrides,
  };
}

function Harness({ viewerId, onError }: { viewerId: string | null; onError: () => void }) {
  const { data } = useProfile(USER_ID);
  if (!data) return null;
  return (
    <>
      <p>{`フォロワー ${data.followerCount}`}</p>
      <FollowButton
        userId={USER_ID}
        name={data.name}
        followedByMe={data.followedByMe}
        viewerId={viewerId}
        onError={onError}
      />
    </>
  );
}

function setup(viewerId: string | null, overrides: Partial<ProfileView> = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(peopleKeys.profile(USER_ID), profile(overrides));
  const onError = vi.fn();
  const rendered = renderWithApp(<Harness viewerId={viewerId} onError={onError} />, queryClient);
  return { ...rendered, onError, user: userEvent.setup() };
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('FollowButton', () => {
  it('follows at once, then keeps the count the server sends', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { user } = setup(VIEWER_ID);
    await user.click(screen.getByRole('button', { name: 'フォローする：駅舎スケッチの葵さん' }));

    const pressed = screen.getByRole('button', { name: /^フォロー中：/ });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('フォロワー 6')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/v2/users/${USER_ID}/follow`);
    expect(init?.method).toBe('POST');

    answer(envelope(200, { followed_by_me: true, follower_count: 8 }));
    expect(await screen.findByText('フォロワー 8')).toBeTruthy();
  });

  it('puts everything back and says why when the call fails', async () => {
    fetchMock.mockResolvedValueOnce(envelope(403, null, 'このユーザーとはやり取りできません。'));
    const { user, onError } = setup(VIEWER_ID);
    await user.click(screen.getByRole('button', { name: /^フォローする/ }));

    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith('このユーザーとはやり取りできません。'),
    );
    const button = screen.getByRole('button', { name: /^フォローする/ });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('フォロワー 5')).toBeTruthy();
  });

  it('unfollows with DELETE', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { followed_by_me: false, follower_count: 4 }));
    const { user } = setup(VIEWER_ID, { followedByMe: true });
    await user.click(screen.getByRole('button', { name: /^フォロー中/ }));
    expect(await screen.findByText('フォロワー 4')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('sends a visitor to log in first, to come back here', async () => {
    const { user, router } = setup(null);
    await user.click(screen.getByRole('button', { name: /^フォローする/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2F');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not shown on one’s own profile', () => {
    setup(USER_ID);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
