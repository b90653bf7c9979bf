import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INSTALL_HINT_DISMISSED_STORAGE_KEY,
  VISIT_COUNTED_STORAGE_KEY,
  VISITS_STORAGE_KEY,
} from '../install-hint-rules';
import { listenForInstallPrompt, resetInstallPrompt } from '../install-prompt';
import { useInstallHint } from '../use-install-hint';
import { InstallHint } from './install-hint';
import { answerMediaQueries, forgetMediaQueries } from '../../../test/media-queries';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const TITLE = 'えきスポをホーム画面に追加';

/** What the screen is: a touch screen, a home-screen app; the media queries are answered here. */
function setScreen({ phone = true, standalone = false } = {}) {
  answerMediaQueries(
    (query) =>
      (query.includes('pointer: coarse') && phone) ||
      (query.includes('display-mode: standalone') && standalone),
  );
}

/** The n-th visit begins: n - 1 were counted before, in sessions that have ended. */
function startVisit(n: number) {
  window.localStorage.setItem(VISITS_STORAGE_KEY, String(n - 1));
  window.sessionStorage.removeItem(VISIT_COUNTED_STORAGE_KEY);
}

/** Chromium offers its install prompt; `outcome` is what the member answers in it. */
function offerInstallPrompt(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const hint = () => screen.queryByRole('region', { name: TITLE });
/** The strip's code loads when it first shows (components/lazy-when-open.tsx). */
const shownHint = () => screen.findByRole('region', { name: TITLE });

function HintProbe() {
  return <output>{useInstallHint().kind ?? 'none'}</output>;
}

/**
 * Which hint the hook chooses, read at once: where there is none, the strip's code never loads,
 * so its absence from the page alone would prove nothing.
 */
function chosenHint(): string {
  const view = render(<HintProbe />);
  const kind = view.container.textContent ?? '';
  view.unmount();
  return kind;
}

let stopListening: () => void = () => undefined;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  setScreen();
  stopListening = listenForInstallPrompt(window);
});

afterEach(() => {
  stopListening();
  resetInstallPrompt();
  vi.restoreAllMocks();
  forgetMediaQueries();
  Reflect.deleteProperty(navigator, 'standalone');
});

describe('InstallHint', () => {
  it('waits for the second visit, counting a visit once however often it mounts', () => {
    startVisit(1);
    offerInstallPrompt();
    expect(chosenHint()).toBe('none');
    expect(chosenHint()).toBe('none');
    expect(window.localStorage.getItem(VISITS_STORAGE_KEY)).toBe('1');

    startVisit(2);
    expect(chosenHint()).toBe('prompt');
  });

  it('offers the browser install prompt on a phone from the second visit', async () => {
    startVisit(2);
    const prompt = offerInstallPrompt();
    expect(prompt.defaultPrevented).toBe(true);
    render(<InstallHint />);
    expect((await shownHint()).textContent).toContain('アプリのようにすぐ開けます。');
    // It never takes the focus from the page.
    expect(document.activeElement).toBe(document.body);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    });
    expect(prompt.prompt).toHaveBeenCalledTimes(1);
    expect(hint()).toBeNull();
    expect(window.localStorage.getItem(INSTALL_HINT_DISMISSED_STORAGE_KEY)).not.toBeNull();
  });

  it('does not come back when declined in the browser prompt', async () => {
    startVisit(3);
    offerInstallPrompt('dismissed');
    render(<InstallHint />);
    await shownHint();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    });
    expect(hint()).toBeNull();
    startVisit(4);
    offerInstallPrompt();
    expect(chosenHint()).toBe('none');
  });

  it('remembers being closed on later visits', async () => {
    startVisit(2);
    offerInstallPrompt();
    render(<InstallHint />);
    await shownHint();
    fireEvent.click(screen.getByRole('button', { name: 'ホーム画面への追加の案内を閉じる' }));
    expect(hint()).toBeNull();

    startVisit(3);
    expect(chosenHint()).toBe('none');
  });

  it('leaves once the app is installed from the browser menu', async () => {
    startVisit(2);
    offerInstallPrompt();
    render(<InstallHint />);
    await shownHint();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(hint()).toBeNull();
  });

  it('tells iOS, which has no prompt, where to find 「ホーム画面に追加」', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    startVisit(2);
    render(<InstallHint />);
    expect((await shownHint()).textContent).toContain(
      '共有ボタンをタップして、「ホーム画面に追加」を選んでください。',
    );
    expect(screen.queryByRole('button', { name: '追加する' })).toBeNull();
    expect(screen.getByRole('button', { name: 'ホーム画面への追加の案内を閉じる' })).toBeTruthy();
  });

  it('says nothing in a browser with neither a prompt nor a share menu', () => {
    startVisit(2);
    expect(chosenHint()).toBe('none');
  });

  it('never shows inside the installed app', () => {
    setScreen({ standalone: true });
    startVisit(2);
    offerInstallPrompt();
    expect(chosenHint()).toBe('none');
  });

  it('never shows in the installed app on iOS, which only sets navigator.standalone', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    startVisit(2);
    expect(chosenHint()).toBe('ios');
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    expect(chosenHint()).toBe('none');
  });

  it('never shows on a desktop screen', () => {
    setScreen({ phone: false });
    startVisit(5);
    offerInstallPrompt();
    expect(chosenHint()).toBe('none');
  });
});
