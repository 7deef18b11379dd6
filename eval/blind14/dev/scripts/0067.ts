#!/usr/bin/env -S npx tsx
// Summarise slow requests from the project's JSON-lines access log using
// a stream pipeline: read -> split lines -> parse -> aggregate.
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { Transform, Writable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

interface LogLine {
  ts: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

interface RouteStats {
  count: number;
  total: number;
  max: number;
  errors: number;
}

function isLogLine(x: unknown): x is LogLine {
  const l = x as LogLine;
  return !!l && typeof l.path === "string" && typeof l.ms === "number" && typeof l.status === "number";
}

class LineSplitter extends Transform {
  private rest = "";
  constructor() {
    super({ readableObjectMode: true });
  }
  _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    const lines = (this.rest + chunk.toString("utf8")).split("\n");
    this.rest = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) this.push(line);
    cb();
  }
  _flush(cb: TransformCallback): void {
    if (this.rest.trim()) this.push(this.rest);
    cb();
  }
}

function normalise(path: string): string {
  return path.split("?")[0].replace(/\/\d+(?=\/|$)/g, "/:id").replace(/\/[0-9a-f-]{36}(?=\/|$)/g, "/:uuid");
}

async function main(): Promise<void> {
  const file = process.argv[2] ?? "logs/access.jsonl";
  if (!existsSync(file)) {
    console.error(`${file} not found`);
    process.exit(1);
  }
  const stats = new Map<string, RouteStats>();
  let bad = 0;

  const aggregate = new Writable({
    objectMode: true,
    write(line: string, _enc, cb) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        bad += 1;
        return cb();
      }
      if (!isLogLine(parsed)) {
        bad += 1;
        return cb();
      }
      const key = `${parsed.method} ${normalise(parsed.path)}`;
      const s = stats.get(key) ?? { count: 0, total: 0, max: 0, errors: 0 };
      s.count += 1;
      s.total += parsed.ms;
      s.max = Math.max(s.max, parsed.ms);
      if (parsed.status >= 500) s.errors += 1;
      stats.set(key, s);
      cb();
    },
  });

  const source = createReadStream(file);
  if (file.endsWith(".gz")) await pipeline(source, createGunzip(), new LineSplitter(), aggregate);
  else await pipeline(source, new LineSplitter(), aggregate);

  const rows = [...stats.entries()]
    .map(([route, s]) => ({ route, avg: s.total / s.count, ...s }))
    .sort((a, b) => b.avg - a.avg)
    .slice(0, 15);
  const report = createWriteStream("reports/slow-routes.txt");
  for (const r of rows) {
    const line = `${r.avg.toFixed(0).padStart(6)} ms avg  ${String(r.max).padStart(6)} max  ${String(r.count).padStart(6)} req  ${r.errors} 5xx  ${r.route}`;
    console.log(line);
    report.write(line + "\n");
  }
  report.end();
  console.log(`${stats.size} routes, ${bad} unparseable line(s)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
