import { SMTPServer } from 'smtp-server';
import { findFreePort } from '../../api/src/database/free-port.js';

export interface ReceivedMail {
  from: string;
  /** The envelope's recipients: who the mail server was asked to deliver to. */
  to: string[];
  raw: string;
}

export interface MailServer {
  port: number;
  received: ReceivedMail[];
  /** While true, every recipient is refused, with an error that quotes the address as real servers do. */
  refusing: boolean;
  close(): Promise<void>;
}

/** A mail server on a free loopback port that keeps every message it is given. */
export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no certificate to trust in the test.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!mailServer.refusing) return callback();
      callback(Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const mailServer: MailServer = {
    port,
    received,
    refusing: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return mailServer;
}

/** The message as a person reads it: quoted-printable soft line breaks joined and escapes decoded. */
export function readable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
