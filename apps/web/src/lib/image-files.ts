import { ACCEPTED_IMAGE_TYPES } from '@ekispot/shared';

const acceptedTypes: ReadonlySet<string> = new Set(ACCEPTED_IMAGE_TYPES);

/** What file pickers for photos and avatars offer. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/**
 * Whether the browser says the file is an image type the server takes (JPEG, PNG, WebP,
 * GIF, AVIF). The server checks the bytes again; this only spares a pointless upload.
 */
export function isAcceptedImageFile(file: File): boolean {
  return acceptedTypes.has(file.type);
}
