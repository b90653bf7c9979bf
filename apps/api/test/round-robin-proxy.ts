import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer on node:http, as nginx or a cloud balancer would sit in front of the
 * instances (docs/deploy.md): round robin over the backends that are in rotation, the client
 * address appended to X-Forwarded-For, and a request whose connection to a backend fails
 * before any answer is sent again to the next one (nginx's `proxy_next_upstream error`).
 * Request bodies are buffered so they can be sent again; answers are streamed.
 */
export async function startRoundRobinProxy(
  initial: string[] = [],
  options: { readinessPath?: string; checkEveryMs?: number } = {},
) {
  /** Every backend configured, and those in rotation (all, unless readiness is checked). */
  let configured = [...initial];
  let backends = [...initial];
  const notReady = new Set<string>();
  let turn = 0;
  const served = new Map<string, number>();
  let retried = 0;

  function forward(
    target: string,
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
  ): Promise<'sent' | 'retry'> {
    return new Promise((resolve) => {
      const url = new URL(request.url ?? '/', target);
      const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      const upstream = http.request(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            host: request.headers.host,
            'x-forwarded-for': forwardedFor,
            'x-forwarded-proto': 'http',
            'content-length': String(body.length),
          },
          // A fresh connection each time: a kept-alive one to a stopping instance could be cut.
          agent: false,
        },
        (answer) => {
          served.set(target, (served.get(target) ?? 0) + 1);
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('error', () => response.destroy());
          resolve('sent');
        },
      );
      upstream.on('error', () => {
        if (response.headersSent) response.destroy();
        else resolve('retry');
      });
      upstream.end(body);
    });
  }

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const candidates = backends.length;
    for (let attempt = 0; attempt < Math.max(candidates, 1) * 2; attempt += 1) {
      if (backends.length === 0) break;
      const target = backends[turn % backends.length]!;
      turn += 1;
      if ((await forward(target, request, body, response)) === 'sent') return;
      retried += 1;
    }
    response.writeHead(502, { 'content-type': 'text/plain' }).end('no backend answered');
  });
  // Like a load balancer's health check: a backend whose readiness is not 200 leaves the
  // rotation until it is again (docs/deploy.md#graceful-shutdown).
  const checker = options.readinessPath
    ? setInterval(() => {
        for (const backend of configured) {
          fetch(new URL(options.readinessPath!, backend), { signal: AbortSignal.timeout(1_000) })
            .then(
              (answer) => answer.ok,
              () => false,
            )
            .then((ready) => {
              if (ready) notReady.delete(backend);
              else notReady.add(backend);
              backends = configured.filter((candidate) => !notReady.has(candidate));
            });
        }
      }, options.checkEveryMs ?? 500)
    : undefined;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setBackends: (next: string[]) => {
      configured = [...next];
      backends = configured.filter((candidate) => !notReady.has(candidate));
    },
    /** Answers per backend, and how many times a failed connection was retried elsewhere. */
    stats: () => ({ served: new Map(served), retried }),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(checker);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
