import { startServer } from './lib/server.js';

/** Bytes on the wire of GET /api/v2/stations/markers per encoding, and decoded size. */
export async function benchMarkers() {
  const server = await startServer();
  try {
    const url = `${server.url}/api/v2/stations/markers`;
    const sizes: Record<string, number> = {};
    for (const encoding of ['br', 'gzip', 'identity']) {
      // fetch() would decode the body: ask node's http for the raw bytes instead.
      const { request } = await import('node:http');
      sizes[encoding] = await new Promise<number>((resolve, reject) => {
        request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve(bytes));
        })
          .on('error', reject)
          .end();
      });
    }
    return { br_bytes: sizes.br, gzip_bytes: sizes.gzip, identity_bytes: sizes.identity };
  } finally {
    await server.stop();
  }
}
