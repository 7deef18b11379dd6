#!/usr/bin/env -S npx tsx
// Generate the VS Code debug/task configuration for the .NET + Angular repo.
//
// Discovers runnable projects (src/*/*.csproj with OutputType Exe or Web SDK)
// and Angular apps (angular.json), then writes .vscode/launch.json and
// .vscode/tasks.json. Existing entries whose names we do not generate are kept.
// No task is configured to run automatically (no runOn: folderOpen).
import { readFileSync, writeFileSync, existsSync, readdirSync, mkdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const VSCODE = path.join(ROOT, ".vscode");
const GENERATED_TAG = "[gen]";

interface DotnetProject {
  name: string;
  csproj: string;
  tfm: string;
  web: boolean;
}

interface LaunchConfig {
  name: string;
  [key: string]: unknown;
}

interface Task {
  label: string;
  [key: string]: unknown;
}

function stripJsonc(text: string): string {
  return text
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/,(\s*[}\]])/g, "$1");
}

function readJsonc<T>(file: string, fallback: T): T {
  if (!existsSync(file)) {
    return fallback;
  }
  try {
    return JSON.parse(stripJsonc(readFileSync(file, "utf8"))) as T;
  } catch (err) {
    throw new Error(`cannot parse ${path.relative(ROOT, file)}: ${(err as Error).message}`);
  }
}

function dotnetProjects(): DotnetProject[] {
  const src = path.join(ROOT, "src");
  if (!existsSync(src)) {
    return [];
  }
  const out: DotnetProject[] = [];
  for (const dir of readdirSync(src)) {
    const csproj = path.join(src, dir, `${dir}.csproj`);
    if (!existsSync(csproj)) {
      continue;
    }
    const xml = readFileSync(csproj, "utf8");
    const web = /Sdk="Microsoft\.NET\.Sdk\.Web"/.test(xml);
    const exe = web || /<OutputType>Exe<\/OutputType>/.test(xml);
    if (!exe) {
      continue;
    }
    const tfm = /<TargetFramework>([^<]+)<\/TargetFramework>/.exec(xml)?.[1] ?? "net8.0";
    out.push({ name: dir, csproj: path.relative(ROOT, csproj), tfm, web });
  }
  return out;
}

function angularApps(): string[] {
  const file = path.join(ROOT, "web", "angular.json");
  if (!existsSync(file)) {
    return [];
  }
  const cfg = JSON.parse(readFileSync(file, "utf8")) as { projects: Record<string, { projectType: string }> };
  return Object.entries(cfg.projects)
    .filter(([, p]) => p.projectType === "application")
    .map(([name]) => name);
}

function launchFor(p: DotnetProject): LaunchConfig {
  const base: LaunchConfig = {
    name: `${GENERATED_TAG} ${p.name}`,
    type: "coreclr",
    request: "launch",
    preLaunchTask: `${GENERATED_TAG} build ${p.name}`,
    program: `\${workspaceFolder}/src/${p.name}/bin/Debug/${p.tfm}/${p.name}.dll`,
    cwd: `\${workspaceFolder}/src/${p.name}`,
    stopAtEntry: false,
    env: { DOTNET_ENVIRONMENT: "Development" },
  };
  if (p.web) {
    base.env = { ASPNETCORE_ENVIRONMENT: "Development", ASPNETCORE_URLS: "http://127.0.0.1:5080" };
    base.serverReadyAction = { action: "openExternally", pattern: "\\bNow listening on:\\s+(https?://\\S+)" };
  }
  return base;
}

function angularLaunch(app: string): LaunchConfig {
  return {
    name: `${GENERATED_TAG} ${app} (Chrome)`,
    type: "chrome",
    request: "launch",
    preLaunchTask: `${GENERATED_TAG} ng serve ${app}`,
    url: "http://localhost:4200",
    webRoot: "${workspaceFolder}/web",
  };
}

function tasksFor(p: DotnetProject): Task[] {
  return [
    {
      label: `${GENERATED_TAG} build ${p.name}`,
      type: "process",
      command: "dotnet",
      args: ["build", `\${workspaceFolder}/${p.csproj}`, "/property:GenerateFullPaths=true", "/consoleloggerparameters:NoSummary"],
      problemMatcher: "$msCompile",
      group: "build",
    },
    {
      label: `${GENERATED_TAG} watch ${p.name}`,
      type: "process",
      command: "dotnet",
      args: ["watch", "run", "--project", `\${workspaceFolder}/${p.csproj}`],
      problemMatcher: "$msCompile",
      isBackground: true,
    },
  ];
}

function angularTask(app: string): Task {
  return {
    label: `${GENERATED_TAG} ng serve ${app}`,
    type: "npm",
    script: "start",
    path: "web",
    isBackground: true,
    args: ["--", "--project", app],
    problemMatcher: {
      owner: "typescript",
      pattern: "$tsc",
      background: { activelyMatches: true, beginsPattern: "Changes detected", endsPattern: "bundle generation complete" },
    },
  };
}

function merge<T extends { name?: string; label?: string }>(existing: T[], generated: T[]): T[] {
  const key = (x: T) => x.name ?? x.label ?? "";
  const kept = existing.filter((x) => !key(x).startsWith(GENERATED_TAG));
  return [...kept, ...generated];
}

function writeJson(file: string, data: unknown, check: boolean): boolean {
  const text = JSON.stringify(data, null, 2) + "\n";
  const old = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (old === text) {
    return false;
  }
  if (!check) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`${check ? "would update" : "updated"} ${path.relative(ROOT, file)}`);
  return true;
}

function main(): void {
  const check = process.argv.includes("--check");
  const projects = dotnetProjects();
  const apps = angularApps();
  console.log(`found ${projects.length} .NET project(s), ${apps.length} Angular app(s)`);

  const launchFile = path.join(VSCODE, "launch.json");
  const launch = readJsonc(launchFile, { version: "0.2.0", configurations: [] as LaunchConfig[] });
  launch.configurations = merge(launch.configurations, [...projects.map(launchFor), ...apps.map(angularLaunch)]);

  const tasksFile = path.join(VSCODE, "tasks.json");
  const tasks = readJsonc(tasksFile, { version: "2.0.0", tasks: [] as Task[] });
  tasks.tasks = merge(tasks.tasks, [...projects.flatMap(tasksFor), ...apps.map(angularTask)]);
  if (tasks.tasks.some((t) => (t as { runOptions?: { runOn?: string } }).runOptions?.runOn === "folderOpen")) {
    console.warn("note: an existing hand-written task runs on folder open; review .vscode/tasks.json");
  }

  const changed = [writeJson(launchFile, launch, check), writeJson(tasksFile, tasks, check)].some(Boolean);
  if (check && changed) {
    process.exitCode = 1;
  }
}

main();
