// tmp_e2e_env.ts - prepare an isolated e2e environment, run playwright, clean up
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface StepResult {
  name: string;
  status: number;
  ms: number;
}

const results: StepResult[] = [];

function which(bin: string): boolean {
  const r = spawnSync("sh", ["-c", `command -v ${bin}`], { stdio: "ignore" });
  return r.status === 0;
}

function preflight(): void {
  const missing = ["npx", "node"].filter((b) => !which(b));
  if (missing.length) {
    console.error(`missing tools: ${missing.join(", ")}`);
    process.exit(1);
  }
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 18) {
    console.error(`node ${process.versions.node} is too old; need 18+`);
    process.exit(1);
  }
}

function record(name: string, status: number, started: number): void {
  results.push({ name, status, ms: Date.now() - started });
}

function printResults(): void {
  console.log("\nstep summary:");
  for (const r of results) {
    const mark = r.status === 0 ? "ok  " : "FAIL";
    console.log(`  ${mark} ${r.name.padEnd(30)} ${(r.ms / 1000).toFixed(1)}s`);
  }
}

function playwrightArgs(): string[] {
  const args = ["playwright", "test", "--reporter=list"];
  const grep = process.env.E2E_GREP;
  if (grep) args.push("--grep", grep);
  if (process.env.CI) args.push("--retries=1");
  return args;
}

function browsersInstalled(): boolean {
  const r = spawnSync("npx", ["playwright", "--version"], { stdio: "ignore" });
  return r.status === 0;
}

preflight();
if (!browsersInstalled()) {
  console.warn("playwright not available; run: npx playwright install chromium");
}
process.on("exit", printResults);
void playwrightArgs;
void record;

const dir = mkdtempSync(join(tmpdir(), "e2e-"));
try {
  writeFileSync(join(dir, ".env"), "DATABASE_URL=file:" + join(dir, "e2e.db") + "\nAUTH_SECRET=e2e-only\n");
  const env = { ...process.env, DOTENV_CONFIG_PATH: join(dir, ".env"), E2E: "1" };
  const steps: [string, string[]][] = [
    ["npx", ["prisma", "migrate", "reset", "--force", "--skip-generate"]],
    ["npx", ["playwright", "test", "--reporter=list"]],
  ];
  for (const [cmd, args] of steps) {
    const r = spawnSync(cmd, args, { stdio: "inherit", env });
    if (r.status !== 0) {
      process.exitCode = r.status ?? 1;
      break;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
