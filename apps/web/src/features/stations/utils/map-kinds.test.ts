import { describe, expect, it } from 'vitest';
import { readMapKinds, toggleMapKind, writeMapKinds } from './map-kinds';

describe('map kinds in the URL', () => {
  it('shows every kind without the parameter', () => {
    expect(readMapKinds('?lat=35&lng=139&z=10')).toEqual(['station', 'spot', 'event']);
  });

  it('reads the listed kinds in canonical order and ignores unknown ones', () => {
    expect(readMapKinds('?kinds=event,station,bogus')).toEqual(['station', 'event']);
    expect(readMapKinds('?kinds=')).toEqual([]);
  });

  it('writes only what differs from the default, keeping the view', () => {
    expect(writeMapKinds('?lat=35&z=10', ['spot', 'event'])).toBe('?lat=35&z=10&kinds=spot,event');
    expect(writeMapKinds('?lat=35&kinds=spot', ['station', 'spot', 'event'])).toBe('?lat=35');
    expect(writeMapKinds('', ['station', 'spot', 'event'])).toBe('');
    expect(writeMapKinds('', [])).toBe('?kinds=');
  });

  it('round-trips', () => {
    const search = writeMapKinds('?lat=35', ['event', 'station']);
    expect(readMapKinds(search)).toEqual(['station', 'event']);
  });

  it('toggles one kind', () => {
    expect(toggleMapKind(['station', 'spot', 'event'], 'spot')).toEqual(['station', 'event']);
    expect(toggleMapKind(['event'], 'station')).toEqual(['station', 'event']);
  });
});
