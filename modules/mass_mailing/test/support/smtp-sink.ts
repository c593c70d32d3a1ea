import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  raw: string;
  parsed?: ParsedMail;
}

/** Decides the reply to a message for a recipient: undefined accepts it, an Error with responseCode refuses it. */
export type Responder = (to: string, session: SMTPServerSession) => Error | undefined | Promise<Error | undefined>;

/**
 * A real SMTP server (the `smtp-server` package) on a free port, keeping what it accepted. Only messages
 * it acknowledged count as received, as with a real mail server.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  responder: Responder = () => undefined;
  private server: SMTPServer;
  port = 0;

  constructor(opts: { parse?: boolean } = {}) {
    this.server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false, size: 10 * 1024 * 1024,
      onData: (stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          const refusal = await this.responder(to, session);
          if (refusal) return callback(refusal);
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({ to, raw, parsed: opts.parse === false ? undefined : await simpleParser(raw) });
          callback();
        });
      },
    });
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** An SMTP reply error as smtp-server sends it back. */
export function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}
