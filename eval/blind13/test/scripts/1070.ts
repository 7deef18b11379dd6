#!/usr/bin/env -S npx tsx
// Server-sent-events dev server for the quill collaborative editor prototype.
// Binds to 127.0.0.1; keeps documents in memory; broadcasts edits to subscribers.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";

const HOST = "127.0.0.1";
const PORT = Number(process.env.QUILL_SSE_PORT ?? 4646);
const HEARTBEAT_MS = 15_000;

type Edit = { id: string; docId: string; author: string; ops: unknown[]; at: number };

class DocumentHub {
  private static instance: DocumentHub | undefined;
  private readonly subscribers = new Map<string, Set<ServerResponse>>();
  private readonly history = new Map<string, Edit[]>();

  static get shared(): DocumentHub {
    return (DocumentHub.instance ??= new DocumentHub());
  }

  subscribe(docId: string, res: ServerResponse): () => void {
    const set = this.subscribers.get(docId) ?? new Set<ServerResponse>();
    set.add(res);
    this.subscribers.set(docId, set);
    for (const edit of this.history.get(docId) ?? []) this.send(res, edit);
    return () => set.delete(res);
  }

  publish(edit: Edit): number {
    const list = this.history.get(edit.docId) ?? [];
    list.push(edit);
    this.history.set(edit.docId, list.slice(-500));
    const subs = this.subscribers.get(edit.docId) ?? new Set();
    subs.forEach((res) => this.send(res, edit));
    return subs.size;
  }

  get stats(): { docs: number; listeners: number } {
    let listeners = 0;
    this.subscribers.forEach((s) => (listeners += s.size));
    return { docs: this.history.size, listeners };
  }

  private send(res: ServerResponse, edit: Edit): void {
    res.write(`id: ${edit.id}\nevent: edit\ndata: ${JSON.stringify(edit)}\n\n`);
  }
}

async function jsonBody(req: IncomingMessage): Promise<any> {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : {};
}

const sseServer = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", `http://${HOST}:${PORT}`);
  const match = url.pathname.match(/^\/docs\/([\w-]{1,64})\/(events|edits)$/);
  if (url.pathname === "/stats") {
    res.writeHead(200, { "Content-Type": "application/json" });
    return res.end(JSON.stringify(DocumentHub.shared.stats));
  }
  if (!match) {
    res.writeHead(404);
    return res.end();
  }
  const [, docId, kind] = match;
  if (kind === "events" && req.method === "GET") {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    const unsubscribe = DocumentHub.shared.subscribe(docId, res);
    const beat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
    req.on("close", () => {
      clearInterval(beat);
      unsubscribe();
    });
    return;
  }
  if (kind === "edits" && req.method === "POST") {
    try {
      const body = await jsonBody(req);
      const edit: Edit = { id: randomUUID(), docId, author: String(body.author ?? "anon"), ops: body.ops ?? [], at: Date.now() };
      const delivered = DocumentHub.shared.publish(edit);
      res.writeHead(202, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ id: edit.id, delivered }));
    } catch {
      res.writeHead(400);
      return res.end("invalid JSON");
    }
  }
  res.writeHead(405);
  res.end();
});

sseServer.listen(PORT, HOST, () => console.log(`quill SSE dev server on http://${HOST}:${PORT}`));
