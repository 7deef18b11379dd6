#!/usr/bin/env -S npx tsx
/**
 * tools/etcd-backup.ts
 *
 * Periodic snapshots of the kind cluster's etcd for the operator e2e tests,
 * so a test that corrupts cluster state can be rolled back quickly.
 *
 *   etcd-backup.ts save [label]       etcdctl snapshot save -> .etcd-snapshots/
 *   etcd-backup.ts verify <file>      etcdutl snapshot status
 *   etcd-backup.ts list
 *   etcd-backup.ts prune --keep 5
 *   etcd-backup.ts get <prefix>       read keys (read-only helper for debugging)
 *
 * The etcd endpoint is reached through `kubectl port-forward` to the kind
 * control-plane pod; the client certs are copied out of the kind node into
 * a private temp dir that is deleted when the script exits. The kube context
 * must be a kind-* context: anything else is refused.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SNAP_DIR = path.join(ROOT, ".etcd-snapshots");
const LOCAL_PORT = 23790;
const LABEL_RE = /^[a-z0-9-]{1,40}$/;

const certDir = fs.mkdtempSync(path.join(os.tmpdir(), "etcd-certs-"));
fs.chmodSync(certDir, 0o700);
let portForward: ChildProcess | undefined;

function cleanup(): void {
  portForward?.kill("SIGTERM");
  fs.rmSync(certDir, { recursive: true, force: true });
}
process.on("exit", cleanup);
process.on("SIGINT", () => process.exit(130));

function sh(cmd: string, args: string[], env?: NodeJS.ProcessEnv): string {
  const res = spawnSync(cmd, args, { encoding: "utf8", env: { ...process.env, ...env } });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`${cmd} ${args[0]}: ${String(res.stderr).trim()}`);
  return String(res.stdout).trim();
}

function kindContext(): { context: string; cluster: string } {
  const context = sh("kubectl", ["config", "current-context"]);
  if (!context.startsWith("kind-")) throw new Error(`current context ${context} is not a kind cluster`);
  return { context, cluster: context.slice("kind-".length) };
}

function copyCerts(cluster: string): void {
  const node = `${cluster}-control-plane`;
  for (const file of ["ca.crt", "healthcheck-client.crt", "healthcheck-client.key"]) {
    sh("docker", ["cp", `${node}:/etc/kubernetes/pki/etcd/${file}`, path.join(certDir, file)]);
  }
}

async function startPortForward(context: string, cluster: string): Promise<void> {
  const pod = `etcd-${cluster}-control-plane`;
  portForward = spawn("kubectl", ["--context", context, "-n", "kube-system", "port-forward", `pod/${pod}`, `${LOCAL_PORT}:2379`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("port-forward did not come up")), 15000);
    portForward!.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("Forwarding from")) {
        clearTimeout(timer);
        resolve();
      }
    });
    portForward!.once("exit", (code) => reject(new Error(`port-forward exited ${code}`)));
  });
}

function etcdctl(args: string[]): string {
  return sh("etcdctl", [
    `--endpoints=https://127.0.0.1:${LOCAL_PORT}`,
    `--cacert=${path.join(certDir, "ca.crt")}`,
    `--cert=${path.join(certDir, "healthcheck-client.crt")}`,
    `--key=${path.join(certDir, "healthcheck-client.key")}`,
    ...args,
  ], { ETCDCTL_API: "3" });
}

async function connect(): Promise<void> {
  const { context, cluster } = kindContext();
  copyCerts(cluster);
  await startPortForward(context, cluster);
  etcdctl(["endpoint", "health"]);
}

async function save(label?: string): Promise<void> {
  if (label && !LABEL_RE.test(label)) throw new Error(`bad label ${label}`);
  await connect();
  fs.mkdirSync(SNAP_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(SNAP_DIR, `${stamp}${label ? "-" + label : ""}.db`);
  etcdctl(["snapshot", "save", file]);
  console.log(`saved ${path.relative(ROOT, file)} (${(fs.statSync(file).size / 1048576).toFixed(1)} MiB)`);
  verify(file);
}

function verify(file: string): void {
  const resolved = path.resolve(file);
  if (!resolved.startsWith(SNAP_DIR + path.sep)) throw new Error("only snapshots in .etcd-snapshots/ can be verified");
  const out = sh("etcdutl", ["snapshot", "status", resolved, "-w", "json"]);
  const s = JSON.parse(out) as { hash: number; revision: number; totalKey: number };
  console.log(`revision ${s.revision}, ${s.totalKey} keys, hash ${s.hash}`);
}

function list(): void {
  if (!fs.existsSync(SNAP_DIR)) {
    console.log("no snapshots");
    return;
  }
  for (const f of fs.readdirSync(SNAP_DIR).filter((x) => x.endsWith(".db")).sort()) {
    const st = fs.statSync(path.join(SNAP_DIR, f));
    console.log(`${f.padEnd(50)} ${(st.size / 1048576).toFixed(1).padStart(7)} MiB`);
  }
}

function prune(keep: number): void {
  if (!fs.existsSync(SNAP_DIR)) return;
  const files = fs.readdirSync(SNAP_DIR).filter((x) => x.endsWith(".db")).sort().reverse();
  for (const f of files.slice(keep)) {
    fs.rmSync(path.join(SNAP_DIR, f));
    console.log(`removed ${f}`);
  }
}

async function get(prefix: string): Promise<void> {
  if (!prefix.startsWith("/")) throw new Error("prefix must start with /");
  await connect();
  console.log(etcdctl(["get", prefix, "--prefix", "--keys-only", "--limit", "200"]));
}

/**
 * Restore is deliberately not automated against the running cluster: it
 * prints the exact steps for the kind node, using the newest snapshot unless
 * one is given, so the developer runs them knowingly.
 */
function restorePlan(file?: string): void {
  if (!fs.existsSync(SNAP_DIR)) throw new Error("no snapshots yet");
  const chosen =
    file ??
    path.join(
      SNAP_DIR,
      fs.readdirSync(SNAP_DIR).filter((x) => x.endsWith(".db")).sort().reverse()[0] ?? "",
    );
  if (!fs.existsSync(chosen)) throw new Error("no snapshot to restore");
  const { cluster } = kindContext();
  const node = `${cluster}-control-plane`;
  console.log(`# restore ${path.basename(chosen)} into kind cluster ${cluster}`);
  console.log(`docker cp ${chosen} ${node}:/tmp/restore.db`);
  console.log(`docker exec ${node} sh -c 'mv /etc/kubernetes/manifests/etcd.yaml /tmp/ && sleep 20'`);
  console.log(`docker exec ${node} etcdutl snapshot restore /tmp/restore.db --data-dir /var/lib/etcd-restore`);
  console.log(`docker exec ${node} sh -c 'mv /var/lib/etcd /var/lib/etcd.old && mv /var/lib/etcd-restore /var/lib/etcd'`);
  console.log(`docker exec ${node} mv /tmp/etcd.yaml /etc/kubernetes/manifests/`);
}

async function main(): Promise<void> {
  const [cmd = "list", arg, ...rest] = process.argv.slice(2);
  if (cmd === "restore-plan") return restorePlan(arg);
  switch (cmd) {
    case "save":
      return save(arg);
    case "verify":
      return verify(arg);
    case "list":
      return list();
    case "prune":
      return prune(arg === "--keep" ? Number(rest[0]) : 5);
    case "get":
      return get(arg ?? "/registry/namespaces/");
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main()
  .then(() => process.exit(0))
  .catch((e: Error) => {
    console.error(`etcd-backup: ${e.message}`);
    process.exit(1);
  });
