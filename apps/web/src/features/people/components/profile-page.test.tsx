import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPageDataLoading, usePageDataLoading } from '../../../lib/page-loading';
import { renderWithApp } from '../../../test/render-with-app';
import { ProfilePage } from './profile-page';

const USER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000a1';

beforeEach(() => {
  // The profile never answers within the test: the page stays at its first load.
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ProfilePage', () => {
  it('keeps the global loading bar up while the profile header loads', async () => {
    const bar = renderHook(() => usePageDataLoading());
    renderWithApp(<ProfilePage userId={USER_ID} tab="stamps" viewerId={null} stampBook={null} />);
    await waitFor(() => expect(bar.result.current).toBe(true));
    cleanup();
    expect(isPageDataLoading()).toBe(false);
  });
});
