import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The transport: only the mail outbox (mail-outbox.ts) sends through it. */
    mailer: Mailer;
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
    app.addHook('onClose', async () => transport.close());
    app.decorate('mailer', transport);
  },
  { name: 'mailer', dependencies: ['config'] },
);
