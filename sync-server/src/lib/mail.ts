/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written to
 * DATA_DIR/mail/ and logged, so reset and verification links work in development. nodemailer is loaded
 * with the first message, not at start-up (README.md, Decisions: "The production server is built").
 */
import fs from 'node:fs';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from './config';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe of notification e-mails), in SMTP and in the written files alike. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Creates the transport on the first call and gives the same one after. */
function lazyTransport<T extends Transporter>(create: (mailer: typeof nodemailer) => T): () => Promise<T> {
  let transport: Promise<T> | undefined;
  return () => {
    transport ??= import('nodemailer').then((module) => create(module.default));
    return transport;
  };
}

export function createMailer(config: Config, logger: Logger): Mailer {
  const smtpUrl = config.smtpUrl;
  if (smtpUrl) {
    const transport = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail({ from: config.mailFrom, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const transport = lazyTransport((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...message });
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to disk (no SMTP_URL)');
    },
  };
}
