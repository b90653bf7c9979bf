import { describe, expect, it } from 'vitest';
import { STAMP_MESSAGES } from './stamps.js';

describe('the too-far refusal', () => {
  it('says metres below a kilometre and kilometres above', () => {
    expect(STAMP_MESSAGES.tooFar(501)).toBe(
      '駅から約501m離れています。駅の500m以内でスタンプを押してください。',
    );
    expect(STAMP_MESSAGES.tooFar(2_345)).toContain('駅から約2.3km離れています。');
    expect(STAMP_MESSAGES.tooFar(6_012)).toContain('駅から約6.0km離れています。');
    expect(STAMP_MESSAGES.tooFar(402_865)).toContain('駅から約403km離れています。');
    expect(STAMP_MESSAGES.tooFar(1_234_567)).toContain('駅から約1,235km離れています。');
  });
});
