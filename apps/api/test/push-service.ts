import { execFile } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ece from 'http_ece';

/**
 * A push service on this machine for the push tests (docs/pwa.md#push): HTTPS on 127.0.0.1 with
 * a certificate made for the run, so nothing reaches the internet. It records every request
 * and answers 201, or what a test sets for an endpoint. The app reaches it only through the
 * test-only settings PUSH_ALLOWED_TEST_HOSTS and PUSH_TEST_CA_FILE (`appSettings`).
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export async function startTestPushService() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-days',
    '1',
  ]);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; headers?: Record<string, string> }>();
  const server = https.createServer(
    { key: await fs.readFile(keyFile), cert: await fs.readFile(certFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const pathName = request.url ?? '';
        received.push({ path: pathName, headers: request.headers, body: Buffer.concat(chunks) });
        const answer = answers.get(pathName) ?? { status: 201 };
        response.writeHead(answer.status, answer.headers ?? {});
        response.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    /** The endpoint of a (new) browser subscription at this service. */
    endpoint: (name: string) => `https://127.0.0.1:${port}/push/${name}`,
    /** How the service answers pushes to this endpoint from now on. */
    answer: (endpoint: string, status: number, headers?: Record<string, string>) =>
      answers.set(new URL(endpoint).pathname, { status, ...(headers && { headers }) }),
    /** What the app needs to reach this service. */
    appSettings: { PUSH_ALLOWED_TEST_HOSTS: '127.0.0.1', PUSH_TEST_CA_FILE: certFile },
    to: (endpoint: string) => received.filter((push) => push.path === new URL(endpoint).pathname),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export type TestPushService = Awaited<ReturnType<typeof startTestPushService>>;

/** A browser's push keys, made as a browser makes them (P-256 and a 16-byte secret). */
export function newBrowserKeys(): { ecdh: ECDH; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** Decrypts a push as the browser would (RFC 8291, aes128gcm) and parses its JSON. */
export function decryptPush(push: ReceivedPush, keys: { ecdh: ECDH; auth: string }): unknown {
  const plain = ece.decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: keys.ecdh,
    authSecret: keys.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}
