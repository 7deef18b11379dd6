/**
 * aptly-api-release.ts - upload the project's .deb files to the local aptly
 * API (aptly api serve on 127.0.0.1:8088, started by `make aptly-api`), add them
 * to the project repo, snapshot, and with --publish switch the project's
 * filesystem publish endpoint to the new snapshot.
 *
 * Only repositories named in packaging/aptly-release.json are touched.  Upload
 * directories created on the aptly server are removed after they were added
 * (the API call `DELETE /api/files/<dir>` deletes just that upload dir).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

interface ReleaseConfig {
  repo: string;
  distribution: string;
  component: string;
  publishPrefix: string;
  gpgKey?: string;
  keepSnapshots: number;
}

interface AptlySnapshot {
  Name: string;
  CreatedAt: string;
  Description: string;
}

const ROOT = path.resolve(__dirname, "..");
const API = process.env.APTLY_API ?? "http://127.0.0.1:8088/api";
const DEBS = path.join(ROOT, "build", "debs");
const CONFIG: ReleaseConfig = JSON.parse(readFileSync(path.join(ROOT, "packaging", "aptly-release.json"), "utf8"));

function assertLocalApi(): void {
  const host = new URL(API).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") throw new Error(`aptly API must be local, got ${host}`);
}

async function api<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${pathname}`, {
    method,
    headers: body instanceof FormData ? undefined : { "Content-Type": "application/json" },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 400)}`);
  return (text ? JSON.parse(text) : null) as T;
}

function debFiles(): string[] {
  const files = readdirSync(DEBS).filter((f) => f.endsWith(".deb")).sort();
  if (!files.length) throw new Error(`no .deb files in ${path.relative(ROOT, DEBS)}`);
  return files.map((f) => path.join(DEBS, f));
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

async function upload(files: string[], dir: string): Promise<void> {
  const form = new FormData();
  for (const file of files) {
    const data = readFileSync(file);
    form.append("file", new Blob([data]), path.basename(file));
  }
  const uploaded = await api<string[]>("POST", `/files/${dir}`, form);
  console.log(`uploaded ${uploaded.length} file(s) to upload dir ${dir}`);
}

async function addToRepo(dir: string): Promise<void> {
  const report = await api<{ Report: { Added: string[]; Warnings: string[] }; FailedFiles: string[] }>(
    "POST", `/repos/${encodeURIComponent(CONFIG.repo)}/file/${dir}?forceReplace=0`);
  for (const w of report.Report.Warnings) console.warn(`aptly: ${w}`);
  if (report.FailedFiles.length) throw new Error(`aptly refused: ${report.FailedFiles.join(", ")}`);
  console.log(`added ${report.Report.Added.length} package(s) to ${CONFIG.repo}`);
}

async function removeUploadDir(dir: string): Promise<void> {
  await api("DELETE", `/files/${dir}`).catch((err: Error) => console.warn(`cleanup of ${dir}: ${err.message}`));
}

function snapshotName(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  return `${CONFIG.repo}-${pkg.version}-${new Date().toISOString().slice(0, 10).replace(/-/g, "")}`;
}

async function createSnapshot(name: string, files: string[]): Promise<void> {
  const description = `release of ${files.length} package(s): ${files.map((f) => path.basename(f)).join(", ")}`;
  await api("POST", `/repos/${encodeURIComponent(CONFIG.repo)}/snapshots`, { Name: name, Description: description });
  console.log(`snapshot ${name} created`);
}

async function publish(name: string): Promise<void> {
  const prefix = encodeURIComponent(CONFIG.publishPrefix);
  const published = await api<{ Prefix: string; Distribution: string; Storage: string }[]>("GET", "/publish");
  const existing = published.find((p) => `${p.Storage ? `${p.Storage}:` : ""}${p.Prefix}` === CONFIG.publishPrefix &&
    p.Distribution === CONFIG.distribution);
  const signing = CONFIG.gpgKey ? { GpgKey: CONFIG.gpgKey, Batch: true } : { Skip: true };
  if (existing) {
    await api("PUT", `/publish/${prefix}/${CONFIG.distribution}`, {
      Snapshots: [{ Component: CONFIG.component, Name: name }],
      Signing: signing,
    });
    console.log(`switched ${CONFIG.publishPrefix}/${CONFIG.distribution} to ${name}`);
  } else {
    await api("POST", `/publish/${prefix}`, {
      SourceKind: "snapshot",
      Sources: [{ Component: CONFIG.component, Name: name }],
      Distribution: CONFIG.distribution,
      Signing: signing,
    });
    console.log(`published ${name} at ${CONFIG.publishPrefix}/${CONFIG.distribution}`);
  }
}

async function pruneSnapshots(current: string): Promise<void> {
  const snapshots = await api<AptlySnapshot[]>("GET", "/snapshots?sort=time");
  const ours = snapshots.filter((s) => s.Name.startsWith(`${CONFIG.repo}-`) && s.Name !== current);
  const excess = ours.slice(0, Math.max(0, ours.length - CONFIG.keepSnapshots));
  for (const snap of excess) {
    try {
      // aptly refuses to drop snapshots that are still published; that is fine
      await api("DELETE", `/snapshots/${encodeURIComponent(snap.Name)}`);
      console.log(`dropped old snapshot ${snap.Name}`);
    } catch (err) {
      console.log(`kept ${snap.Name}: ${(err as Error).message.split(":").pop()?.trim()}`);
    }
  }
}

function printManifest(files: string[]): void {
  for (const file of files) {
    const size = statSync(file).size;
    console.log(`  ${path.basename(file).padEnd(50)} ${String(size).padStart(10)}  ${sha256(file).slice(0, 16)}`);
  }
}

/** Refuse to run when the config names a repo that is not ours. */
function checkConfig(): void {
  if (!/^acme-[a-z0-9-]+$/.test(CONFIG.repo)) {
    throw new Error(`repo ${CONFIG.repo} is not a project repo (acme-*)`);
  }
  if (!CONFIG.publishPrefix.startsWith("filesystem:project")) {
    throw new Error(`publish prefix ${CONFIG.publishPrefix} must be the project's filesystem endpoint`);
  }
}

async function main(): Promise<void> {
  assertLocalApi();
  checkConfig();
  const doPublish = process.argv.includes("--publish");
  const files = debFiles();
  printManifest(files);
  await api("GET", "/version");
  const repos = await api<{ Name: string }[]>("GET", "/repos");
  if (!repos.some((r) => r.Name === CONFIG.repo)) {
    await api("POST", "/repos", {
      Name: CONFIG.repo,
      DefaultDistribution: CONFIG.distribution,
      DefaultComponent: CONFIG.component,
    });
    console.log(`created repo ${CONFIG.repo}`);
  }
  const uploadDir = `release-${process.pid}-${Date.now()}`;
  try {
    await upload(files, uploadDir);
    await addToRepo(uploadDir);
  } finally {
    await removeUploadDir(uploadDir);
  }
  const name = snapshotName();
  await createSnapshot(name, files);
  if (doPublish) await publish(name);
  else console.log("not publishing (pass --publish)");
  await pruneSnapshots(name);
}

main().catch((err: Error) => {
  console.error(`aptly release failed: ${err.message}`);
  process.exitCode = 1;
});
