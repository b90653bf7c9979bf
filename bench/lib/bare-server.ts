import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/test/free-port.js';
import type { RunningServer } from './server.js';

/** A recorded answer: what the bare server sends back for one path, byte for byte. */
export interface RecordedResponse {
  path: string;
  contentType: string;
  body: Buffer;
}

/**
 * The physical limit the comparisons are measured against: a bare `node:http` server in its own
 * process, on the same Node, answering each path with bytes recorded from Ekispot and nothing
 * else (no routing, validation, database or compression).
 */
const BARE_SERVER_SOURCE = `
import http from 'node:http';
import fs from 'node:fs';
const [file, port] = process.argv.slice(2);
const answers = new Map(
  JSON.parse(fs.readFileSync(file, 'utf8')).map((a) => [a.path, { type: a.contentType, body: Buffer.from(a.body, 'base64') }]),
);
http
  .createServer((request, response) => {
    const answer = answers.get(request.url);
    if (!answer) { response.writeHead(404).end(); return; }
    response.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
    response.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
`;

export async function startBareServer(responses: RecordedResponse[]): Promise<RunningServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-bare-'));
  const script = path.join(dir, 'bare-server.mjs');
  const data = path.join(dir, 'answers.json');
  await fs.writeFile(script, BARE_SERVER_SOURCE);
  await fs.writeFile(
    data,
    JSON.stringify(responses.map((r) => ({ ...r, body: r.body.toString('base64') }))),
  );
  const port = await freePort();
  const child = spawn(process.execPath, [script, data, String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Records what Ekispot answers to each path (uncompressed, as the load tool asks for it). */
export async function recordResponses(
  server: RunningServer,
  paths: string[],
): Promise<RecordedResponse[]> {
  return Promise.all(
    paths.map(async (p) => {
      const response = await fetch(`${server.url}${p}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      if (!response.ok) throw new Error(`${p} answered ${response.status}`);
      return {
        path: p,
        contentType: response.headers.get('content-type') ?? 'application/json',
        body: Buffer.from(await response.arrayBuffer()),
      };
    }),
  );
}
