import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import { decodeCursor, encodeCursor, toPage } from './page-cursor.js';

const key = { micros: '1714567890123456', id: '01890000-0000-7000-8000-000000000001' };

describe('page cursors', () => {
  it('round-trip as opaque base64url text', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it('refuse anything else with a 422 on cursor', () => {
    const forged = [
      'not base64!',
      Buffer.from('{"micros":"1"}').toString('base64url'),
      Buffer.from('["-1","01890000-0000-7000-8000-000000000001"]').toString('base64url'),
      Buffer.from('["1","not-a-uuid"]').toString('base64url'),
      Buffer.from('["1 or 1=1","01890000-0000-7000-8000-000000000001"]').toString('base64url'),
    ];
    for (const cursor of forged) {
      let caught: unknown = null;
      try {
        decodeCursor(cursor);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(HttpError);
      expect(caught instanceof HttpError && caught.fieldErrors).toHaveProperty('cursor');
    }
  });

  it('give a next cursor only when a further row was fetched', () => {
    const rows = [1, 2, 3].map((n) => ({ n, cursorKey: { ...key, micros: String(n) } }));
    expect(toPage(rows, 3).nextCursor).toBeNull();
    const page = toPage(rows, 2);
    expect(page.items.map((row) => row.n)).toEqual([1, 2]);
    expect(decodeCursor(page.nextCursor ?? '')).toEqual({ ...key, micros: '2' });
  });
});
