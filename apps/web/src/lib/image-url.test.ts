import { describe, expect, it } from 'vitest';
import { photoSrcSet } from './image-url';

const ID = '01936f2e-8b9c-7d3a-9c1e-00000000a001';
const url = (size: string) => `/api/v2/image/${ID}?size=${size}`;

describe('photoSrcSet', () => {
  it('offers the thumbnail, the middle size and the display image of a large photo, with their widths', () => {
    expect(photoSrcSet({ id: ID, width: 2048, height: 1536, thumbWidth: 480 })).toBe(
      `${url('thumb')} 480w, ${url('medium')} 1280w, ${url('full')} 2048w`,
    );
    // A tall photo's middle size is 1280 px high: its width is what srcset needs.
    expect(photoSrcSet({ id: ID, width: 1536, height: 2048, thumbWidth: 360 })).toBe(
      `${url('thumb')} 360w, ${url('medium')} 960w, ${url('full')} 1536w`,
    );
  });

  it('leaves the middle size out of a photo no larger than it', () => {
    expect(photoSrcSet({ id: ID, width: 1200, height: 800, thumbWidth: 480 })).toBe(
      `${url('thumb')} 480w, ${url('full')} 1200w`,
    );
  });
});
