#!/usr/bin/env -S npx tsx
/**
 * gadget-exec-report.ts — record process executions in the developer's own
 * namespace with Inspektor Gadget and summarise them per pod.
 *
 *   npx tsx tools/gadget-exec-report.ts --seconds 60
 *   npx tsx tools/gadget-exec-report.ts --seconds 120 --pod gateway
 *
 * Runs `kubectl gadget run trace_exec` with --namespace dev-<user> and
 * --timeout, reading JSON events from stdout, so only workloads in that
 * namespace are observed.  The gadget process is started and stopped by
 * this script.  Output: build/gadget/exec-<stamp>.json and a table.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = join(REPO, "build", "gadget");

interface ExecEvent {
  k8s?: { namespace?: string; podName?: string; containerName?: string };
  proc?: { comm?: string; pid?: number; parent?: { comm?: string } };
  args?: string;
  error?: number;
  timestamp?: string;
}

interface PodSummary {
  pod: string;
  execs: number;
  programs: Map<string, number>;
  failures: number;
  shells: number;
}

const SHELLS = new Set(["sh", "bash", "dash", "ash", "zsh"]);
const NETWORK_TOOLS = new Set(["curl", "wget", "nc", "ncat", "ssh", "scp"]);

function options(argv: string[]) {
  const o = { seconds: 60, pod: "" as string, context: process.env.KUBE_DEV_CONTEXT ?? "dev-cluster" };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--seconds") o.seconds = Number(argv[++i]);
    else if (argv[i] === "--pod") o.pod = argv[++i];
    else if (argv[i] === "--context") o.context = argv[++i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!(o.seconds > 0 && o.seconds <= 900)) throw new Error("--seconds must be 1..900");
  return o;
}

function namespace(): string {
  const user = (process.env.USER ?? userInfo().username).toLowerCase().replace(/[^a-z0-9-]/g, "-");
  return `dev-${user}`;
}

async function collect(ctx: string, ns: string, seconds: number, pod: string): Promise<ExecEvent[]> {
  const args = [
    "--context", ctx,
    "gadget", "run", "trace_exec",
    "--namespace", ns,
    "--timeout", String(seconds),
    "--output", "json",
  ];
  if (pod) args.push("--podname", pod);
  console.error(`$ kubectl ${args.join(" ")}`);
  const child = spawn("kubectl", args, { stdio: ["ignore", "pipe", "inherit"] });
  const events: ExecEvent[] = [];
  const rl = createInterface({ input: child.stdout });
  rl.on("line", (line) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) return;
    try {
      events.push(JSON.parse(trimmed) as ExecEvent);
    } catch {
      // partial line at shutdown
    }
  });
  const stop = () => child.kill("SIGINT");
  process.once("SIGINT", stop);
  const code: number = await new Promise((res) => child.on("close", (c) => res(c ?? 0)));
  process.removeListener("SIGINT", stop);
  if (code !== 0 && !events.length) throw new Error(`kubectl gadget exited ${code}`);
  return events.filter((e) => (e.k8s?.namespace ?? ns) === ns);
}

function summarise(events: ExecEvent[]): PodSummary[] {
  const byPod = new Map<string, PodSummary>();
  for (const e of events) {
    const pod = e.k8s?.podName ?? "?";
    const s = byPod.get(pod) ?? { pod, execs: 0, programs: new Map(), failures: 0, shells: 0 };
    const comm = e.proc?.comm ?? "?";
    s.execs++;
    s.programs.set(comm, (s.programs.get(comm) ?? 0) + 1);
    if (e.error) s.failures++;
    if (SHELLS.has(comm)) s.shells++;
    byPod.set(pod, s);
  }
  return [...byPod.values()].sort((a, b) => b.execs - a.execs);
}

function findings(events: ExecEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    const comm = e.proc?.comm ?? "";
    if (NETWORK_TOOLS.has(comm)) out.push(`${e.k8s?.podName}: ran ${comm} ${e.args ?? ""}`.trim());
    if (SHELLS.has(comm) && e.proc?.parent?.comm && !SHELLS.has(e.proc.parent.comm)) {
      out.push(`${e.k8s?.podName}: ${e.proc.parent.comm} spawned a shell`);
    }
  }
  return [...new Set(out)].slice(0, 50);
}

const HELP = `gadget-exec-report.ts [--seconds N] [--pod NAME] [--context CTX]

Prerequisites
  * kubectl with the Inspektor Gadget plugin (kubectl krew install gadget)
  * the gadget DaemonSet deployed on the dev cluster by the platform team
  * a namespace named dev-<your user>

What is reported
  per pod         exec count, failed execs, shells started, top programs
  notes           network tools executed (curl, wget, nc, ssh, scp) and
                  shells spawned by non-shell parents, which often means a
                  library shells out unexpectedly

Events are filtered twice: by --namespace on the gadget side and again by
the namespace field of each event, so other teams' pods never appear in the
report even if the gadget returned them.`;

/** Compare program counts with the previous run to highlight new programs. */
function newPrograms(events: ExecEvent[]): string[] {
  const dir = OUT_DIR;
  let previous: ExecEvent[] = [];
  try {
    const files = readdirSync(dir).filter((f) => f.startsWith("exec-")).sort();
    if (files.length >= 2) previous = JSON.parse(readFileSync(join(dir, files[files.length - 2]), "utf8")) as ExecEvent[];
  } catch {
    return [];
  }
  const before = new Set(previous.map((e) => e.proc?.comm));
  return [...new Set(events.map((e) => e.proc?.comm).filter((c): c is string => Boolean(c) && !before.has(c)))];
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(HELP);
    return;
  }
  const o = options(process.argv.slice(2));
  const ns = namespace();
  const events = await collect(o.context, ns, o.seconds, o.pod);
  const pods = summarise(events);
  mkdirSync(OUT_DIR, { recursive: true });
  const file = join(OUT_DIR, `exec-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(events, null, 2));

  console.log(`${events.length} exec event(s) in ${ns} over ${o.seconds}s`);
  console.table(
    pods.map((p) => ({
      pod: p.pod,
      execs: p.execs,
      failed: p.failures,
      shells: p.shells,
      top: [...p.programs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([c, n]) => `${c}×${n}`).join(" "),
    })),
  );
  for (const f of findings(events)) console.log(`note: ${f}`);
  const fresh = newPrograms(events);
  if (fresh.length) console.log(`programs not seen in the previous run: ${fresh.join(", ")}`);
  console.log(`raw events: ${file.slice(REPO.length + 1)}`);
}

main().catch((err: Error) => {
  console.error(`gadget-exec-report: ${err.message}`);
  process.exitCode = 1;
});
