/**
 * clamd-scan.ts - stream build artifacts to the local clamd daemon and report.
 *
 * Uses clamd's INSTREAM command over TCP (127.0.0.1:3310, the docker compose
 * clamav service) so the scanner container does not need access to the
 * workspace.  Every file under dist/ and build/bundles/ is sent in 64 KiB
 * chunks; the reply is "stream: OK" or "stream: <Signature> FOUND".
 *
 * Health checks (PING, VERSION) also go to clamd itself; no system
 * configuration is touched.  Results go to
 * reports/clamd-scan.json; exit code 1 if anything was found.
 */
import { createReadStream, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const HOST = process.env.CLAMD_HOST ?? "127.0.0.1";
const PORT = Number(process.env.CLAMD_PORT ?? 3310);
const ROOT = path.resolve(__dirname, "..");
const TARGETS = ["dist", "build/bundles"];
const CHUNK = 64 * 1024;
const MAX_FILE = 200 * 1024 * 1024;
const CONCURRENCY = 4;

interface ScanResult {
  file: string;
  size: number;
  status: "clean" | "infected" | "skipped" | "error";
  signature?: string;
  message?: string;
}

if (!["127.0.0.1", "localhost"].includes(HOST)) {
  throw new Error(`clamd must be the local daemon, got ${HOST}`);
}

function command(cmd: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: HOST, port: PORT });
    let reply = "";
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`${cmd}: timeout`)));
    socket.on("connect", () => socket.end(`z${cmd}\0`));
    socket.on("data", (d) => {
      reply += d.toString("utf8");
    });
    socket.on("end", () => resolve(reply.replace(/\0$/, "").trim()));
    socket.on("error", reject);
  });
}

function lengthPrefix(n: number): Buffer {
  const buf = Buffer.alloc(4);
  buf.writeUInt32BE(n, 0);
  return buf;
}

function scanFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: HOST, port: PORT });
    let reply = "";
    socket.setTimeout(120_000, () => socket.destroy(new Error("scan timeout")));
    socket.on("data", (d) => {
      reply += d.toString("utf8");
    });
    socket.on("end", () => resolve(reply.replace(/\0$/, "").trim()));
    socket.on("error", reject);
    socket.on("connect", () => {
      socket.write("zINSTREAM\0");
      const stream = createReadStream(file, { highWaterMark: CHUNK });
      stream.on("data", (chunk) => {
        const data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        if (!socket.write(Buffer.concat([lengthPrefix(data.length), data]))) {
          stream.pause();
          socket.once("drain", () => stream.resume());
        }
      });
      stream.on("end", () => socket.end(lengthPrefix(0)));
      stream.on("error", (err) => socket.destroy(err));
    });
  });
}

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (e.isFile()) yield full;
  }
}

async function scanOne(file: string): Promise<ScanResult> {
  const rel = path.relative(ROOT, file);
  const size = statSync(file).size;
  if (size > MAX_FILE) return { file: rel, size, status: "skipped", message: "larger than StreamMaxLength" };
  try {
    const reply = await scanFile(file);
    if (reply.endsWith("OK")) return { file: rel, size, status: "clean" };
    const found = /^stream: (.+) FOUND$/.exec(reply);
    if (found) return { file: rel, size, status: "infected", signature: found[1] };
    return { file: rel, size, status: "error", message: reply };
  } catch (err) {
    return { file: rel, size, status: "error", message: (err as Error).message };
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return out;
}

function summarise(results: ScanResult[]): Record<ScanResult["status"], number> {
  const counts = { clean: 0, infected: 0, skipped: 0, error: 0 };
  for (const r of results) counts[r.status]++;
  return counts;
}

/** clamd's STATS output includes the signature database date; warn if old. */
async function signatureAge(): Promise<number | null> {
  const version = await command("VERSION");
  const parts = version.split("/");
  if (parts.length < 3) return null;
  const built = Date.parse(parts[2]);
  if (Number.isNaN(built)) return null;
  return Math.floor((Date.now() - built) / 86_400_000);
}

function writeJunit(results: ScanResult[], file: string): void {
  const cases = results.map((r) => {
    const name = r.file.replace(/"/g, "&quot;");
    if (r.status === "infected") return `  <testcase name="${name}"><failure message="${r.signature}"/></testcase>`;
    if (r.status === "error") return `  <testcase name="${name}"><error message="scan error"/></testcase>`;
    if (r.status === "skipped") return `  <testcase name="${name}"><skipped/></testcase>`;
    return `  <testcase name="${name}"/>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="clamd" tests="${results.length}">\n` +
    `${cases.join("\n")}\n</testsuite>\n`;
  writeFileSync(file, xml);
}

async function main(): Promise<void> {
  const pong = await command("PING").catch((err: Error) => `unreachable (${err.message})`);
  if (pong !== "PONG") {
    console.error(`clamd at ${HOST}:${PORT} not ready: ${pong}; start it with docker compose up -d clamav`);
    process.exitCode = 2;
    return;
  }
  const version = await command("VERSION");
  console.log(`clamd: ${version}`);
  const files = TARGETS.flatMap((t) => [...walk(path.join(ROOT, t))]);
  if (!files.length) {
    console.log("no artifacts to scan");
    return;
  }
  const started = Date.now();
  const results = await mapLimit(files, CONCURRENCY, scanOne);
  const counts = summarise(results);
  for (const r of results.filter((x) => x.status !== "clean")) {
    console.log(`${r.status.toUpperCase().padEnd(8)} ${r.file} ${r.signature ?? r.message ?? ""}`);
  }
  const out = path.join(ROOT, "reports", "clamd-scan.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ version, seconds: (Date.now() - started) / 1000, counts, results }, null, 2));
  writeJunit(results, path.join(ROOT, "reports", "clamd-scan.junit.xml"));
  const age = await signatureAge();
  if (age !== null && age > 3) console.warn(`warning: clamd signatures are ${age} days old`);
  console.log(`${files.length} files: ${JSON.stringify(counts)} -> ${path.relative(ROOT, out)}`);
  if (counts.infected) process.exitCode = 1;
  else if (counts.error) process.exitCode = 2;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 2;
});
