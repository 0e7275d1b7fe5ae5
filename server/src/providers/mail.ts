import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when a MAIL_URL is set; otherwise every mail is written as an .eml file in
 * `outboxDir` (nodemailer's stream transport renders the real message).
 */
export function createMailer(opts: { url?: string; from: string; outboxDir: string }): Mailer {
  if (opts.url) {
    const transport = nodemailer.createTransport(opts.url);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
    },
  };
}
