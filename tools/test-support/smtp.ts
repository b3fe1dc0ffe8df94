import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on a free local port that keeps every mail it receives: the API sends through
// SMTP_URL exactly as it would in production. Used by the API's recovery test and the e2e identity
// journey, and the checkout's order and sale mails.

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface Mailbox {
  /** The SMTP_URL to give the API. */
  url: string;
  received: ReceivedMail[];
  /**
   * The first mail to `address` received after the first `after` mails (and whose decoded text
   * matches `matching`, when given); waits up to 15 s for it.
   */
  mailTo(address: string, after?: number, matching?: RegExp): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A mail's body as text: quoted-printable soft line breaks and escapes undone; a run of escapes is
 * one UTF-8 sequence ('Ol=C3=A1' is 'Olá'), so Portuguese reads as written.
 */
export const decodedBody = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/** A mail's Subject header, its encoded words (=?UTF-8?Q?…?= / ?B?) decoded. */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodedBody(text.replace(/_/g, ' ')),
    );
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async mailTo(address, after = 0, matching) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = received
          .slice(after)
          .find((candidate) => candidate.to.includes(address) && (!matching || matching.test(decodedBody(candidate.raw))));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}${matching ? ` matching ${matching}` : ''}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
