import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../config/messages';
import { renderWithApp } from '../../../test/render-with-app';
import { StationSearchField } from './station-search-field';

beforeEach(() => {
  // The search's own calls are not what is tested here: every search finds nothing.
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            data: { items: [], lines: [] },
            message: '',
            status: 200,
            success: true,
            errors: null,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('StationSearchField', () => {
  it('is the labelled combobox from the start, and becomes the full search on focus with what was typed', async () => {
    renderWithApp(<StationSearchField onSelect={() => undefined} />);
    const first = screen.getByRole('combobox', { name: '駅を検索' });
    expect(first.getAttribute('aria-expanded')).toBe('false');

    const user = userEvent.setup();
    // Focus (as the Tab key gives it: a click would aim at the first field even after the
    // search took its place on hover), then key by key into whatever has the focus, as a person
    // types: the full search loads on focus and may take over between two keys, with the text so
    // far and the focus.
    act(() => first.focus());
    for (const key of '新宿') await user.keyboard(key);
    // The full search takes the place of the first field once loaded, with the text carried over.
    await waitFor(() => {
      const loaded = screen.getByRole('combobox', { name: '駅を検索' });
      expect(loaded).not.toBe(first);
      expect((loaded as HTMLInputElement).value).toBe('新宿');
    });
    const search = screen.getByRole('combobox', { name: '駅を検索' });
    expect(document.activeElement).toBe(search);
    // The next keys add to the text, and the loaded search answers (here: nothing found).
    await user.keyboard('三丁目');
    expect((search as HTMLInputElement).value).toBe('新宿三丁目');
    expect(await screen.findByText(messages.map.searchNoOptions)).toBeTruthy();
  });
});
