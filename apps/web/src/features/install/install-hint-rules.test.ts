import { beforeEach, describe, expect, it } from 'vitest';
import {
  chooseInstallHint,
  INSTALL_HINT_DISMISSED_STORAGE_KEY,
  isInstallHintDismissed,
  isIosWithShareMenu,
  PHONE_MEDIA_QUERY,
  recordVisit,
  rememberInstallHintDismissed,
  storageOrNull,
  VISIT_COUNTED_STORAGE_KEY,
  VISITS_STORAGE_KEY,
  type InstallHintSituation,
} from './install-hint-rules';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPHONE_LINE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0';
const IPAD_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A second visit on a phone, in a browser with an install prompt, nothing closed yet. */
const SECOND_VISIT: InstallHintSituation = {
  visits: 2,
  dismissed: false,
  phone: true,
  standalone: false,
  canPrompt: true,
  ios: false,
};

/** A new browser session: its sessionStorage starts empty, localStorage stays. */
function newSession() {
  window.sessionStorage.clear();
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('recordVisit', () => {
  it('counts a visit once however often it is asked in the same session', () => {
    expect(recordVisit(window.localStorage, window.sessionStorage)).toBe(1);
    expect(recordVisit(window.localStorage, window.sessionStorage)).toBe(1);
    expect(window.localStorage.getItem(VISITS_STORAGE_KEY)).toBe('1');
    expect(window.sessionStorage.getItem(VISIT_COUNTED_STORAGE_KEY)).toBe('1');
  });

  it('counts each new session as the next visit', () => {
    recordVisit(window.localStorage, window.sessionStorage);
    newSession();
    expect(recordVisit(window.localStorage, window.sessionStorage)).toBe(2);
    newSession();
    expect(recordVisit(window.localStorage, window.sessionStorage)).toBe(3);
  });

  it('starts again from a count it cannot read', () => {
    window.localStorage.setItem(VISITS_STORAGE_KEY, 'many');
    expect(recordVisit(window.localStorage, window.sessionStorage)).toBe(1);
  });

  it('counts nothing where the browser keeps nothing', () => {
    expect(recordVisit(null, null)).toBe(0);
  });

  it('does not count a visit it could not write', () => {
    window.localStorage.setItem(VISITS_STORAGE_KEY, '1');
    const full: Storage = {
      length: 1,
      key: () => VISITS_STORAGE_KEY,
      getItem: (key) => window.localStorage.getItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
      clear: () => undefined,
    };
    expect(recordVisit(full, window.sessionStorage)).toBe(1);
    expect(window.sessionStorage.getItem(VISIT_COUNTED_STORAGE_KEY)).toBeNull();
  });
});

describe('dismissal', () => {
  it('is remembered across sessions', () => {
    expect(isInstallHintDismissed(window.localStorage)).toBe(false);
    rememberInstallHintDismissed(window.localStorage, new Date('2026-11-26T00:00:00Z'));
    newSession();
    expect(isInstallHintDismissed(window.localStorage)).toBe(true);
    expect(window.localStorage.getItem(INSTALL_HINT_DISMISSED_STORAGE_KEY)).toBe(
      '2026-11-26T00:00:00.000Z',
    );
  });

  it('reads as not dismissed without storage', () => {
    expect(isInstallHintDismissed(null)).toBe(false);
    expect(() => rememberInstallHintDismissed(null)).not.toThrow();
  });
});

describe('chooseInstallHint', () => {
  it('offers the install prompt on a phone from the second visit', () => {
    expect(chooseInstallHint({ ...SECOND_VISIT, visits: 1 })).toBeNull();
    expect(chooseInstallHint(SECOND_VISIT)).toBe('prompt');
    expect(chooseInstallHint({ ...SECOND_VISIT, visits: 7 })).toBe('prompt');
  });

  it('tells iOS where to add the app, having no prompt there', () => {
    expect(chooseInstallHint({ ...SECOND_VISIT, canPrompt: false, ios: true })).toBe('ios');
  });

  it('says nothing where there is no way to add the app', () => {
    expect(chooseInstallHint({ ...SECOND_VISIT, canPrompt: false, ios: false })).toBeNull();
  });

  it('never shows once closed, inside the installed app, or off a phone', () => {
    expect(chooseInstallHint({ ...SECOND_VISIT, dismissed: true })).toBeNull();
    expect(chooseInstallHint({ ...SECOND_VISIT, standalone: true })).toBeNull();
    expect(chooseInstallHint({ ...SECOND_VISIT, phone: false })).toBeNull();
    expect(chooseInstallHint({ ...SECOND_VISIT, phone: false, ios: true })).toBeNull();
  });
});

describe('PHONE_MEDIA_QUERY', () => {
  it('is the mobile layout with a finger as the pointer', () => {
    expect(PHONE_MEDIA_QUERY).toBe('@media (max-width:1279.95px) and (pointer: coarse)');
  });
});

describe('isIosWithShareMenu', () => {
  it('knows iPhone browsers with a share menu, and iPads that present as Macs', () => {
    expect(isIosWithShareMenu(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosWithShareMenu(IPHONE_CHROME, 5)).toBe(true);
    expect(isIosWithShareMenu(IPAD_SAFARI, 5)).toBe(true);
  });

  it('leaves out in-app browsers, Macs and Android', () => {
    expect(isIosWithShareMenu(IPHONE_LINE, 5)).toBe(false);
    expect(isIosWithShareMenu(IPAD_SAFARI, 0)).toBe(false);
    expect(isIosWithShareMenu(ANDROID_CHROME, 5)).toBe(false);
  });
});

describe('storageOrNull', () => {
  it('answers null where reading the storage throws', () => {
    expect(
      storageOrNull(() => {
        throw new DOMException('denied', 'SecurityError');
      }),
    ).toBeNull();
    expect(storageOrNull(() => window.localStorage)).toBe(window.localStorage);
  });
});
