import fs from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server for the journeys: plain SMTP on 127.0.0.1, no TLS, no login. Each
 * message is written to `mailDir` as one `.eml` file, named so that sorting the names
 * sorts by arrival; a file appears complete (written, then renamed) or not at all.
 */
export async function startSmtpSink(mailDir: string): Promise<SmtpSink> {
  let received = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        received += 1;
        const name = `${Date.now()}-${String(received).padStart(5, '0')}.eml`;
        const partial = path.join(mailDir, `.${name}.part`);
        fs.writeFile(partial, Buffer.concat(chunks))
          .then(() => fs.rename(partial, path.join(mailDir, name)))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('SMTP sink has no port');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
