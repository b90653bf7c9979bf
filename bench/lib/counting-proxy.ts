import net from 'node:net';

/**
 * A TCP relay in front of a server that counts every byte the server sends back: what a browser
 * receives on a visit, headers and compression included, and also what its workers fetch, which
 * the page's DevTools session does not see (MapLibre's worker script and the files it loads, the
 * service worker's script and what it caches: all same-origin requests, so all through here).
 */
export async function startCountingProxy(target: string) {
  const { hostname, port } = new URL(target);
  let received = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** Bytes the server sent through the relay so far. */
    received: () => received,
    /**
     * Resolves once the server has sent nothing for `quietMs` (or after `limitMs`): what a page
     * loads after its first view (the map's details, fetched by its worker too) has arrived.
     */
    settled: async (quietMs = 1500, limitMs = 20_000) => {
      const deadline = Date.now() + limitMs;
      let last = received;
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (received !== last) {
          last = received;
          quietSince = Date.now();
        } else if (Date.now() - quietSince >= quietMs) return;
      }
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
