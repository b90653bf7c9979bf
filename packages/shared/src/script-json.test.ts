import { describe, expect, it } from 'vitest';
import { jsonForScript } from './script-json.js';

describe('jsonForScript', () => {
  it('leaves nothing that could end the script element or open a comment', () => {
    const value = {
      name: '</script><script>alert(1)</script>',
      note: '<!-- & -->',
      sep: '\u2028\u2029',
    };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('writes plain values as JSON.stringify does', () => {
    const value = { '@type': 'TrainStation', name: '東京駅', geo: { latitude: 35.68 } };
    expect(jsonForScript(value)).toBe(JSON.stringify(value));
  });
});
