import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../../apps/api/test/free-port.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
};

/**
 * Serves one comparison page of the map benchmark from this process: its HTML at `/`, the
 * station markers at `/markers.json`, and library files from npm under `/<prefix>/…`.
 */
export async function startPageServer(options: {
  html: string;
  markersJson: Buffer;
  /** URL prefix → folder of an npm package's files. */
  mounts: Record<string, string>;
}) {
  const server = http.createServer(async (request, response) => {
    const url = request.url ?? '/';
    try {
      if (url === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(options.html);
      } else if (url === '/markers.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(options.markersJson);
      } else {
        const [, prefix, ...rest] = url.split('/');
        const dir = prefix ? options.mounts[prefix] : undefined;
        const file = dir ? path.join(dir, ...rest) : null;
        if (!dir || !file || !file.startsWith(dir)) throw new Error('not found');
        const body = await fs.readFile(file);
        response
          .writeHead(200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          })
          .end(body);
      }
    } catch {
      response.writeHead(404).end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
