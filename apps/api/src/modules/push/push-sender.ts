import { createHash } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { PushPayload } from '@ekispot/shared';
import webpush from 'web-push';
import {
  checkEndpointUrl,
  publicOnlyLookup,
  type AddressPolicy,
} from '../../lib/public-address.js';
import { areUsableKeys } from './push-keys.js';

/**
 * Sends one encrypted push (RFC 8291 `aes128gcm`, signed with VAPID, both made by the
 * `web-push` package) to a client-supplied endpoint, under the request-forgery guard
 * (docs/pwa.md#push): the URL is checked before every send, the host's addresses at connect
 * time (lib/public-address.ts), a redirect is an answer and never followed, the answer's body is
 * read no further than a few KiB, and the whole exchange has a deadline.
 */

/** The whole exchange, connecting included. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** How much of an answer's body is read (push services answer with a short error or nothing). */
const ANSWER_BODY_MAX_BYTES = 4 * 1024;
/** A push waits at the push service at most a day for a phone that is off. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type SendOutcome =
  /** The push service took it (2xx). */
  | { kind: 'sent' }
  /** The subscription is gone (404, 410) or its address is refused: drop it. */
  | { kind: 'gone'; detail: string }
  /** Refused for this message (400, 403, 413, a redirect…): not worth sending again. */
  | { kind: 'rejected'; detail: string }
  /** Worth another try later (429, 5xx, network, deadline). */
  | { kind: 'retry'; detail: string };

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSender {
  send(target: PushTarget, payload: PushPayload, vapid: VapidKeys): Promise<SendOutcome>;
  close(): void;
}

/** A Web Push `Topic` (at most 32 URL-safe characters) for a notification group's tag. */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

export function createPushSender(options: {
  policy: AddressPolicy;
  subject: string;
  /** A PEM file trusted besides the system's roots (tests only: PUSH_TEST_CA_FILE). */
  testCaFile?: string | undefined;
}): PushSender {
  const ca = options.testCaFile
    ? [...tls.rootCertificates, fs.readFileSync(options.testCaFile, 'utf8')]
    : undefined;
  const agent = new https.Agent({
    lookup: publicOnlyLookup(options.policy),
    keepAlive: true,
    maxSockets: 16,
    timeout: PUSH_SEND_TIMEOUT_MS,
    ...(ca && { ca }),
  });

  async function send(
    target: PushTarget,
    payload: PushPayload,
    vapid: VapidKeys,
  ): Promise<SendOutcome> {
    const checked = checkEndpointUrl(target.endpoint, options.policy);
    if (!checked.ok) return { kind: 'gone', detail: `endpoint refused: ${checked.reason}` };
    // Keys no push can be encrypted for (stored before they were checked at registration) will
    // never work: the subscription goes, instead of failing every push to it.
    if (!(await areUsableKeys(target))) return { kind: 'gone', detail: 'keys unusable' };
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: options.subject, ...vapid },
          TTL: PUSH_TTL_SECONDS,
          topic: topicOf(payload.tag),
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // Counted against this subscription like any failure, never thrown past the other devices.
      return {
        kind: 'rejected',
        detail: `not encrypted: ${error instanceof Error ? error.message : 'error'}`,
      };
    }
    try {
      const status = await post(checked.url, details.headers, details.body);
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'gone', detail: `status ${status}` };
      if (status === 429 || status >= 500) return { kind: 'retry', detail: `status ${status}` };
      return { kind: 'rejected', detail: `status ${status}` };
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : '';
      if (code === 'ENONPUBLIC') return { kind: 'gone', detail: 'address not public' };
      return { kind: 'retry', detail: code || (error instanceof Error ? error.name : 'error') };
    }
  }

  /** One POST; resolves with the status once the (bounded) answer is read. */
  function post(
    url: URL,
    headers: Record<string, string | number>,
    body: Buffer | null,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = https.request(
        url,
        {
          method: 'POST',
          headers,
          agent,
          signal: AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS),
          maxHeaderSize: 16 * 1024,
        },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            // Enough to know the answer: the rest is not read, nor kept.
            if (read > ANSWER_BODY_MAX_BYTES) response.destroy();
          });
          const done = () => resolve(response.statusCode ?? 0);
          response.on('end', done);
          response.on('close', done);
          response.on('error', done);
        },
      );
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  }

  return { send, close: () => agent.destroy() };
}
