import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inFlightPlugin } from './in-flight.js';

/** An event stream as a notifications module would hold it open, ended through onDrain. */
async function appWithStream() {
  const app = Fastify();
  await app.register(inFlightPlugin);
  app.get('/stream', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write('data: hello\n\n');
    const forget = app.onDrain(() => {
      // The hint: come back in a second (to another instance, through the balancer).
      reply.raw.end('retry: 1000\nevent: reconnect\ndata: {}\n\n');
    });
    request.raw.on('close', forget);
  });
  app.get('/quick', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, url };
}

async function readUntilEnd(response: Response): Promise<string> {
  return new Response(response.body).text();
}

describe('long-lived answers at shutdown', () => {
  it('app.close() ends an open event stream with a reconnect hint, and resolves', async () => {
    const { app, url } = await appWithStream();
    const response = await fetch(`${url}/stream`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    // The headers have arrived: the handler holds the stream open (it never ends by itself,
    // so close() resolving at all shows it was ended).
    const body = readUntilEnd(response);
    await app.close();
    expect(app.draining).toBe(true);
    const text = await body;
    expect(text).toContain('data: hello');
    expect(text).toContain('retry: 1000\nevent: reconnect');
  });

  it('startDraining ends streams at once, while ordinary answers go on with Connection: close', async () => {
    const { app, url } = await appWithStream();
    const response = await fetch(`${url}/stream`);
    const body = readUntilEnd(response);
    app.startDraining();
    expect(await body).toContain('event: reconnect');
    const quick = await fetch(`${url}/quick`);
    expect(quick.status).toBe(200);
    expect(quick.headers.get('connection')).toBe('close');
    // A stream opened while draining is told to go elsewhere straight away.
    expect(await readUntilEnd(await fetch(`${url}/stream`))).toContain('event: reconnect');
    await app.close();
  });
});
