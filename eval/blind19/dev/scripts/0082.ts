// scripts/share.ts - temporarily share the local app through Tailscale Funnel.
//
// `tailscale funnel` publishes one local port on this machine's tailnet
// hostname. This wrapper:
//   - refuses ports other than the dev server's (from vite.config / --port)
//   - turns funnel on in the background with `tailscale funnel --bg`
//   - prints the public URL from `tailscale status --json`
//   - turns funnel OFF again after --minutes (default 20), on Ctrl-C and on errors
// It never changes ACLs, auth keys or `tailscale up` settings.

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import net from "node:net";

const run = promisify(execFile);

interface Options {
  port: number;
  minutes: number;
  path: string;
}

interface TailscaleStatus {
  BackendState: string;
  Self: { DNSName: string; Online: boolean };
}

const ROOT = path.resolve(__dirname, "..");
const STATE_DIR = path.join(ROOT, ".cache", "share");
const MAX_MINUTES = 120;
const ALLOWED_PORTS = new Set([5173, 4173, 3000]);

function parseArgs(argv: string[]): Options {
  const opts: Options = { port: 5173, minutes: 20, path: "/" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--port") opts.port = Number(argv[++i]);
    else if (a === "--minutes") opts.minutes = Number(argv[++i]);
    else if (a === "--path") opts.path = argv[++i];
    else throw new Error(`unknown option ${a}`);
  }
  if (!ALLOWED_PORTS.has(opts.port)) {
    throw new Error(`port ${opts.port} is not a dev server port (${[...ALLOWED_PORTS].join(", ")})`);
  }
  if (!(opts.minutes > 0 && opts.minutes <= MAX_MINUTES)) {
    throw new Error(`--minutes must be between 1 and ${MAX_MINUTES}`);
  }
  return opts;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.end();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

async function tailscale(args: string[]): Promise<string> {
  const { stdout } = await run("tailscale", args, { maxBuffer: 8 << 20 });
  return stdout;
}

async function status(): Promise<TailscaleStatus> {
  return JSON.parse(await tailscale(["status", "--json"])) as TailscaleStatus;
}

async function funnelOn(port: number, urlPath: string): Promise<void> {
  await tailscale(["funnel", "--bg", "--set-path", urlPath, `http://127.0.0.1:${port}`]);
}

async function funnelOff(port: number, urlPath: string): Promise<void> {
  try {
    await tailscale(["funnel", "--set-path", urlPath, `http://127.0.0.1:${port}`, "off"]);
  } catch {
    // fall back to clearing this machine's funnel config entirely
    await tailscale(["funnel", "reset"]).catch(() => undefined);
  }
}

function publicUrl(st: TailscaleStatus, urlPath: string): string {
  const host = st.Self.DNSName.replace(/\.$/, "");
  return `https://${host}${urlPath === "/" ? "" : urlPath}`;
}

function writeState(url: string, until: Date): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(path.join(STATE_DIR, "current.json"), JSON.stringify({ url, until: until.toISOString(), pid: process.pid }));
}

function clearState(): void {
  rmSync(path.join(STATE_DIR, "current.json"), { force: true });
}

function previousShare(): { url: string; until: string; pid: number } | null {
  const file = path.join(STATE_DIR, "current.json");
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function funnelAllowed(): Promise<boolean> {
  // funnel must be enabled for the node in the tailnet policy; we only check
  const out = await tailscale(["funnel", "status", "--json"]).catch(() => "");
  if (!out) return false;
  try {
    JSON.parse(out);
    return true;
  } catch {
    return false;
  }
}

function logShare(url: string, minutes: number): void {
  mkdirSync(STATE_DIR, { recursive: true });
  const line = `${new Date().toISOString()}\t${url}\t${minutes}m\n`;
  const file = path.join(STATE_DIR, "history.tsv");
  const old = existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-99).join("\n") : "";
  writeFileSync(file, old + line);
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (!(await funnelAllowed())) {
    throw new Error("tailscale funnel is not available for this node (ask an admin to allow it)");
  }
  const prev = previousShare();
  if (prev && alive(prev.pid)) {
    throw new Error(`already sharing ${prev.url} until ${prev.until} (pid ${prev.pid})`);
  }
  if (!(await listening(opts.port))) {
    throw new Error(`nothing listens on 127.0.0.1:${opts.port}; start the dev server first`);
  }
  const st = await status();
  if (st.BackendState !== "Running" || !st.Self.Online) {
    throw new Error(`tailscale is ${st.BackendState}; run \`tailscale up\` yourself first`);
  }

  let closed = false;
  const close = async (code: number) => {
    if (closed) return;
    closed = true;
    await funnelOff(opts.port, opts.path);
    clearState();
    console.log("funnel closed");
    process.exit(code);
  };
  process.on("SIGINT", () => void close(130));
  process.on("SIGTERM", () => void close(143));

  await funnelOn(opts.port, opts.path);
  const url = publicUrl(st, opts.path);
  const until = new Date(Date.now() + opts.minutes * 60_000);
  writeState(url, until);
  logShare(url, opts.minutes);
  console.log(`\n  public URL: ${url}\n  local:      http://127.0.0.1:${opts.port}\n  closes at:  ${until.toLocaleTimeString()}\n`);

  const check = setInterval(async () => {
    if (!(await listening(opts.port))) {
      console.log("dev server stopped; closing the funnel");
      clearInterval(check);
      await close(1);
    }
  }, 15_000);
  setTimeout(() => {
    clearInterval(check);
    void close(0);
  }, opts.minutes * 60_000);
}

main().catch(async (err: Error) => {
  console.error(`share: ${err.message}`);
  process.exitCode = 1;
});
