#!/usr/bin/env -S npx tsx
/**
 * tools/e2e-guard.ts
 *
 * Runs the Playwright suite inside a transient systemd user scope so it gets
 * a memory ceiling and can be stopped as a unit, with a hard wall-clock
 * timeout. On timeout or Ctrl-C it stops exactly the scope it created
 * (systemctl --user stop <unit>), which takes down the browsers and the dev
 * server the suite spawned; nothing outside that unit is signalled.
 *
 *   e2e-guard.ts [--timeout 900] [--memory 6G] [-- playwright args...]
 *
 * Falls back to a detached process group (and killing that group only) on
 * machines without a systemd user session (e.g. macOS).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const LOG_DIR = path.join(REPO, "test-results", "guard");

interface Options {
  timeoutSec: number;
  memory: string;
  extra: string[];
}

function parse(argv: string[]): Options {
  const opts: Options = { timeoutSec: 900, memory: "6G", extra: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      opts.extra = argv.slice(i + 1);
      break;
    }
    if (a === "--timeout") opts.timeoutSec = Number(argv[++i]);
    else if (a === "--memory") opts.memory = argv[++i];
    else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isFinite(opts.timeoutSec) || opts.timeoutSec <= 0) throw new Error("--timeout must be a positive number");
  if (!/^\d+[KMG]$/.test(opts.memory)) throw new Error("--memory like 4G or 512M");
  return opts;
}

function hasSystemdUser(): boolean {
  if (process.platform !== "linux") return false;
  return spawnSync("systemctl", ["--user", "is-system-running"], { encoding: "utf8" }).status !== null &&
    spawnSync("systemctl", ["--user", "show-environment"], { stdio: "ignore" }).status === 0;
}

class Guarded {
  private child?: ChildProcess;
  readonly unit = `ledger-e2e-${randomBytes(4).toString("hex")}`;
  private useScope = hasSystemdUser();

  start(opts: Options, logFile: string): Promise<number> {
    const cmd = ["npx", "--no-install", "playwright", "test", ...opts.extra];
    const out = fs.openSync(logFile, "a");
    if (this.useScope) {
      this.child = spawn(
        "systemd-run",
        ["--user", "--scope", "--quiet", `--unit=${this.unit}`, "-p", `MemoryMax=${opts.memory}`, "-p", "MemorySwapMax=0", ...cmd],
        { cwd: REPO, stdio: ["ignore", out, out] },
      );
    } else {
      this.child = spawn(cmd[0], cmd.slice(1), { cwd: REPO, stdio: ["ignore", out, out], detached: true });
    }
    return new Promise((resolve) => {
      this.child!.on("exit", (code, signal) => {
        fs.closeSync(out);
        resolve(code ?? (signal ? 128 : 1));
      });
    });
  }

  stop(reason: string): void {
    console.log(`stopping e2e run (${reason})`);
    if (this.useScope) {
      // stops only the transient scope we created above
      spawnSync("systemctl", ["--user", "stop", `${this.unit}.scope`], { stdio: "ignore" });
    } else if (this.child?.pid) {
      try {
        process.kill(-this.child.pid, "SIGTERM");
        setTimeout(() => {
          try {
            process.kill(-this.child!.pid!, "SIGKILL");
          } catch {
            /* already gone */
          }
        }, 5000).unref();
      } catch {
        /* already gone */
      }
    }
  }

  usage(): string {
    if (!this.useScope) return "";
    const r = spawnSync("systemctl", ["--user", "show", `${this.unit}.scope`, "-p", "MemoryPeak", "--value"], { encoding: "utf8" });
    const bytes = Number((r.stdout ?? "").trim());
    return Number.isFinite(bytes) && bytes > 0 ? `peak memory ${(bytes / 1073741824).toFixed(2)} GiB` : "";
  }
}

/**
 * Old guard logs pile up on CI runners with persistent workspaces; keep the
 * newest 20 and remove the rest (only files this tool wrote, by name).
 */
function pruneLogs(keep = 20): void {
  if (!fs.existsSync(LOG_DIR)) return;
  const logs = fs
    .readdirSync(LOG_DIR)
    .filter((f) => /^run-[\dT-]+Z?\.log$/.test(f) || /^run-.*\.log$/.test(f))
    .sort()
    .reverse();
  for (const f of logs.slice(keep)) fs.rmSync(path.join(LOG_DIR, f));
}

/**
 * Stale scopes from a crashed guard keep browsers alive. List ledger-e2e-*
 * scopes of this user that are older than two hours and stop them; they can
 * only have been created by this tool (the prefix is ours).
 */
function stopStaleScopes(): void {
  if (!hasSystemdUser()) return;
  const r = spawnSync("systemctl", ["--user", "list-units", "--type=scope", "--no-legend", "--plain", "ledger-e2e-*"], {
    encoding: "utf8",
  });
  for (const line of (r.stdout ?? "").split("\n").filter(Boolean)) {
    const unit = line.split(/\s+/)[0];
    const since = spawnSync("systemctl", ["--user", "show", unit, "-p", "ActiveEnterTimestampMonotonic", "--value"], {
      encoding: "utf8",
    }).stdout?.trim();
    const uptimeSec = Number(fs.readFileSync("/proc/uptime", "utf8").split(" ")[0]);
    const ageSec = since ? uptimeSec - Number(since) / 1e6 : 0;
    if (ageSec > 7200) {
      spawnSync("systemctl", ["--user", "stop", unit], { stdio: "ignore" });
      console.log(`stopped stale ${unit} (${Math.round(ageSec / 60)} min old)`);
    }
  }
}

function tail(file: string, lines = 40): string {
  if (!fs.existsSync(file)) return "";
  return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  fs.mkdirSync(LOG_DIR, { recursive: true });
  pruneLogs();
  stopStaleScopes();
  const logFile = path.join(LOG_DIR, `run-${new Date().toISOString().replace(/[:.]/g, "-")}.log`);
  const guard = new Guarded();
  let reason: string | null = null;

  const timer = setTimeout(() => {
    reason = `timeout after ${opts.timeoutSec}s`;
    guard.stop(reason);
  }, opts.timeoutSec * 1000);
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      reason = sig;
      guard.stop(sig);
    });
  }

  console.log(`e2e run in ${guard.unit} (memory ${opts.memory}, timeout ${opts.timeoutSec}s); log ${path.relative(REPO, logFile)}`);
  const started = Date.now();
  const code = await guard.start(opts, logFile);
  clearTimeout(timer);
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`finished with exit ${code} after ${secs}s ${guard.usage()}`);
  if (code !== 0) console.log(tail(logFile));
  process.exitCode = reason ? 124 : code;
}

main().catch((e: Error) => {
  console.error(`e2e-guard: ${e.message}`);
  process.exit(2);
});
