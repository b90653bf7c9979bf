/** Query keys of rides (docs/rides.md): all under one root, dropped together after a write. */
export const RIDE_KEYS_ROOT = ['rides'] as const;

export const rideKeys = {
  summary: () => [...RIDE_KEYS_ROOT, 'summary'] as const,
  list: () => [...RIDE_KEYS_ROOT, 'list'] as const,
  line: (lineId: number) => [...RIDE_KEYS_ROOT, 'line', lineId] as const,
  map: () => [...RIDE_KEYS_ROOT, 'map'] as const,
  settings: () => [...RIDE_KEYS_ROOT, 'settings'] as const,
};
