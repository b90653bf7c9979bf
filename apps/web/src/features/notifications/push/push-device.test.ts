import { describe, expect, it } from 'vitest';
import { isIos, pushStateOf, type PushFacts } from './push-device';

const able: PushFacts = {
  ios: false,
  standalone: false,
  hasPushManager: true,
  hasNotification: true,
  hasServiceWorker: true,
  permission: 'default',
  subscribed: false,
};

describe('pushStateOf', () => {
  it('tells each honest state apart', () => {
    expect(pushStateOf(able)).toBe('off');
    expect(pushStateOf({ ...able, permission: 'granted', subscribed: true })).toBe('on');
    expect(pushStateOf({ ...able, permission: 'denied' })).toBe('denied');
    expect(pushStateOf({ ...able, hasServiceWorker: false })).toBe('no-service-worker');
    expect(pushStateOf({ ...able, hasPushManager: false })).toBe('unsupported');
    // iOS Safari offers push only to the app on the home screen.
    expect(pushStateOf({ ...able, ios: true, hasPushManager: false })).toBe('ios-home-screen');
    expect(pushStateOf({ ...able, ios: true, standalone: true })).toBe('off');
  });

  it('knows iPads that say they are Macs', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15';
    expect(isIos(mac, 5)).toBe(true);
    expect(isIos(mac, 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)', 5)).toBe(true);
  });
});
