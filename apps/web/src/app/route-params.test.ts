import { describe, expect, it } from 'vitest';
import { areRouteParamsValid } from './route-params';

describe('areRouteParamsValid', () => {
  it('accepts positive integer station group ids only', () => {
    const rules = { stationGroupId: 'stationGroupId' } as const;
    expect(areRouteParamsValid(rules, { stationGroupId: '1130101' })).toBe(true);
    for (const bad of ['0', '-1', '1.5', 'abc', '01', '1e3', '99999999999']) {
      expect(areRouteParamsValid(rules, { stationGroupId: bad }), bad).toBe(false);
    }
  });

  it('accepts UUIDs only for ids', () => {
    const rules = { postId: 'uuid' } as const;
    expect(areRouteParamsValid(rules, { postId: '01936f2e-8b9c-7d3a-9c1e-0123456789ab' })).toBe(
      true,
    );
    expect(areRouteParamsValid(rules, { postId: 'nope' })).toBe(false);
    expect(areRouteParamsValid(rules, {})).toBe(false);
  });

  it('passes routes without rules', () => {
    expect(areRouteParamsValid(undefined, {})).toBe(true);
  });
});
