/**
 * gitlab-backup-audit.ts - list and sanity-check GitLab backups (read-only).
 *
 * Connects over ssh to the self-managed GitLab host (gitlab.internal) and to
 * the backup bucket mirror (backup-store.internal), lists backup archives and
 * their sizes, reads backup_information.yml out of the newest archive with
 * `tar -xOf`, and compares what exists on both sides.  Nothing is copied,
 * restored or removed.  Output: a table on stdout and reports/gitlab-backups.json.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);

type Side = "gitlab" | "store";
interface Archive {
  name: string;
  size: number;
  mtime: Date;
}
interface SideConfig {
  host: string;
  user: string;
  dir: string;
}

const SIDES: Record<Side, SideConfig> = {
  gitlab: { host: "gitlab.internal", user: "backup-audit", dir: "/var/opt/gitlab/backups" },
  store: { host: "backup-store.internal", user: "backup-audit", dir: "/srv/backups/gitlab" },
};
const MAX_AGE_H = Number(process.env.MAX_AGE_H ?? 26);
const REPORT = path.resolve(__dirname, "..", "reports", "gitlab-backups.json");

function sshArgs(side: SideConfig, remote: string): string[] {
  return ["-o", "BatchMode=yes", "-o", "ConnectTimeout=10", `${side.user}@${side.host}`, remote];
}

async function remote(sideName: Side, command: string): Promise<string> {
  const side = SIDES[sideName];
  if (!side.host.endsWith(".internal")) throw new Error(`${side.host} is not an internal host`);
  const { stdout } = await execFileP("ssh", sshArgs(side, command), { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

async function listArchives(sideName: Side): Promise<Archive[]> {
  const dir = SIDES[sideName].dir;
  const out = await remote(sideName,
    `find ${quote(dir)} -maxdepth 1 -name '*_gitlab_backup.tar' -printf '%s %T@ %f\\n'`);
  return out.split("\n").filter(Boolean).map((line) => {
    const [size, mtime, name] = line.split(" ");
    return { name, size: Number(size), mtime: new Date(Number(mtime) * 1000) };
  }).sort((a, b) => a.mtime.getTime() - b.mtime.getTime());
}

async function backupInfo(archive: Archive): Promise<Record<string, string>> {
  const file = `${SIDES.gitlab.dir}/${archive.name}`;
  const text = await remote("gitlab", `tar -xOf ${quote(file)} backup_information.yml`);
  const info: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^:?([a-z_]+):\s*(.*)$/.exec(line.trim());
    if (m) info[m[1]] = m[2].replace(/^['"]|['"]$/g, "");
  }
  return info;
}

function human(bytes: number): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

function ageHours(d: Date): number {
  return (Date.now() - d.getTime()) / 3_600_000;
}

function totalSize(archives: Archive[]): string {
  return human(archives.reduce((sum, a) => sum + a.size, 0));
}

function logTotals(gitlab: Archive[], store: Archive[]): void {
  console.log(`gitlab: ${gitlab.length} archive(s), ${totalSize(gitlab)}; store: ${store.length}, ${totalSize(store)}`);
}

interface Finding {
  level: "error" | "warn";
  text: string;
}

function compare(gitlab: Archive[], store: Archive[]): Finding[] {
  const findings: Finding[] = [];
  const newest = gitlab[gitlab.length - 1];
  if (!newest) {
    findings.push({ level: "error", text: "no backups on the GitLab host" });
    return findings;
  }
  if (ageHours(newest.mtime) > MAX_AGE_H) {
    findings.push({ level: "error", text: `newest backup is ${ageHours(newest.mtime).toFixed(0)} h old` });
  }
  const storeByName = new Map(store.map((a) => [a.name, a]));
  for (const a of gitlab) {
    const copy = storeByName.get(a.name);
    if (!copy) findings.push({ level: ageHours(a.mtime) > 6 ? "error" : "warn", text: `${a.name} not in store` });
    else if (copy.size !== a.size) findings.push({ level: "error", text: `${a.name} size differs in store` });
  }
  for (let i = 1; i < gitlab.length; i++) {
    const prev = gitlab[i - 1];
    const cur = gitlab[i];
    if (cur.size < prev.size * 0.8) {
      findings.push({ level: "warn", text: `${cur.name} is ${human(prev.size - cur.size)} smaller than the previous` });
    }
  }
  return findings;
}

/**
 * The archive list inside the newest backup tells us which components were
 * included; SKIP= settings in the backup cron job sometimes drop some silently.
 */
async function components(archive: Archive): Promise<Finding[]> {
  const file = `${SIDES.gitlab.dir}/${archive.name}`;
  const listing = await remote("gitlab", `tar -tf ${quote(file)} | cut -d/ -f1 | sort -u`);
  const present = new Set(listing.split("\n").map((s) => s.replace(/\.tar\.gz$/, "")).filter(Boolean));
  const expected = ["db", "repositories", "uploads", "builds", "artifacts", "lfs", "packages"];
  const findings: Finding[] = [];
  for (const c of expected) {
    if (!present.has(c)) findings.push({ level: "warn", text: `${archive.name} has no ${c} component` });
  }
  return findings;
}

async function diskUsage(sideName: Side): Promise<string> {
  const out = await remote(sideName, `df -h ${quote(SIDES[sideName].dir)} | tail -n 1`);
  const cols = out.trim().split(/\s+/);
  return `${sideName}: ${cols[4] ?? "?"} used (${cols[3] ?? "?"} free)`;
}

function printTable(gitlab: Archive[], store: Archive[]): void {
  const inStore = new Set(store.map((a) => a.name));
  console.log(`${"archive".padEnd(52)} ${"size".padStart(10)}  ${"age".padStart(6)}  store`);
  for (const a of gitlab) {
    console.log(`${a.name.padEnd(52)} ${human(a.size).padStart(10)}  ${ageHours(a.mtime).toFixed(0).padStart(5)}h  ` +
      `${inStore.has(a.name) ? "yes" : "NO"}`);
  }
}

async function main(): Promise<void> {
  const [gitlab, store] = await Promise.all([listArchives("gitlab"), listArchives("store")]);
  printTable(gitlab, store);
  logTotals(gitlab, store);
  const newest = gitlab[gitlab.length - 1];
  const info = newest ? await backupInfo(newest) : {};
  if (newest) console.log(`\nnewest backup: GitLab ${info.gitlab_version ?? "?"}, created ${info.backup_created_at ?? "?"}`);
  const findings = compare(gitlab, store);
  if (newest) findings.push(...(await components(newest)));
  for (const side of ["gitlab", "store"] as const) console.log(await diskUsage(side));
  for (const f of findings) console.log(`${f.level.toUpperCase().padEnd(5)} ${f.text}`);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify({
    generated: new Date().toISOString(),
    newest: newest?.name ?? null,
    info,
    gitlab,
    store,
    findings,
  }, null, 2));
  if (findings.some((f) => f.level === "error")) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`backup audit failed: ${err.message}`);
  process.exitCode = 2;
});
