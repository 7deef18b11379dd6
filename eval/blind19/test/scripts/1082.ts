// scripts/pairing-tunnel.ts - share the local API with a remote pairing partner.
//
// Opens a cloudflared quick tunnel to 127.0.0.1:$API_PORT for a limited time
// and protects it with a shared secret header checked by a tiny local proxy
// (the proxy listens on 127.0.0.1 only and forwards to the API). Both the
// proxy and cloudflared are children of this script and end with it.
//
//   npx tsx scripts/pairing-tunnel.ts --minutes 45

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { mkdirSync, writeFileSync, rmSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const STATE = path.join(ROOT, ".cache", "pairing");
const API_PORT = Number(process.env.API_PORT ?? 8080);
const PROXY_PORT = Number(process.env.PAIRING_PROXY_PORT ?? 8099);
const HEADER = "x-pairing-secret";
const URL_PATTERN = /https:\/\/[a-z0-9-]+\.trycloudflare\.com/;

let tunnel: ChildProcess | undefined;
let proxy: http.Server | undefined;
let shuttingDown = false;

function parseMinutes(argv: string[]): number {
  const i = argv.indexOf("--minutes");
  const n = i >= 0 ? Number(argv[i + 1]) : 30;
  if (!Number.isFinite(n) || n < 1 || n > 180) throw new Error("--minutes must be 1..180");
  return n;
}

function apiUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port: API_PORT, path: "/healthz", timeout: 1000 }, (res) => {
      res.resume();
      resolve((res.statusCode ?? 500) < 500);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => {
      req.destroy();
      resolve(false);
    });
  });
}

function startProxy(secret: string): Promise<void> {
  proxy = http.createServer((req, res) => {
    if (req.headers[HEADER] !== secret) {
      res.writeHead(401, { "content-type": "text/plain" }).end("missing or wrong pairing secret\n");
      return;
    }
    const upstream = http.request(
      { host: "127.0.0.1", port: API_PORT, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${API_PORT}` } },
      (up) => {
        recordRequest(req.method, req.url, up.statusCode ?? 502);
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end("api unavailable\n"));
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    proxy!.once("error", reject);
    proxy!.listen(PROXY_PORT, "127.0.0.1", () => resolve());
  });
}

function startTunnel(): Promise<string> {
  mkdirSync(STATE, { recursive: true });
  const logFile = path.join(STATE, "cloudflared.log");
  tunnel = spawn("cloudflared", ["tunnel", "--no-autoupdate", "--url", `http://127.0.0.1:${PROXY_PORT}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  writeFileSync(path.join(STATE, "cloudflared.pid"), String(tunnel.pid));
  let log = "";
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      log += d.toString();
      writeFileSync(logFile, log);
      const m = log.match(URL_PATTERN);
      if (m) resolve(m[0]);
    };
    tunnel!.stdout?.on("data", onData);
    tunnel!.stderr?.on("data", onData);
    tunnel!.on("exit", (code) => {
      if (!shuttingDown) reject(new Error(`cloudflared exited with ${code}; see ${path.relative(ROOT, logFile)}`));
    });
    setTimeout(() => reject(new Error("no tunnel URL after 30s")), 30_000).unref();
  });
}

function shutdown(code: number): void {
  if (shuttingDown) return;
  shuttingDown = true;
  if (tunnel && tunnel.exitCode === null) tunnel.kill("SIGTERM");
  proxy?.close();
  writeRequestLog();
  rmSync(path.join(STATE, "cloudflared.pid"), { force: true });
  rmSync(path.join(STATE, "session.json"), { force: true });
  console.log("pairing tunnel closed");
  setTimeout(() => process.exit(code), 200);
}

function previousSession(): { url: string; until: string } | null {
  const file = path.join(STATE, "session.json");
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, { encoding: "utf8" }));
  } catch {
    return null;
  }
}

interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
}

const requestLog: RequestLogEntry[] = [];

function recordRequest(method: string | undefined, p: string | undefined, status: number): void {
  requestLog.push({ at: new Date().toISOString(), method: method ?? "?", path: p ?? "/", status });
  if (requestLog.length > 500) requestLog.shift();
}

function writeRequestLog(): void {
  // method/path/status only; no headers or bodies are kept
  if (requestLog.length === 0) return;
  writeFileSync(path.join(STATE, `requests-${Date.now()}.json`), JSON.stringify(requestLog, null, 2));
  console.log(`${requestLog.length} request(s) served through the tunnel`);
}

function reapStale(): void {
  const pidFile = path.join(STATE, "cloudflared.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8"));
  let comm = "";
  try {
    comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    comm = "";
  }
  if (comm === "cloudflared") {
    try {
      process.kill(pid, "SIGTERM");
      console.log(`stopped cloudflared left over from an earlier session (${pid})`);
    } catch {
      // already gone
    }
  }
  rmSync(pidFile, { force: true });
}

function curlExample(url: string, secret: string): string {
  return `curl -H '${HEADER}: ${secret}' ${url}/healthz`;
}

async function main(): Promise<void> {
  const minutes = parseMinutes(process.argv.slice(2));
  reapStale();
  const prev = previousSession();
  if (prev && new Date(prev.until).getTime() > Date.now()) {
    console.log(`note: a previous session (${prev.url}) was not closed cleanly`);
  }
  if (!(await apiUp())) throw new Error(`API not answering on 127.0.0.1:${API_PORT}; start it first`);
  const secret = randomBytes(18).toString("base64url");
  await startProxy(secret);
  const url = await startTunnel();
  const until = new Date(Date.now() + minutes * 60_000);
  writeFileSync(path.join(STATE, "session.json"), JSON.stringify({ url, until: until.toISOString() }));
  console.log(`\nshare with your partner (valid until ${until.toLocaleTimeString()}):`);
  console.log(`  URL:    ${url}`);
  console.log(`  header: ${HEADER}: ${secret}`);
  console.log(`  try:    ${curlExample(url, secret)}\n`);
  setTimeout(() => {
    console.log("time is up");
    shutdown(0);
  }, minutes * 60_000);
}

process.on("SIGINT", () => shutdown(130));
process.on("SIGTERM", () => shutdown(143));
main().catch((err: Error) => {
  console.error(`pairing-tunnel: ${err.message}`);
  shutdown(1);
});
