import type { CamelCased } from '@ekispot/shared';
import type { z } from 'zod';
import { buildApiUrl, buildRequestHeaders, settleResponse } from './api-client';
import type { ApiSuccess } from './api-client';
import { unexpectedFailure } from './api-error';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0…1, or null while the browser does not know the total size. */
  fraction: number | null;
}

export interface ApiUploadOptions<S extends z.ZodType> {
  method?: 'POST' | 'PUT' | 'PATCH';
  body: FormData;
  /** Wire schema (snake_case) of the envelope's `data`. */
  schema: S;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError');
}

/**
 * A multipart write that reports upload progress. fetch cannot report the progress of a
 * request body, so this one call goes through XMLHttpRequest, with the same headers,
 * envelope handling and 401 rule as {@link apiRequest}. Writes are never retried.
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  options: ApiUploadOptions<S>,
): Promise<ApiSuccess<CamelCased<z.output<S>>>> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildApiUrl(path));
    // No Content-Type: the browser writes the multipart boundary itself.
    buildRequestHeaders(false).forEach((value, key) => xhr.setRequestHeader(key, value));

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
      });
    });
    xhr.addEventListener('load', () => {
      done();
      try {
        resolve(settleResponse(xhr.status, xhr.responseText, options));
      } catch (error) {
        reject(error instanceof Error ? error : unexpectedFailure());
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(unexpectedFailure());
    });
    xhr.addEventListener('timeout', () => {
      done();
      reject(unexpectedFailure());
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });
    xhr.send(options.body);
  });
}
