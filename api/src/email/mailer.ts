import type { OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { JsonLogger } from '../logging/json-logger.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one e-mail, or throws. Never logs the address it is sent to. */
export abstract class Mailer {
  abstract send(mail: OutgoingMail): Promise<void>;
}

/** Marks the e-mail as sent by a machine, so mail servers do not answer it with out-of-office replies. */
const AUTOMATIC = { 'Auto-Submitted': 'auto-generated' };

/** SMTP_URL set: the mail server sends it. The connection is opened per e-mail, and closed when the server stops. */
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly logger: JsonLogger,
  ) {
    super();
    // Someone is waiting on the answer, so a mail server that does not answer fails within seconds, not minutes.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ ...mail, headers: AUTOMATIC });
    this.logger.event('info', 'e-mail sent', { transport: 'smtp' });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

/**
 * SMTP_URL unset (development, or offline): each e-mail is written whole, as a .eml file any mail program opens,
 * under <DATA_DIR>/outbox/, so the product works without a mail server and a developer can read what was sent.
 */
export class OutboxMailer extends Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  readonly outbox: string;

  constructor(
    dataDir: string,
    private readonly logger: JsonLogger,
  ) {
    super();
    this.outbox = resolve(dataDir, 'outbox');
  }

  async send(mail: OutgoingMail): Promise<void> {
    const { message } = await this.transport.sendMail({ ...mail, headers: AUTOMATIC });
    await mkdir(this.outbox, { recursive: true });
    // Colons are not allowed in Windows file names; the random part keeps two e-mails in one millisecond apart.
    const file = join(this.outbox, `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, message as Buffer, { mode: 0o600 });
    this.logger.event('info', `e-mail written to outbox file ${file}`);
  }
}
