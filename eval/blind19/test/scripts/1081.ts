// build/unreal.ts - orchestrate Unreal builds for the "Harbor" project on the build box.
//
//   npx tsx build/unreal.ts editor                 compile the editor target
//   npx tsx build/unreal.ts package Win64 Shipping  BuildCookRun into Saved/Packages
//   npx tsx build/unreal.ts tests                   run automation tests headless
//   npx tsx build/unreal.ts clean                   remove Intermediate/, Binaries/, Saved/StagedBuilds
//
// UE_ROOT points at the engine; all outputs stay inside the project folder.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

type Platform = "Win64" | "Linux" | "Mac";
type Config = "Development" | "Shipping" | "DebugGame";

const PROJECT_DIR = path.resolve(__dirname, "..");
const UPROJECT = path.join(PROJECT_DIR, "Harbor.uproject");
const UE_ROOT = process.env.UE_ROOT ?? path.resolve(PROJECT_DIR, "..", "UnrealEngine");
const LOGS = path.join(PROJECT_DIR, "Saved", "Logs", "build");
const IS_WIN = os.platform() === "win32";

function batch(name: string): string {
  const dir = path.join(UE_ROOT, "Engine", "Build", "BatchFiles");
  return IS_WIN ? path.join(dir, `${name}.bat`) : path.join(dir, `${name}.sh`);
}

function editorCmd(): string {
  const bin = path.join(UE_ROOT, "Engine", "Binaries", IS_WIN ? "Win64" : os.platform() === "darwin" ? "Mac" : "Linux");
  return path.join(bin, IS_WIN ? "UnrealEditor-Cmd.exe" : "UnrealEditor-Cmd");
}

function run(label: string, cmd: string, args: string[]): Promise<number> {
  mkdirSync(LOGS, { recursive: true });
  const log = path.join(LOGS, `${label}-${Date.now()}.log`);
  console.log(`> ${label}: ${path.basename(cmd)} ${args.slice(0, 4).join(" ")} ...`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: PROJECT_DIR, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    const onData = (d: Buffer) => {
      chunks.push(d);
      const text = d.toString();
      for (const line of text.split("\n")) {
        if (/error|warning C\d+|BUILD (SUCCESSFUL|FAILED)/i.test(line)) process.stdout.write(`  ${line.trim()}\n`);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    const stop = () => child.kill("SIGINT");
    process.once("SIGINT", stop);
    child.on("close", (code) => {
      process.removeListener("SIGINT", stop);
      writeFileSync(log, Buffer.concat(chunks));
      console.log(`  log: ${path.relative(PROJECT_DIR, log)} (exit ${code})`);
      resolve(code ?? 1);
    });
  });
}

function checkEngine(): void {
  if (!existsSync(UPROJECT)) throw new Error(`no ${UPROJECT}`);
  if (!existsSync(batch("RunUAT"))) throw new Error(`RunUAT not found under ${UE_ROOT} (set UE_ROOT)`);
}

function engineVersion(): string {
  const file = path.join(UE_ROOT, "Engine", "Build", "Build.version");
  if (!existsSync(file)) return "unknown";
  const v = JSON.parse(readFileSync(file, "utf8"));
  return `${v.MajorVersion}.${v.MinorVersion}.${v.PatchVersion}`;
}

async function buildEditor(): Promise<number> {
  const platform = IS_WIN ? "Win64" : os.platform() === "darwin" ? "Mac" : "Linux";
  return run("editor", batch(IS_WIN ? "Build" : "Build"), ["HarborEditor", platform, "Development", `-Project=${UPROJECT}`, "-WaitMutex"]);
}

async function packageGame(platform: Platform, config: Config): Promise<number> {
  const archive = path.join(PROJECT_DIR, "Saved", "Packages", `${platform}-${config}`);
  rmSync(archive, { recursive: true, force: true });
  const args = [
    "BuildCookRun",
    `-project=${UPROJECT}`,
    "-noP4",
    `-platform=${platform}`,
    `-clientconfig=${config}`,
    "-build",
    "-cook",
    "-stage",
    "-pak",
    "-iostore",
    "-archive",
    `-archivedirectory=${archive}`,
    "-utf8output",
  ];
  if (config === "Shipping") args.push("-nodebuginfo", "-distribution");
  const code = await run(`package-${platform}-${config}`, batch("RunUAT"), args);
  if (code === 0) console.log(`archived to ${path.relative(PROJECT_DIR, archive)} (${(dirSize(archive) / 1e9).toFixed(2)} GB)`);
  return code;
}

async function automationTests(): Promise<number> {
  const report = path.join(PROJECT_DIR, "Saved", "Automation", "Report");
  rmSync(report, { recursive: true, force: true });
  const code = await run("tests", editorCmd(), [
    UPROJECT,
    "-ExecCmds=Automation RunTests Harbor; Quit",
    "-unattended",
    "-nullrhi",
    "-nosplash",
    "-nopause",
    `-ReportExportPath=${report}`,
  ]);
  const index = path.join(report, "index.json");
  if (existsSync(index)) {
    const data = JSON.parse(readFileSync(index, "utf8").replace(/^\uFEFF/, ""));
    console.log(`automation: ${data.succeeded ?? "?"} passed, ${data.failed ?? "?"} failed`);
    if (data.failed) return 1;
  }
  return code;
}

function dirSize(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? dirSize(p) : st.size;
  }
  return total;
}

function clean(): void {
  const targets = ["Intermediate", "Binaries", path.join("Saved", "StagedBuilds"), path.join("Saved", "Cooked")];
  for (const rel of targets) {
    const p = path.join(PROJECT_DIR, rel);
    if (existsSync(p)) {
      const gb = dirSize(p) / 1e9;
      rmSync(p, { recursive: true, force: true });
      console.log(`removed ${rel} (${gb.toFixed(2)} GB)`);
    }
  }
  for (const plugin of existsSync(path.join(PROJECT_DIR, "Plugins")) ? readdirSync(path.join(PROJECT_DIR, "Plugins")) : []) {
    for (const sub of ["Intermediate", "Binaries"]) {
      rmSync(path.join(PROJECT_DIR, "Plugins", plugin, sub), { recursive: true, force: true });
    }
  }
}

// Cooking needs a lot of space; warn early instead of failing an hour in.
function diskWarning(): void {
  const free = os.freemem();
  if (free < 8 * 1024 ** 3) console.log(`warning: only ${(free / 1024 ** 3).toFixed(1)} GB of free memory`);
}

async function main(): Promise<void> {
  const [cmd, a, b] = process.argv.slice(2);
  diskWarning();
  checkEngine();
  console.log(`engine ${engineVersion()} at ${UE_ROOT}`);
  let code = 0;
  switch (cmd) {
    case "editor":
      code = await buildEditor();
      break;
    case "package":
      code = await packageGame((a as Platform) ?? "Win64", (b as Config) ?? "Development");
      break;
    case "tests":
      code = await automationTests();
      break;
    case "clean":
      clean();
      break;
    default:
      console.log("usage: unreal.ts editor | package <Win64|Linux|Mac> <Development|Shipping> | tests | clean");
      code = 2;
  }
  process.exitCode = code;
}

main().catch((err: Error) => {
  console.error(`unreal: ${err.message}`);
  process.exitCode = 1;
});
