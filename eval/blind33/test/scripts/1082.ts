#!/usr/bin/env -S npx tsx
/**
 * litmus-run.ts — run LitmusChaos experiments in the sandbox cluster and
 * collect verdicts.
 *
 * Each file in chaos/litmus/*.yaml is a ChaosEngine. The runner:
 *   - validates spec.appinfo.appns against SANDBOX and that the engine's
 *     namespace is litmus-sandbox,
 *   - checks that the referenced ChaosExperiment exists,
 *   - applies the engine (kubectl apply -f -, argv only),
 *   - polls the ChaosResult until verdict is Pass/Fail/Stopped or the timeout,
 *   - deletes the ChaosEngine it created (finally + SIGINT/SIGTERM).
 *
 *   npx tsx chaos/litmus-run.ts               all engines
 *   npx tsx chaos/litmus-run.ts pod-delete    one engine (file stem)
 *   npx tsx chaos/litmus-run.ts --dry-run
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse, stringify } from "yaml";

const ROOT = resolve(__dirname, "..");
const ENGINE_DIR = join(ROOT, "chaos", "litmus");
const RESULTS = join(ROOT, "build", "litmus");
const ENGINE_NS = "litmus-sandbox";
const SANDBOX = new Set(["checkout-sandbox", "search-sandbox"]);
const ALLOWED_CONTEXTS = new Set(["kind-chaos", "dev-cluster"]);
const POLL_MS = 5_000;
const snooze = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface ChaosEngine {
  apiVersion: string;
  kind: "ChaosEngine";
  metadata: { name: string; namespace: string };
  spec: {
    appinfo?: { appns?: string; applabel?: string; appkind?: string };
    engineState?: string;
    experiments: { name: string; spec?: { components?: { env?: { name: string; value: string }[] } } }[];
  };
}

interface Verdict {
  engine: string;
  experiment: string;
  verdict: string;
  phase: string;
  probeSuccess: string;
  seconds: number;
}

const created: { name: string; namespace: string }[] = [];

function kubectl(args: string[], input?: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("kubectl", args, { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`kubectl ${args.slice(0, 3).join(" ")}: ${err.trim()}`))));
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

function loadEngine(file: string): ChaosEngine {
  const doc = parse(readFileSync(file, "utf8")) as ChaosEngine;
  if (doc?.kind !== "ChaosEngine") throw new Error(`${file}: not a ChaosEngine`);
  if (doc.metadata.namespace !== ENGINE_NS) throw new Error(`${doc.metadata.name}: engine must live in ${ENGINE_NS}`);
  const appns = doc.spec.appinfo?.appns;
  if (appns && !SANDBOX.has(appns)) throw new Error(`${doc.metadata.name}: target namespace ${appns} is not a sandbox`);
  if (!doc.spec.experiments?.length) throw new Error(`${doc.metadata.name}: no experiments`);
  return doc;
}

async function experimentExists(name: string): Promise<boolean> {
  try {
    await kubectl(["get", "chaosexperiment", name, "-n", ENGINE_NS, "-o", "name"]);
    return true;
  } catch {
    return false;
  }
}

async function cleanup(): Promise<void> {
  while (created.length) {
    const e = created.pop()!;
    await kubectl(["delete", "chaosengine", e.name, "-n", e.namespace, "--ignore-not-found", "--wait=false"]).catch(() => undefined);
    console.log(`  removed chaosengine/${e.name}`);
  }
}

async function resultFor(engine: string, experiment: string): Promise<Record<string, any> | null> {
  try {
    const out = await kubectl(["get", "chaosresult", `${engine}-${experiment}`, "-n", ENGINE_NS, "-o", "json"]);
    return JSON.parse(out);
  } catch {
    return null;
  }
}

async function runEngine(doc: ChaosEngine, timeoutMin: number): Promise<Verdict[]> {
  for (const exp of doc.spec.experiments) {
    if (!(await experimentExists(exp.name))) throw new Error(`ChaosExperiment ${exp.name} is not installed in ${ENGINE_NS}`);
  }
  const engine = { ...doc, spec: { ...doc.spec, engineState: "active" } };
  await kubectl(["apply", "-f", "-"], stringify(engine));
  created.push({ name: doc.metadata.name, namespace: ENGINE_NS });
  const started = Date.now();
  const verdicts: Verdict[] = [];
  const pending = new Set(doc.spec.experiments.map((e) => e.name));
  while (pending.size && Date.now() - started < timeoutMin * 60_000) {
    await snooze(POLL_MS);
    for (const exp of [...pending]) {
      const res = await resultFor(doc.metadata.name, exp);
      const status = res?.status?.experimentStatus;
      if (!status) continue;
      if (["Pass", "Fail", "Stopped"].includes(status.verdict)) {
        pending.delete(exp);
        verdicts.push({
          engine: doc.metadata.name,
          experiment: exp,
          verdict: status.verdict,
          phase: status.phase,
          probeSuccess: status.probeSuccessPercentage ?? "n/a",
          seconds: Math.round((Date.now() - started) / 1000),
        });
      }
    }
  }
  for (const exp of pending) {
    verdicts.push({ engine: doc.metadata.name, experiment: exp, verdict: "Timeout", phase: "-", probeSuccess: "n/a", seconds: timeoutMin * 60 });
  }
  await cleanup();
  return verdicts;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const dryRun = argv.includes("--dry-run");
  const timeoutIdx = argv.indexOf("--timeout");
  const timeoutMin = timeoutIdx >= 0 ? Number(argv[timeoutIdx + 1]) : 15;
  const names = argv.filter((a, i) => !a.startsWith("--") && argv[i - 1] !== "--timeout");

  const context = (await kubectl(["config", "current-context"])).trim();
  if (!ALLOWED_CONTEXTS.has(context)) throw new Error(`kube context ${context} is not allowed`);

  const files = readdirSync(ENGINE_DIR)
    .filter((f) => f.endsWith(".yaml"))
    .filter((f) => !names.length || names.includes(f.replace(/\.yaml$/, "")))
    .map((f) => join(ENGINE_DIR, f));
  if (!files.length) throw new Error("no engines selected");

  const engines = files.map(loadEngine);
  if (dryRun) {
    for (const e of engines) {
      await kubectl(["apply", "--dry-run=server", "-f", "-"], stringify(e));
      console.log(`ok (dry run) ${e.metadata.name}: ${e.spec.experiments.map((x) => x.name).join(", ")} -> ${e.spec.appinfo?.appns}`);
    }
    return 0;
  }

  const stop = async (sig: string) => {
    console.log(`\n${sig}: removing engines created by this run`);
    await cleanup();
    process.exit(130);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));

  const verdicts: Verdict[] = [];
  try {
    for (const e of engines) {
      console.log(`== ${e.metadata.name}`);
      verdicts.push(...(await runEngine(e, timeoutMin)));
    }
  } finally {
    await cleanup();
  }
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, "verdicts.json"), JSON.stringify(verdicts, null, 2));
  for (const v of verdicts) {
    console.log(`${v.verdict.padEnd(8)} ${v.engine}/${v.experiment}  probes ${v.probeSuccess}%  ${v.seconds}s`);
  }
  return verdicts.every((v) => v.verdict === "Pass") ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  async (err: Error) => {
    console.error(`litmus-run: ${err.message}`);
    await cleanup();
    process.exitCode = 2;
  },
);
