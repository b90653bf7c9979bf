import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-with-app';
import { ShareButton } from './share-button';
import { answerMediaQueries, forgetMediaQueries } from '../../test/media-queries';

const TEXT = '東京駅のスタンプを押しました #えきスポ';
const PATH = '/station/1130101';

/** A phone (coarse pointer) or a desktop, and the browser's share function if it has one. */
function useDevice({
  coarse,
  share,
}: {
  coarse: boolean;
  share?: (data: unknown) => Promise<void>;
}) {
  answerMediaQueries((query) => coarse && query === '(pointer: coarse)');
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
}

afterEach(() => {
  forgetMediaQueries();
  Reflect.deleteProperty(navigator, 'share');
});

function renderShare(onNotice?: (message: string) => void) {
  renderWithApp(<ShareButton title="東京駅" text={TEXT} path={PATH} onNotice={onNotice} />);
  return userEvent.setup();
}

const pageUrl = `${window.location.origin}${PATH}`;

describe('ShareButton', () => {
  it('opens the system share sheet on a phone that has one, with title, text and address', async () => {
    const share = vi.fn<(data: unknown) => Promise<void>>().mockResolvedValue(undefined);
    useDevice({ coarse: true, share });
    const user = renderShare();
    await user.click(screen.getByRole('button', { name: '共有' }));
    expect(share).toHaveBeenCalledWith({ title: '東京駅', text: TEXT, url: pageUrl });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('says nothing and opens nothing when the person closes the sheet', async () => {
    const share = vi
      .fn<(data: unknown) => Promise<void>>()
      .mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    const onNotice = vi.fn<(message: string) => void>();
    useDevice({ coarse: true, share });
    const user = renderShare(onNotice);
    await user.click(screen.getByRole('button', { name: '共有' }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onNotice).not.toHaveBeenCalled();
  });

  it('falls back to the menu when the sheet fails otherwise', async () => {
    const share = vi
      .fn<(data: unknown) => Promise<void>>()
      .mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    useDevice({ coarse: true, share });
    const user = renderShare();
    await user.click(screen.getByRole('button', { name: '共有' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(3);
  });

  it('offers copy, LINE and X on a desktop, with the address and text encoded', async () => {
    const share = vi.fn<(data: unknown) => Promise<void>>();
    useDevice({ coarse: false, share });
    const user = renderShare();
    await user.click(screen.getByRole('button', { name: '共有' }));
    expect(share).not.toHaveBeenCalled();
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    // The service marks are hidden from assistive technology; the labels are what is read.
    const labels = items.map((item) => item.querySelector('.MuiListItemText-root')?.textContent);
    expect(labels).toEqual(['リンクをコピー', 'LINEで送る', 'Xでポスト']);
    const line = within(menu).getByRole('menuitem', { name: 'LINEで送る' });
    const x = within(menu).getByRole('menuitem', { name: 'Xでポスト' });
    expect(line.getAttribute('href')).toBe(
      `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(pageUrl)}`,
    );
    const intent = new URL(x.getAttribute('href') ?? '');
    expect(intent.origin + intent.pathname).toBe('https://x.com/intent/post');
    expect(intent.searchParams.get('text')).toBe(TEXT);
    expect(intent.searchParams.get('url')).toBe(pageUrl);
    // '#' would start the fragment and cut the text off if it were not encoded.
    expect(x.getAttribute('href')).toContain('%23');
    for (const link of [line, x]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('copies the address with the keyboard and announces it', async () => {
    useDevice({ coarse: false });
    const user = renderShare();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    screen.getByRole('button', { name: '共有' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'リンクをコピー' })).toBe(
      document.activeElement,
    );
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith(pageUrl);
    expect((await screen.findByRole('alert')).textContent).toBe('リンクをコピーしました');
  });

  it('says so when the address cannot be copied', async () => {
    useDevice({ coarse: false });
    const onNotice = vi.fn<(message: string) => void>();
    const user = renderShare(onNotice);
    const writeText = vi.fn<(text: string) => Promise<void>>().mockRejectedValue(new Error('no'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: '共有' }));
    await user.click(await screen.findByRole('menuitem', { name: 'リンクをコピー' }));
    expect(onNotice).toHaveBeenCalledWith('リンクをコピーできませんでした。');
  });
});
