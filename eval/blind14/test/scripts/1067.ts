#!/usr/bin/env -S npx tsx
// Convert exported NDJSON audit events into CSV for the compliance review.
// Streams: file -> gunzip (optional) -> line parser -> CSV encoder -> file,
// so multi-GB exports never sit in memory. Input and output are in ./exports.
import { createReadStream, createWriteStream, existsSync, statSync } from "node:fs";
import { basename } from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

interface AuditEvent {
  id: string;
  actor: string;
  action: string;
  target?: string;
  at: string;
}

const COLUMNS: (keyof AuditEvent)[] = ["id", "at", "actor", "action", "target"];

function isAuditEvent(value: unknown): value is AuditEvent {
  const v = value as Record<string, unknown>;
  return !!v && ["id", "actor", "action", "at"].every((k) => typeof v[k] === "string");
}

class NdjsonParser extends Transform {
  private buffer = "";
  public skipped = 0;
  constructor() {
    super({ readableObjectMode: true });
  }
  private emitLine(line: string): void {
    if (!line.trim()) return;
    try {
      const obj: unknown = JSON.parse(line);
      if (isAuditEvent(obj)) this.push(obj);
      else this.skipped++;
    } catch {
      this.skipped++;
    }
  }
  _transform(chunk: Buffer, _e: BufferEncoding, done: TransformCallback): void {
    this.buffer += chunk.toString("utf8");
    let nl: number;
    while ((nl = this.buffer.indexOf("\n")) >= 0) {
      this.emitLine(this.buffer.slice(0, nl));
      this.buffer = this.buffer.slice(nl + 1);
    }
    done();
  }
  _flush(done: TransformCallback): void {
    this.emitLine(this.buffer);
    done();
  }
}

class CsvEncoder extends Transform {
  public rows = 0;
  constructor() {
    super({ writableObjectMode: true });
    this.push(COLUMNS.join(",") + "\n");
  }
  private cell(v: string | undefined): string {
    const s = v ?? "";
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  }
  _transform(event: AuditEvent, _e: BufferEncoding, done: TransformCallback): void {
    this.rows++;
    done(null, COLUMNS.map((c) => this.cell(event[c])).join(",") + "\n");
  }
}

async function convert(input: string): Promise<void> {
  const output = `exports/${basename(input).replace(/\.ndjson(\.gz)?$/, "")}.csv`;
  const parser = new NdjsonParser();
  const encoder = new CsvEncoder();
  const stages = input.endsWith(".gz")
    ? [createReadStream(input), createGunzip(), parser, encoder, createWriteStream(output)]
    : [createReadStream(input), parser, encoder, createWriteStream(output)];
  await pipeline(stages as unknown as [NodeJS.ReadableStream, NodeJS.WritableStream]);
  const mb = (statSync(output).size / 1e6).toFixed(1);
  console.log(`${input} -> ${output}: ${encoder.rows} rows, ${parser.skipped} skipped, ${mb} MB`);
}

async function main(): Promise<void> {
  const inputs = process.argv.slice(2);
  if (inputs.length === 0) {
    console.error("usage: ndjson-to-csv exports/<file>.ndjson[.gz] ...");
    process.exit(2);
  }
  for (const input of inputs) {
    if (!existsSync(input)) {
      console.error(`missing ${input}`);
      process.exitCode = 1;
      continue;
    }
    await convert(input);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
