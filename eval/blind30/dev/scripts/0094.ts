/**
 * Developer setup for the Indico plugin workspace on macOS.
 *
 *   npx tsx tools/mac-setup.ts
 *
 * Checks Homebrew services (postgresql@16, redis), creates the dev database, installs the
 * plugin in editable mode into Indico's virtualenv, and keeps the local Celery worker
 * available so email previews and PDF badges work while developing.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const INDICO_VENV = process.env.INDICO_VENV ?? path.join(os.homedir(), "dev", "indico", ".venv");

interface Service {
  name: string;
  check: () => boolean;
  start: () => void;
}

function brew(...args: string[]): string {
  return execFileSync("brew", args, { encoding: "utf8" });
}

const services: Service[] = [
  {
    name: "postgresql@16",
    check: () => brew("services", "list").includes("postgresql@16 started"),
    start: () => brew("services", "start", "postgresql@16"),
  },
  {
    name: "redis",
    check: () => brew("services", "list").includes("redis   started") || brew("services", "list").includes("redis started"),
    start: () => brew("services", "start", "redis"),
  },
];

function plist(label: string, program: string[], logDir: string): string {
  const args = program.map((a) => `    <string>${a}</string>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
  <key>Label</key><string>${label}</string>
  <key>ProgramArguments</key>
  <array>
${args}
  </array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
  <key>StandardOutPath</key><string>${logDir}/worker.log</string>
  <key>StandardErrorPath</key><string>${logDir}/worker.err</string>
</dict>
</plist>
`;
}

function ensureServices(): void {
  for (const s of services) {
    if (s.check()) {
      console.log(`${s.name}: running`);
    } else {
      console.log(`${s.name}: starting`);
      s.start();
    }
  }
}

function createDatabase(): void {
  try {
    execFileSync("createdb", ["indico_dev"], { stdio: "pipe" });
    execFileSync("psql", ["indico_dev", "-c", "CREATE EXTENSION IF NOT EXISTS unaccent; CREATE EXTENSION IF NOT EXISTS pg_trgm;"]);
    console.log("database indico_dev created");
  } catch {
    console.log("database indico_dev exists");
  }
}

function installPlugin(): void {
  const pip = path.join(INDICO_VENV, "bin", "pip");
  if (!existsSync(pip)) throw new Error(`Indico virtualenv not found at ${INDICO_VENV}`);
  execFileSync(pip, ["install", "-e", ROOT], { stdio: "inherit" });
}

function keepWorker(): void {
  const label = "org.indico.dev-worker";
  const agents = path.join(os.homedir(), "Library", "LaunchAgents");
  const logDir = path.join(ROOT, "log");
  mkdirSync(agents, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const file = path.join(agents, `${label}.plist`);
  writeFileSync(file, plist(label, [path.join(INDICO_VENV, "bin", "indico"), "celery", "worker", "-B"], logDir));
  execFileSync("launchctl", ["load", "-w", file]);
  console.log("celery worker registered");
}

function main(): void {
  if (os.platform() !== "darwin") throw new Error("this setup script is for macOS");
  ensureServices();
  createDatabase();
  installPlugin();
  keepWorker();
  console.log("done: run `indico run` in the Indico checkout");
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
