import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import { inject } from 'vitest';

const mailDir = inject('mailDir');

/** The mail worker sends from an outbox every few seconds, with retries. */
const DEFAULT_TIMEOUT_MS = 30_000;
const POLL_MS = 250;

export interface ReceivedMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return groups.flatMap((group) =>
    group.value.flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  );
}

/** Every message the test SMTP server received, oldest first. */
export async function readMailbox(): Promise<ReceivedMail[]> {
  const names = (await fs.readdir(mailDir)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (file) => {
      const parsed = await simpleParser(await fs.readFile(path.join(mailDir, file)));
      return {
        file,
        to: addressesOf(parsed.to),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
      };
    }),
  );
}

/** The links in a mail's text part whose path starts with `pathPrefix`. */
export function linksIn(mail: ReceivedMail, pathPrefix: string): string[] {
  const urls = mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return urls.filter((url) => new URL(url).pathname.startsWith(pathPrefix));
}

/**
 * Waits (polling) for the newest mail to `address` that carries a link starting with
 * `pathPrefix` (e.g. `/verify-email/`) and returns that mail and link.
 */
export async function waitForMailLink(
  address: string,
  pathPrefix: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<{ mail: ReceivedMail; link: string }> {
  const wanted = address.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readMailbox()).filter((mail) => mail.to.includes(wanted)).reverse();
    for (const mail of mails) {
      const link = linksIn(mail, pathPrefix)[0];
      if (link) return { mail, link };
    }
    if (Date.now() > deadline) {
      const seen = mails.map((mail) => `${mail.file}: ${mail.subject}`).join('\n  ');
      throw new Error(
        `no mail to ${address} with a ${pathPrefix} link within ${timeoutMs} ms; mails to it:\n  ${seen || '(none)'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
