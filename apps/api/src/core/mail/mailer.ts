import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer & {
      /**
       * Prepares and sends a mail after the answer, so a request that mails (and writes what the
       * mail needs) takes as long as one that does not: no account enumeration by timing. `prepare`
       * may decide there is nothing to send (null); `extra` is logged with an outbox mail (its link).
       * A failure is logged. Closing the app waits for these mails.
       */
      sendLater(prepare: () => Promise<PreparedMail | null>, log: FastifyBaseLogger, what: string): void;
    };
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface PreparedMail {
  mail: Mail;
  extra?: Record<string, unknown>;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' writes .eml files under DATA_DIR/outbox (no server set). */
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** The store's e-mail: SMTP when SMTP_URL is set, otherwise files a developer can open. */
function createTransport(config: Pick<Config, 'SMTP_URL' | 'DATA_DIR' | 'MAIL_FROM'>): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(config.DATA_DIR, 'outbox');
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      await writeFile(path.join(outbox, name), info.message);
    },
    close: () => transport.close(),
  };
}

export default fp(
  async function mailer(app: FastifyInstance) {
    const transport = createTransport(app.config);
    const sending = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...sending]);
      transport.close();
    });
    app.decorate('mailer', {
      ...transport,
      sendLater(prepare: () => Promise<PreparedMail | null>, log: FastifyBaseLogger, what: string) {
        // Started on the next turn of the event loop, after the answer has been sent.
        const sent = new Promise<void>((resolve) => setImmediate(resolve))
          .then(prepare)
          .then(async (prepared) => {
            if (!prepared) return;
            await transport.send(prepared.mail);
            // Without SMTP a developer finds the mail (and its link) in the outbox and the log.
            if (transport.kind === 'outbox') log.info(prepared.extra ?? {}, `${what} written to the outbox`);
          })
          .catch((error: unknown) => log.error({ err: error }, `${what} not sent`))
          .finally(() => sending.delete(sent));
        sending.add(sent);
      },
    });
  },
  { name: 'mailer', dependencies: ['config'] },
);
