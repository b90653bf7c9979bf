import { HttpError } from './http-error.js';

/**
 * Admission for requests that carry uploads, before a byte of the body is read. Files go to
 * disk and images are decoded a few at a time (image-processing.ts), so memory stays bounded;
 * this bounds the rest: at most UPLOADS_IN_PROGRESS_MAX upload requests at once in this
 * process (503 with Retry-After beyond), and MEMBER_UPLOADS_MAX at once per member (429), so
 * one member cannot take every place. The hourly post limit counts posts, not arrivals; this
 * stops a burst arriving all at once.
 */

export const UPLOADS_IN_PROGRESS_MAX = 8;
export const MEMBER_UPLOADS_MAX = 2;
export const UPLOAD_RETRY_AFTER_SECONDS = 10;

export const UPLOAD_MESSAGES = {
  busy: 'ただいま画像のアップロードが混み合っています。しばらく待ってからもう一度お試しください。',
  memberBusy: '前のアップロードが終わるまでお待ちください。終わってからもう一度お試しください。',
} as const;

export interface UploadGate {
  /** Takes a place for the member's upload, or refuses; the returned function gives it back. */
  admit(memberId: string): () => void;
  readonly inProgress: number;
}

export function createUploadGate(
  limits: { total: number; perMember: number } = {
    total: UPLOADS_IN_PROGRESS_MAX,
    perMember: MEMBER_UPLOADS_MAX,
  },
): UploadGate {
  let total = 0;
  const byMember = new Map<string, number>();
  return {
    admit(memberId) {
      const mine = byMember.get(memberId) ?? 0;
      if (mine >= limits.perMember)
        throw new HttpError('RATE_LIMITED', UPLOAD_MESSAGES.memberBusy, null, {
          'retry-after': String(UPLOAD_RETRY_AFTER_SECONDS),
        });
      if (total >= limits.total)
        throw new HttpError('SERVICE_UNAVAILABLE', UPLOAD_MESSAGES.busy, null, {
          'retry-after': String(UPLOAD_RETRY_AFTER_SECONDS),
        });
      total += 1;
      byMember.set(memberId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byMember.get(memberId) ?? 1) - 1;
        if (left > 0) byMember.set(memberId, left);
        else byMember.delete(memberId);
      };
    },
    get inProgress() {
      return total;
    },
  };
}
