import { mediumImageWidth, type ImageSize } from '@ekispot/shared';
import { buildApiUrl } from './api-client';

/**
 * An uploaded image (post photo or avatar): `/api/v2/image/{id}?size=thumb|medium|full`
 * (docs/product-rules.md#calls-and-their-names, docs/posts.md#photo-sizes).
 */
export function imageUrl(imageId: string, size: ImageSize): string {
  return buildApiUrl(`/image/${encodeURIComponent(imageId)}`, { size });
}

/**
 * A photo's sizes for `srcset`, each with its width: the thumbnail, the middle size where the
 * photo is larger than it, and the display image. The browser takes the smallest that fills
 * the `sizes` it is given at the screen's pixel density.
 */
export function photoSrcSet(image: {
  id: string;
  width: number;
  height: number;
  thumbWidth: number;
}): string {
  const medium = mediumImageWidth(image);
  return [
    `${imageUrl(image.id, 'thumb')} ${image.thumbWidth}w`,
    ...(medium === null ? [] : [`${imageUrl(image.id, 'medium')} ${medium}w`]),
    `${imageUrl(image.id, 'full')} ${image.width}w`,
  ].join(', ');
}
