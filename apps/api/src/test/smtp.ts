import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** The body as text: quoted-printable soft line breaks and escapes undone. */
export const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A real SMTP server on a free local port: the API sends through SMTP_URL as it would in
 * production, and the test reads what arrived.
 */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail to `address` since `after` mails had arrived (whose decoded text matches `matching`). */
    async mailTo(address: string, after = 0, matching?: RegExp): Promise<ReceivedMail> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = received.slice(after).find((candidate) => candidate.to.includes(address) && (!matching || matching.test(decoded(candidate.raw))));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}${matching ? ` matching ${matching}` : ''}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
