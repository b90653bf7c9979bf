import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server for tests; what it receives is read with mailparser. Not used by the app. */

export interface ReceivedMail {
  raw: string;
  rcptTo: string[];
  /** Header names lower-cased; values unfolded but not decoded. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: STARTTLS would offer a self-signed certificate the client refuses.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() otherwise waits up to 30 s for clients' pooled connections to hang up.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const rcptTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        parseRawMail(raw).then(
          (mail) => {
            received.push({ ...mail, rcptTo });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP test server has no port');
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on (for the "SMTP is down" case). */
export async function findClosedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Reads a received message with mailparser; headers keep their raw (undecoded) values. */
export async function parseRawMail(raw: string): Promise<Omit<ReceivedMail, 'rcptTo'>> {
  const parsed = await simpleParser(raw);
  const headers = new Map<string, string>();
  for (const { key, line } of parsed.headerLines) {
    headers.set(
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
  }
  return {
    raw,
    headers,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
}
