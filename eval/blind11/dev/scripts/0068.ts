#!/usr/bin/env -S npx tsx
// test/support/mock-payments.ts - tiny mock of the payments gateway used by the
// integration tests. Listens on 127.0.0.1 with an ephemeral or given port.
import http, { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";

type Charge = { id: string; amount: number; currency: string; status: "succeeded" | "failed" };
type Handler = (req: IncomingMessage, body: any, res: ServerResponse) => void;

export class MockPayments extends EventEmitter {
  private server = http.createServer((req, res) => this.dispatch(req, res));
  private routes = new Map<string, Handler>();
  readonly charges = new Map<string, Charge>();
  failNext = false;

  constructor() {
    super();
    this.route("POST /charges", (_req, body, res) => {
      const charge: Charge = {
        id: `ch_${randomUUID().slice(0, 8)}`,
        amount: Number(body.amount),
        currency: String(body.currency ?? "eur"),
        status: this.failNext ? "failed" : "succeeded",
      };
      this.failNext = false;
      this.charges.set(charge.id, charge);
      this.emit("charge", charge);
      this.json(res, charge.status === "failed" ? 402 : 201, charge);
    });
    this.route("GET /charges", (_req, _body, res) => this.json(res, 200, [...this.charges.values()]));
    this.route("POST /reset", (_req, _body, res) => {
      this.charges.clear();
      this.json(res, 204, null);
    });
  }

  route(key: string, handler: Handler): void {
    this.routes.set(key, handler);
  }

  private json(res: ServerResponse, status: number, payload: unknown): void {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(payload === null ? undefined : JSON.stringify(payload));
  }

  private dispatch(req: IncomingMessage, res: ServerResponse): void {
    const key = `${req.method} ${(req.url ?? "/").split("?")[0]}`;
    const handler = this.routes.get(key);
    if (!handler) return this.json(res, 404, { error: `no route ${key}` });
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      let body: any = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return this.json(res, 400, { error: "invalid json" });
      }
      handler(req, body, res);
    });
  }

  listen(port = 0): Promise<string> {
    return new Promise((resolve) => {
      this.server.listen(port, "127.0.0.1", () => {
        const addr = this.server.address();
        const actual = typeof addr === "object" && addr ? addr.port : port;
        resolve(`http://127.0.0.1:${actual}`);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.server.close((err) => (err ? reject(err) : resolve())));
  }
}

if (require.main === module) {
  const mock = new MockPayments();
  mock.on("charge", (c: Charge) => console.log(`charge ${c.id} ${c.amount} ${c.currency} ${c.status}`));
  mock.listen(Number(process.env.MOCK_PORT ?? 4242)).then((url) => console.log(`mock payments at ${url}`));
  process.on("SIGINT", () => mock.close().then(() => process.exit(0)));
}
