#!/usr/bin/env -S npx tsx
// dev/fake-events.ts - local server-sent-events feed that replays recorded
// order events from dev/recordings/*.ndjson for the dashboard. 127.0.0.1 only.
import { createServer, ServerResponse } from "node:http";
import { createReadStream, readdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { EventEmitter } from "node:events";
import path from "node:path";

const RECORDINGS = path.join(__dirname, "recordings");
const LISTEN_HOST = "127.0.0.1";
const LISTEN_PORT = Number(process.env.EVENTS_PORT ?? 7071);
const SPEED = Number(process.env.REPLAY_SPEED ?? 1);

class Replayer extends EventEmitter {
  private running = false;

  async play(file: string): Promise<void> {
    const rl = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    let last: number | null = null;
    for await (const line of rl) {
      if (!line.trim()) continue;
      const evt = JSON.parse(line) as { ts: number; type: string };
      if (last !== null) await new Promise((r) => setTimeout(r, Math.max(0, (evt.ts - last!) / SPEED)));
      last = evt.ts;
      this.emit("event", evt);
    }
  }

  async loop(files: string[]): Promise<void> {
    if (this.running) return;
    this.running = true;
    while (this.running) {
      for (const f of files) await this.play(f);
    }
  }

  stop(): void {
    this.running = false;
  }
}

const subscribers = new Set<ServerResponse>();
const replayer = new Replayer();

replayer.on("event", (evt) => {
  const frame = `event: ${evt.type}\ndata: ${JSON.stringify(evt)}\n\n`;
  for (const res of subscribers) res.write(frame);
});

const server = createServer((req, res) => {
  if (req.url === "/events") {
    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
      "Access-Control-Allow-Origin": "http://localhost:5173",
    });
    subscribers.add(res);
    req.on("close", () => subscribers.delete(res));
    return;
  }
  if (req.url === "/health") {
    res.writeHead(200).end(JSON.stringify({ subscribers: subscribers.size }));
    return;
  }
  res.writeHead(404).end();
});

const files = readdirSync(RECORDINGS)
  .filter((f) => f.endsWith(".ndjson"))
  .map((f) => path.join(RECORDINGS, f));

if (!files.length) {
  console.error(`no recordings in ${RECORDINGS}`);
  process.exit(1);
}

server.listen(LISTEN_PORT, LISTEN_HOST, () => {
  console.log(`replaying ${files.length} recording(s) at ${SPEED}x on http://${LISTEN_HOST}:${LISTEN_PORT}/events`);
  void replayer.loop(files);
});

process.on("SIGINT", () => {
  replayer.stop();
  for (const res of subscribers) res.end();
  server.close(() => process.exit(0));
});
