import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../features/auth/api/get-me';
import { createQueryClient } from '../lib/query-client';
import { memorySessionStore, setSessionRecordsForTests } from '../lib/session-record';
import { envelope } from '../test/api-response';
import { rereadForMember } from './server-state';

const member = {
  id: '0190f0aa-0000-7000-8000-000000000001',
  name: '花子',
  bio: '',
  avatar: null,
  created_at: '2026-11-01T00:00:00Z',
  email: 'hanako@example.jp',
  email_verified: true,
  mail_opt_in: false,
  is_moderator: false,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A promise with its resolve function: the end of hydration, as the test decides it. */
function hydration() {
  let end: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { ended, end };
}

/** One task later: every promise the finished call settles has run by then. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An answer that says when the client has read its body. */
function answer(data: unknown) {
  const response = envelope(200, { data, message: '' });
  let read: () => void = () => undefined;
  const bodyRead = new Promise<void>((resolve) => {
    read = resolve;
  });
  const text = response.text.bind(response);
  response.text = async () => {
    const body = await text();
    read();
    return body;
  };
  return { response, bodyRead };
}

describe('rereadForMember', () => {
  it('asks for the session at once and writes its answer only after hydration', async () => {
    const { response, bodyRead } = answer(member);
    fetchMock.mockResolvedValue(response);
    const queryClient = createQueryClient();
    const { ended, end } = hydration();

    rereadForMember(queryClient, ended);
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.fetchStatus).toBe('fetching');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v2/auth/me');

    // The answer is in, but hydration is not over: the cache still holds nothing.
    await bodyRead;
    await nextTask();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeUndefined();
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.fetchStatus).toBe('fetching');

    end();
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({ name: '花子' }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('holds a failed call back until hydration too, then leaves the page a visitor’s', async () => {
    // Nobody seen on this browser before (docs/pwa.md#whose-data): offline, a visitor.
    setSessionRecordsForTests(memorySessionStore());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const queryClient = createQueryClient();
    const { ended, end } = hydration();

    rereadForMember(queryClient, ended);
    // The call and its one retry have failed.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await nextTask();
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.status).toBe('pending');

    end();
    await vi.waitFor(() => expect(queryClient.getQueryState(ME_QUERY_KEY)?.status).toBe('success'));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
  });
});
