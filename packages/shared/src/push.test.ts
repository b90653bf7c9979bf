import { describe, expect, it } from 'vitest';
import {
  formatTimeOfDay,
  isQuietMinute,
  parseTimeOfDay,
  pushPreferencesSchema,
  pushSubscriptionBodySchema,
} from './push.js';

describe('quiet hours', () => {
  it('span midnight from 22:00 to 7:00, the end not included', () => {
    const [start, end] = [parseTimeOfDay('22:00'), parseTimeOfDay('07:00')];
    expect(isQuietMinute(parseTimeOfDay('23:59'), start, end)).toBe(true);
    expect(isQuietMinute(parseTimeOfDay('00:00'), start, end)).toBe(true);
    expect(isQuietMinute(parseTimeOfDay('06:59'), start, end)).toBe(true);
    expect(isQuietMinute(parseTimeOfDay('07:00'), start, end)).toBe(false);
    expect(isQuietMinute(parseTimeOfDay('21:59'), start, end)).toBe(false);
    // Within one day too.
    expect(isQuietMinute(parseTimeOfDay('13:00'), 12 * 60, 14 * 60)).toBe(true);
    expect(formatTimeOfDay(7 * 60 + 5)).toBe('07:05');
  });

  it('refuse a start equal to the end when on', () => {
    const same = { push_types: [], quiet_hours: { enabled: true, start: '07:00', end: '07:00' } };
    expect(pushPreferencesSchema.safeParse(same).success).toBe(false);
    expect(
      pushPreferencesSchema.safeParse({
        ...same,
        quiet_hours: { ...same.quiet_hours, enabled: false },
      }).success,
    ).toBe(true);
  });
});

describe('a subscription', () => {
  const p256dh = `B${'A'.repeat(86)}`;
  const auth = 'A'.repeat(22);
  it('takes the browser keys in base64url and nothing else', () => {
    const parse = (keys: object) =>
      pushSubscriptionBodySchema.safeParse({ endpoint: 'https://push.example/x', keys }).success;
    expect(parse({ p256dh, auth })).toBe(true);
    expect(parse({ p256dh: `C${'A'.repeat(86)}`, auth })).toBe(false);
    expect(parse({ p256dh, auth: 'A'.repeat(23) })).toBe(false);
    expect(parse({ p256dh: p256dh.replace('AA', '+/'), auth })).toBe(false);
  });
});
