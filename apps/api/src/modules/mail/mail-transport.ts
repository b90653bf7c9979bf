import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** What the outbox worker sends through. A failed send rejects; the worker retries later. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** pino (Fastify's logger) fits this; the mail code needs nothing else from it. */
export interface MailLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * SMTP over `smtp://` or `smtps://` (credentials in the URL; query options such as
 * `?pool=false` override the defaults here). Timeouts are short so a hung server costs
 * one attempt, well inside the worker's claim lease, instead of stalling the queue.
 */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close: () => transporter.close(),
  };
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * Without SMTP_URL: nothing leaves the machine. The mail is logged with its links (so a
 * developer can click the verification link in the terminal) and the worker marks it
 * sent, so /dev/mail lists it from the outbox like any other.
 */
export function createDevMailTransport(log: MailLogger): MailTransport {
  return {
    kind: 'dev',
    async send(mail) {
      log.info(
        { to: mail.to, subject: mail.subject, links: mail.text.match(URL_PATTERN) ?? [] },
        'mail (dev outbox, not sent; see /dev/mail)',
      );
    },
    close: () => undefined,
  };
}

/** The transport for a config: SMTP when a URL is set, the dev outbox otherwise. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  log: MailLogger;
}) {
  return options.smtpUrl
    ? createSmtpTransport({ url: options.smtpUrl, from: options.from })
    : createDevMailTransport(options.log);
}
