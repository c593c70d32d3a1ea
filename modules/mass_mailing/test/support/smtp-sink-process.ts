import { spawn, type ChildProcess } from 'node:child_process';

/** One message the sink process acknowledged (250): its envelope recipient and its Message-ID header. */
export interface Delivery {
  to: string;
  messageId: string;
}

/**
 * The sink runs in its own process (the `smtp-server` package), so a sender killed in a test cannot
 * take it down, and its acknowledgements are counted the moment it sends them: it writes one line per
 * 250 it answers, before answering.
 */
const SINK = `
const { SMTPServer } = require('smtp-server');
const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (c) => { if (head.length < 8192) head += c.toString('utf8'); });
    stream.on('end', () => {
      const id = (/^message-id:\\s*(\\S+)/im.exec(head) || [])[1] || '';
      process.stdout.write('D ' + session.envelope.rcptTo.map((r) => r.address).join(',') + ' ' + id + '\\n', () => callback());
    });
  } });
// A client killed mid-message resets its connection: that is the point of the tests, not a reason to stop.
server.on('error', () => {});
server.listen(0, '127.0.0.1', () => process.stdout.write('P ' + server.server.address().port + '\\n'));
`;

export class SmtpSinkProcess {
  readonly deliveries: Delivery[] = [];
  private waiters: Array<{ count: number; resolve: () => void; reject: (err: Error) => void }> = [];
  private exited?: Error;

  private constructor(private readonly child: ChildProcess, readonly url: string) {}

  static async start(): Promise<SmtpSinkProcess> {
    const child = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
    let sink: SmtpSinkProcess | undefined;
    let rest = '';
    return new Promise<SmtpSinkProcess>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => {
        const err = new Error(`SMTP sink exited (${code})`);
        reject(err);
        sink?.died(err);
      });
      child.stdout!.on('data', (d: Buffer) => {
        const lines = (rest + d.toString('utf8')).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          const [kind, a, b] = line.split(' ');
          if (kind === 'P') resolve(sink = new SmtpSinkProcess(child, `smtp://127.0.0.1:${a}`));
          else if (kind === 'D') sink?.delivered({ to: a, messageId: b ?? '' });
        }
      });
    });
  }

  /** Resolves once the sink has acknowledged at least `count` messages. */
  received(count: number): Promise<void> {
    if (this.deliveries.length >= count) return Promise.resolve();
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => this.waiters.push({ count, resolve, reject }));
  }

  stop(): void {
    this.child.removeAllListeners('exit');
    this.child.kill();
  }

  private died(err: Error): void {
    this.exited = err;
    for (const w of this.waiters) w.reject(err);
    this.waiters = [];
  }

  private delivered(d: Delivery): void {
    this.deliveries.push(d);
    this.waiters = this.waiters.filter((w) => (w.count <= this.deliveries.length ? (w.resolve(), false) : true));
  }
}
