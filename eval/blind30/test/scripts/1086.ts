/**
 * tika-metadata.ts - bulk metadata extraction with Apache Tika running in Docker
 *
 *   npx tsx tools/tika-metadata.ts archive/2019-correspondence [--csv build/tika/metadata.csv]
 *
 * Starts the apache/tika container published on 127.0.0.1 only (docker run -p
 * 127.0.0.1:<port>:9998, container name tika-meta-<pid>), waits for it, PUTs each file to
 * /meta and /language/stream, and writes one CSV row per file (content type, author,
 * created/modified dates, page count, language, encryption flag). The container is
 * removed at the end (--rm plus an explicit docker stop of the container it started).
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createReadStream, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const IMAGE = process.env.TIKA_IMAGE ?? "apache/tika:latest-full";
const CONTAINER = `tika-meta-${process.pid}`;

interface Row {
  file: string;
  bytes: number;
  contentType: string;
  author: string;
  created: string;
  modified: string;
  pages: string;
  language: string;
  encrypted: string;
  error: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function startTika(port: number): ChildProcess {
  return spawn("docker", ["run", "--rm", "--name", CONTAINER, "-p", `127.0.0.1:${port}:9998`, IMAGE], { stdio: ["ignore", "ignore", "pipe"] });
}

async function stopTika(): Promise<void> {
  await execFileP("docker", ["stop", "-t", "5", CONTAINER]).catch(() => undefined);
}

async function waitReady(base: string, ms = 120000): Promise<string> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/version`);
      if (res.ok) return (await res.text()).trim() || "unknown";
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 1500));
  }
  throw new Error("Tika container did not start");
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function put(base: string, route: string, file: string, accept: string): Promise<Response> {
  return fetch(`${base}${route}`, {
    method: "PUT",
    headers: { Accept: accept },
    body: createReadStream(file) as unknown as BodyInit,
    duplex: "half",
  } as RequestInit);
}

function pick(meta: Record<string, unknown>, ...keys: string[]): string {
  for (const k of keys) {
    const v = meta[k];
    if (v !== undefined && v !== null && v !== "") return Array.isArray(v) ? String(v[0]) : String(v);
  }
  return "";
}

async function describe(base: string, file: string, rootDir: string): Promise<Row> {
  const row: Row = { file: path.relative(rootDir, file), bytes: statSync(file).size, contentType: "", author: "", created: "", modified: "", pages: "", language: "", encrypted: "", error: "" };
  try {
    const metaRes = await put(base, "/meta", file, "application/json");
    if (!metaRes.ok) throw new Error(`meta HTTP ${metaRes.status}`);
    const meta = (await metaRes.json()) as Record<string, unknown>;
    row.contentType = pick(meta, "Content-Type");
    row.author = pick(meta, "dc:creator", "meta:author", "Author");
    row.created = pick(meta, "dcterms:created", "meta:creation-date");
    row.modified = pick(meta, "dcterms:modified", "Last-Modified");
    row.pages = pick(meta, "xmpTPg:NPages", "meta:page-count");
    row.encrypted = pick(meta, "pdf:encrypted");
    const langRes = await put(base, "/language/stream", file, "text/plain");
    if (langRes.ok) row.language = (await langRes.text()).trim();
  } catch (err) {
    row.error = (err as Error).message;
  }
  return row;
}

function typeSummary(rows: Row[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const t = (r.contentType || "unknown").split(";")[0];
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

function dateRange(rows: Row[]): string {
  const dates = rows.map((r) => r.created).filter((d) => /^\d{4}-\d{2}-\d{2}/.test(d)).sort();
  return dates.length ? `${dates[0].slice(0, 10)} .. ${dates[dates.length - 1].slice(0, 10)}` : "no creation dates";
}

async function dockerAvailable(): Promise<void> {
  try {
    await execFileP("docker", ["version", "--format", "{{.Server.Version}}"]);
  } catch {
    throw new Error("docker is not available (start Docker Desktop or the docker service)");
  }
}

function toCsv(rows: Row[]): string {
  const cols = Object.keys(rows[0] ?? { file: "" }) as (keyof Row)[];
  const esc = (v: unknown) => {
    const s = String(v ?? "");
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(","), ...rows.map((r) => cols.map((c) => esc(r[c])).join(","))].join("\n") + "\n";
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dir = argv.find((arg) => !arg.startsWith("--"));
  if (!dir) throw new Error("usage: tika-metadata.ts <folder> [--csv out.csv]");
  const ci = argv.indexOf("--csv");
  const csvPath = path.resolve(ROOT, ci >= 0 ? argv[ci + 1] : "build/tika/metadata.csv");
  if (!csvPath.startsWith(ROOT + path.sep)) throw new Error("--csv must be inside the repository");
  await dockerAvailable();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startTika(port);
  const cleanup = async () => {
    await stopTika();
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
  try {
    console.log(`Tika ${await waitReady(base)} on ${base}`);
    const rows: Row[] = [];
    const rootDir = path.resolve(dir);
    for (const file of walk(rootDir)) {
      rows.push(await describe(base, file, rootDir));
      if (rows.length % 100 === 0) console.log(`${rows.length} file(s)`);
    }
    mkdirSync(path.dirname(csvPath), { recursive: true, mode: 0o755 });
    writeFileSync(csvPath, toCsv(rows));
    const errors = rows.filter((r) => r.error).length;
    const encrypted = rows.filter((r) => r.encrypted === "true").length;
    console.log(`${rows.length} file(s), ${errors} error(s), ${encrypted} encrypted -> ${path.relative(ROOT, csvPath)}`);
    for (const [type, n] of typeSummary(rows).slice(0, 10)) console.log(`  ${String(n).padStart(6)}  ${type}`);
    console.log(`  created: ${dateRange(rows)}`);
  } finally {
    await cleanup();
  }
}

main().catch((err: Error) => {
  console.error(`tika-metadata: ${err.message}`);
  process.exit(1);
});
