#!/usr/bin/env -S npx tsx
/**
 * Terminal dashboard for the HAProxy of the local load-balancing lab.
 *
 * Connects to the runtime API over the stats socket (HAPROXY_SOCKET, default
 * /var/run/haproxy.sock, mounted from the compose service) and refreshes a
 * table of frontends/backends/servers every --interval seconds.
 *
 * The socket accepts state-changing commands ("disable server", "set server
 * ... state maint"); this tool deliberately sends only the commands listed in
 * READ_ONLY and rejects anything else at the type level and at runtime.
 *
 *   npx tsx tools/haproxy-top.ts
 *   npx tsx tools/haproxy-top.ts --interval 2 --backend be_api
 *   npx tsx tools/haproxy-top.ts --once --json > build/haproxy-state.json
 */
import { createConnection } from "node:net";
import { existsSync } from "node:fs";

const SOCKET = process.env.HAPROXY_SOCKET ?? "/var/run/haproxy.sock";
const READ_ONLY = ["show stat", "show info", "show servers state", "show backend", "show sess"] as const;
type ReadOnlyCommand = (typeof READ_ONLY)[number];

interface StatRow {
  pxname: string;
  svname: string;
  status: string;
  scur: number;
  smax: number;
  slim: number;
  stot: number;
  bin: number;
  bout: number;
  hrsp_5xx: number;
  rtime: number;
  check_status: string;
  lastchg: number;
}

const NUMERIC: (keyof StatRow)[] = ["scur", "smax", "slim", "stot", "bin", "bout", "hrsp_5xx", "rtime", "lastchg"];

function send(command: ReadOnlyCommand, timeoutMs = 3000): Promise<string> {
  if (!READ_ONLY.includes(command)) return Promise.reject(new Error(`refusing command ${command}`));
  return new Promise((resolve, reject) => {
    const sock = createConnection(SOCKET);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error(`timeout talking to ${SOCKET}`));
    }, timeoutMs);
    sock.on("connect", () => sock.write(`${command}\n`));
    sock.on("data", (d) => chunks.push(d));
    sock.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    sock.on("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
  });
}

function parseStat(raw: string): StatRow[] {
  const lines = raw.trim().split("\n");
  if (!lines.length || !lines[0].startsWith("#")) return [];
  const header = lines[0].replace(/^#\s*/, "").split(",");
  return lines.slice(1).map((line) => {
    const cells = line.split(",");
    const row: Record<string, string | number> = {};
    header.forEach((h, i) => {
      if (h) row[h] = cells[i] ?? "";
    });
    for (const k of NUMERIC) row[k] = Number(row[k] || 0);
    return row as unknown as StatRow;
  });
}

function parseInfo(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of raw.split("\n")) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

function bytes(n: number): string {
  const units = ["B", "K", "M", "G", "T"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(i ? 1 : 0)}${units[i]}`;
}

function age(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86400)}d`;
}

function colour(status: string): string {
  if (!process.stdout.isTTY) return status;
  if (status.startsWith("UP") || status === "OPEN") return `\x1b[32m${status}\x1b[0m`;
  if (status.startsWith("DOWN")) return `\x1b[31m${status}\x1b[0m`;
  if (status === "MAINT" || status === "DRAIN") return `\x1b[33m${status}\x1b[0m`;
  return status;
}

function render(rows: StatRow[], info: Record<string, string>): string {
  const lines: string[] = [];
  lines.push(
    `HAProxy ${info.Version ?? "?"}  pid ${info.Pid ?? "?"}  uptime ${info.Uptime ?? "?"}  ` +
      `conns ${info.CurrConns ?? "?"}/${info.Maxconn ?? "?"}  ${new Date().toLocaleTimeString()}`,
  );
  lines.push("");
  const header = ["proxy", "server", "status", "cur", "max", "lim", "total", "in", "out", "5xx", "rt(ms)", "check", "chg"];
  const table = rows.map((r) => [
    r.pxname,
    r.svname,
    r.status,
    String(r.scur),
    String(r.smax),
    r.slim ? String(r.slim) : "-",
    String(r.stot),
    bytes(r.bin),
    bytes(r.bout),
    String(r.hrsp_5xx),
    String(r.rtime),
    r.check_status || "",
    age(r.lastchg),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
  lines.push(header.map((h, i) => h.padEnd(widths[i])).join("  "));
  for (const t of table) {
    lines.push(t.map((c, i) => (i === 2 ? colour(c) + " ".repeat(widths[i] - c.length) : c.padEnd(widths[i]))).join("  "));
  }
  const down = rows.filter((r) => r.status.startsWith("DOWN")).length;
  lines.push("", down ? `${down} server(s) DOWN` : "all servers up");
  return lines.join("\n");
}

interface Options {
  interval: number;
  backend?: string;
  once: boolean;
  json: boolean;
}

function options(argv: string[]): Options {
  const get = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  return {
    interval: Number(get("--interval") ?? 5),
    backend: get("--backend"),
    once: argv.includes("--once"),
    json: argv.includes("--json"),
  };
}

async function snapshot(opts: Options): Promise<{ rows: StatRow[]; info: Record<string, string> }> {
  const [stat, info] = await Promise.all([send("show stat"), send("show info")]);
  let rows = parseStat(stat);
  if (opts.backend) rows = rows.filter((r) => r.pxname === opts.backend);
  return { rows, info: parseInfo(info) };
}

async function main(): Promise<number> {
  const opts = options(process.argv.slice(2));
  if (!existsSync(SOCKET)) {
    console.error(`stats socket ${SOCKET} not found (docker compose up haproxy?)`);
    return 2;
  }
  if (opts.once) {
    const snap = await snapshot(opts);
    console.log(opts.json ? JSON.stringify(snap, null, 2) : render(snap.rows, snap.info));
    return snap.rows.some((r) => r.status.startsWith("DOWN")) ? 1 : 0;
  }
  let running = true;
  process.on("SIGINT", () => {
    running = false;
  });
  while (running) {
    try {
      const snap = await snapshot(opts);
      if (process.stdout.isTTY) process.stdout.write("\x1b[2J\x1b[H");
      console.log(render(snap.rows, snap.info));
    } catch (err) {
      console.error(`scrape failed: ${(err as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, Math.max(1, opts.interval) * 1000));
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`error: ${err.message}`);
    process.exitCode = 2;
  },
);
