import { describe, expect, it } from 'vitest';
import { formatResultLines, formatResultName } from './search-result';

describe('formatResultName', () => {
  it('shows the group name alone when it matched', () => {
    expect(formatResultName({ name: '新宿', matchedName: '新宿' })).toBe('新宿');
  });

  it('shows a member station’s name with its group in brackets', () => {
    expect(formatResultName({ name: '大阪', matchedName: '大阪梅田' })).toBe('大阪梅田（大阪）');
  });
});

describe('formatResultLines', () => {
  it('lists the lines given and counts the rest', () => {
    expect(formatResultLines([{ name: 'JR山手線' }, { name: '小田急線' }], 14)).toBe(
      'JR山手線、小田急線 ほか 12 路線',
    );
    expect(formatResultLines([{ name: '都営大江戸線' }], 1)).toBe('都営大江戸線');
  });
});
