import { describe, expect, it } from 'vitest';
import {
  eventStatus,
  formatEventPeriod,
  formatEventStart,
  formatJapanDate,
  formatJapanDateTime,
  formatJapanDay,
  isJapanLocalDateTime,
  isoToJapanLocal,
  japanLocalToEpoch,
  japanLocalToIso,
} from './japan-time';

describe('formatEventPeriod', () => {
  it('shows a one-day event with one date and two times', () => {
    expect(formatEventPeriod('2026-05-01T10:00:00+09:00', '2026-05-01T18:00:00+09:00')).toBe(
      '2026年5月1日(金) 10:00〜18:00',
    );
  });

  it('converts UTC instants to Japan time', () => {
    // 01:00Z is 10:00 in Japan; 14:30Z on 30 April is 23:30 in Japan the same day.
    expect(formatEventPeriod('2026-05-01T01:00:00Z', '2026-05-01T09:00:00.000Z')).toBe(
      '2026年5月1日(金) 10:00〜18:00',
    );
    expect(formatJapanDateTime('2026-04-30T14:30:00Z')).toBe('2026年4月30日(木) 23:30');
    expect(formatJapanDate('2026-04-30T15:30:00Z')).toBe('2026年5月1日(金)');
  });

  it('adds the end date when the event spans days, and the year when it spans years', () => {
    expect(formatEventPeriod('2026-05-01T10:00:00+09:00', '2026-05-03T18:00:00+09:00')).toBe(
      '2026年5月1日(金) 10:00〜5月3日(日) 18:00',
    );
    expect(formatEventPeriod('2026-12-31T22:00:00+09:00', '2027-01-01T02:00:00+09:00')).toBe(
      '2026年12月31日(木) 22:00〜2027年1月1日(金) 02:00',
    );
  });

  it('pads hours so that times line up', () => {
    expect(formatEventPeriod('2026-05-01T09:05:00+09:00', '2026-05-01T09:30:00+09:00')).toBe(
      '2026年5月1日(金) 09:05〜09:30',
    );
  });

  it('copes with a missing end or start', () => {
    expect(formatEventPeriod('2026-05-01T10:00:00+09:00', null)).toBe('2026年5月1日(金) 10:00〜');
    expect(formatEventPeriod(null, '2026-05-01T10:00:00+09:00')).toBe('');
    expect(formatEventPeriod('not a date', null)).toBe('');
  });
});

describe('eventStatus', () => {
  const start = '2026-05-01T10:00:00+09:00';
  const end = '2026-05-01T18:00:00+09:00';

  it('is upcoming before the start, ongoing until the end and ended after it', () => {
    expect(eventStatus(start, end, new Date('2026-05-01T09:59:59+09:00'))).toBe('upcoming');
    expect(eventStatus(start, end, new Date('2026-05-01T10:00:00+09:00'))).toBe('ongoing');
    expect(eventStatus(start, end, new Date('2026-05-01T17:59:59+09:00'))).toBe('ongoing');
    expect(eventStatus(start, end, new Date('2026-05-01T18:00:00+09:00'))).toBe('ended');
  });

  it('lets an event without an end run to the end of its day in Japan', () => {
    expect(eventStatus(start, null, new Date('2026-05-01T23:59:00+09:00'))).toBe('ongoing');
    expect(eventStatus(start, null, new Date('2026-05-02T00:00:00+09:00'))).toBe('ended');
  });

  it('has no status without a start', () => {
    expect(eventStatus(null, end)).toBeNull();
  });
});

describe('formatEventStart and formatJapanDay', () => {
  it('formats in Japan time whatever the offset given', () => {
    expect(formatEventStart('2026-05-01T01:00:00Z')).toBe('2026年5月1日(金) 10:00〜');
    expect(formatEventStart('2026-04-30T23:05:00+09:00')).toBe('2026年4月30日(木) 23:05〜');
    expect(formatJapanDay('2026-04-30T15:00:00Z')).toBe('2026年5月1日');
    expect(formatEventStart(null)).toBe('');
    expect(formatJapanDay('not a date')).toBe('');
  });
});

describe('japanLocalToIso', () => {
  it('reads a datetime-local value as Japan time', () => {
    expect(japanLocalToIso('2026-05-01T10:00')).toBe('2026-05-01T10:00:00+09:00');
    expect(japanLocalToIso('2026-12-31T23:59:30')).toBe('2026-12-31T23:59:30+09:00');
  });

  it('refuses values that are not a real date and time', () => {
    expect(japanLocalToIso('')).toBeNull();
    expect(japanLocalToIso('2026-02-30T10:00')).toBeNull();
    expect(japanLocalToIso('2026-05-01T24:00')).toBeNull();
    expect(japanLocalToIso('2026/05/01 10:00')).toBeNull();
    expect(isJapanLocalDateTime('2028-02-29T00:00')).toBe(true);
  });
});

describe('isoToJapanLocal', () => {
  it('shows any instant as Japan time, whatever the offset it came with', () => {
    expect(isoToJapanLocal('2026-05-01T01:00:00.000Z')).toBe('2026-05-01T10:00');
    expect(isoToJapanLocal('2026-05-01T10:00:00+09:00')).toBe('2026-05-01T10:00');
    expect(isoToJapanLocal('2026-04-30T20:30:00-05:00')).toBe('2026-05-01T10:30');
  });

  it('crosses the date line into the next day in Japan', () => {
    expect(isoToJapanLocal('2026-12-31T16:00:00Z')).toBe('2027-01-01T01:00');
  });

  it('gives an empty field for no or bad values', () => {
    expect(isoToJapanLocal(null)).toBe('');
    expect(isoToJapanLocal('yesterday')).toBe('');
  });

  it('round-trips through the wire format', () => {
    const local = '2026-08-15T18:45';
    expect(isoToJapanLocal(japanLocalToIso(local))).toBe(local);
  });
});

describe('japanLocalToEpoch', () => {
  it('is the instant, independent of the device time zone', () => {
    expect(japanLocalToEpoch('2026-05-01T09:00')).toBe(Date.parse('2026-05-01T00:00:00Z'));
    expect(japanLocalToEpoch('nope')).toBeNull();
  });
});

describe('formatJapanDateTime against the platform', () => {
  it("reads every instant as the browser's Asia/Tokyo formatter does", () => {
    const reference = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // Every 29 h 13 min from 1990 to 2040 (a fixed walk, no randomness): every hour of the
    // day, every weekday, month ends and leap days come round.
    const step = (29 * 60 + 13) * 60_000;
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2040, 0, 1); t += step) {
      const parts = Object.fromEntries(
        reference.formatToParts(new Date(t)).map((part) => [part.type, part.value]),
      );
      const expected = `${parts.year}年${parts.month}月${parts.day}日(${parts.weekday}) ${parts.hour}:${parts.minute}`;
      expect(formatJapanDateTime(new Date(t).toISOString())).toBe(expected);
    }
  });
});
