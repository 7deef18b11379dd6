// e2e/support/mock-smtp.ts
//
// Minimal SMTP sink for end-to-end tests of lattice's email flows (sign-up
// confirmation, password reset, digest mails). Listens on 127.0.0.1 with a
// random port, speaks just enough SMTP (EHLO/HELO, MAIL FROM, RCPT TO, DATA,
// RSET, NOOP, QUIT) for nodemailer, keeps received messages in memory and
// offers helpers to wait for a message and extract links from it. No mail is
// relayed anywhere and nothing is written to disk. The API under test is
// pointed at it with SMTP_HOST=127.0.0.1 / SMTP_PORT=<port> / SMTP_SECURE=false.
import { createServer, Server, Socket } from 'node:net';
import { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  body: string;
  raw: string;
  receivedAt: number;
}

interface Session {
  from: string;
  to: string[];
  data: string[];
  inData: boolean;
}

const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

function parseHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const idx = raw.indexOf('\r\n\r\n');
  const head = idx >= 0 ? raw.slice(0, idx) : raw;
  const body = idx >= 0 ? raw.slice(idx + 4) : '';
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of head.split('\r\n')) {
    if (/^\s/.test(line) && last) {
      headers[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) {
      last = line.slice(0, colon).toLowerCase();
      headers[last] = line.slice(colon + 1).trim();
    }
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

export class MockSmtp {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  readonly inbox: ReceivedMail[] = [];
  port = 0;

  async start(): Promise<number> {
    this.server = createServer((socket) => this.handle(socket));
    await new Promise<void>((resolve) => this.server!.listen({ port: 0, host: '127.0.0.1' }, resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  clear(): void {
    this.inbox.length = 0;
  }

  async waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const hit = this.inbox.find(predicate);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no matching mail within ${timeoutMs}ms (inbox has ${this.inbox.length})`);
  }

  waitForRecipient(address: string, timeoutMs?: number): Promise<ReceivedMail> {
    const wanted = address.toLowerCase();
    return this.waitFor((m) => m.to.some((t) => t.toLowerCase() === wanted), timeoutMs);
  }

  static links(mail: ReceivedMail): string[] {
    const text = decodeQuotedPrintable(mail.body);
    return [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
  }

  private handle(socket: Socket): void {
    this.sockets.add(socket);
    socket.setEncoding('utf8');
    const session: Session = { from: '', to: [], data: [], inData: false };
    let buffer = '';
    let size = 0;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 lattice-mock-smtp ready');

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let idx: number;
      while ((idx = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (session.inData) {
          if (line === '.') {
            session.inData = false;
            this.store(session);
            reply('250 2.0.0 queued');
            session.from = '';
            session.to = [];
            session.data = [];
            size = 0;
          } else {
            size += line.length + 2;
            if (size > MAX_MESSAGE_BYTES) {
              reply('552 message too large');
              socket.end();
              return;
            }
            session.data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        this.command(line, session, reply, socket);
      }
    });
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => this.sockets.delete(socket));
  }

  private command(line: string, s: Session, reply: (l: string) => void, socket: Socket): void {
    const verb = line.slice(0, 4).toUpperCase();
    switch (verb) {
      case 'EHLO':
        reply('250-lattice-mock-smtp');
        reply('250-SIZE 2097152');
        reply('250 8BITMIME');
        break;
      case 'HELO':
        reply('250 lattice-mock-smtp');
        break;
      case 'MAIL':
        s.from = (/<([^>]*)>/.exec(line) || [])[1] ?? '';
        reply('250 2.1.0 ok');
        break;
      case 'RCPT':
        s.to.push((/<([^>]*)>/.exec(line) || [])[1] ?? '');
        reply('250 2.1.5 ok');
        break;
      case 'DATA':
        if (!s.to.length) {
          reply('503 need RCPT first');
          break;
        }
        s.inData = true;
        reply('354 end with <CRLF>.<CRLF>');
        break;
      case 'RSET':
        s.from = '';
        s.to = [];
        s.data = [];
        reply('250 ok');
        break;
      case 'NOOP':
        reply('250 ok');
        break;
      case 'QUIT':
        reply('221 bye');
        socket.end();
        break;
      default:
        reply('502 command not implemented');
    }
  }

  private store(s: Session): void {
    const raw = s.data.join('\r\n');
    const { headers, body } = parseHeaders(raw);
    this.inbox.push({ from: s.from, to: [...s.to], headers, subject: headers.subject ?? '', body, raw, receivedAt: Date.now() });
  }
}
