import { describe, expect, it } from 'vitest';
import { priorityImagePreload } from './image-preload.js';

describe('priorityImagePreload', () => {
  it('announces the high-priority image with the same sizes the page offers', () => {
    const body =
      '<main><img src="/api/v2/image/a?size=thumb" alt="" loading="lazy">' +
      '<img class="x" src="/api/v2/image/b?size=full" srcset="/api/v2/image/b?size=thumb 480w, /api/v2/image/b?size=medium 1280w" sizes="(min-width: 900px) 852px, calc(100vw - 32px)" fetchpriority="high" width="2000" alt="駅舎&amp;ドーム"></main>';
    expect(priorityImagePreload(body)).toBe(
      '<link rel="preload" as="image" href="/api/v2/image/b?size=full"' +
        ' imagesrcset="/api/v2/image/b?size=thumb 480w, /api/v2/image/b?size=medium 1280w"' +
        ' imagesizes="(min-width: 900px) 852px, calc(100vw - 32px)" fetchpriority="high">',
    );
  });

  it('announces nothing for a page without one', () => {
    expect(priorityImagePreload('<main><img src="/a.png" alt=""></main>')).toBe('');
    expect(priorityImagePreload('<main><p>fetchpriority="high"</p></main>')).toBe('');
  });
});
