#!/usr/bin/env -S npx tsx
/**
 * tools/desktop-setup.ts
 *
 * Checks a Linux developer workstation for the desktop app's build
 * prerequisites and prints what to do. With --apply it performs only the
 * user-level or explicitly listed steps:
 *
 *   - flatpak: install the Flathub runtime/SDK versions pinned in
 *     flatpak-deps.json for the current user (--user, no sudo)
 *   - update-alternatives: report which JDK `java` points to (read-only;
 *     switching is printed as a command for the developer to run)
 *   - snap: report whether the `flutter` snap is installed (read-only)
 *   - hostnamectl/timedatectl: print the values our crash reports include
 *
 * Nothing here disables security features, edits system config files or
 * touches other users.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DEPS_FILE = path.join(ROOT, "flatpak-deps.json");
const WANT_JAVA_MAJOR = 17;

interface FlatpakDep {
  ref: string;
  branch: string;
}

type Level = "ok" | "warn" | "todo";
const rows: Array<{ level: Level; area: string; text: string; command?: string }> = [];

function note(level: Level, area: string, text: string, command?: string): void {
  rows.push({ level, area, text, command });
}

function sh(cmd: string, args: string[]): { ok: boolean; out: string } {
  const res = spawnSync(cmd, args, { encoding: "utf8" });
  if (res.error) return { ok: false, out: "" };
  return { ok: res.status === 0, out: String(res.stdout ?? "").trim() };
}

function has(cmd: string): boolean {
  return sh("sh", ["-c", `command -v ${cmd}`]).ok;
}

function loadDeps(): FlatpakDep[] {
  if (!fs.existsSync(DEPS_FILE)) return [];
  const deps = JSON.parse(fs.readFileSync(DEPS_FILE, "utf8")) as FlatpakDep[];
  for (const d of deps) {
    if (!/^org\.(freedesktop|gnome|kde)\.[A-Za-z.]+$/.test(d.ref)) throw new Error(`unexpected flatpak ref ${d.ref}`);
  }
  return deps;
}

function checkFlatpak(apply: boolean): void {
  if (!has("flatpak")) {
    note("todo", "flatpak", "flatpak is not installed", "sudo apt install flatpak");
    return;
  }
  const remotes = sh("flatpak", ["remotes", "--user", "--columns=name"]).out.split("\n");
  if (!remotes.includes("flathub")) {
    if (apply) {
      const r = sh("flatpak", ["remote-add", "--user", "--if-not-exists", "flathub", "https://dl.flathub.org/repo/flathub.flatpakrepo"]);
      note(r.ok ? "ok" : "warn", "flatpak", r.ok ? "added flathub (user)" : "could not add flathub");
    } else {
      note("todo", "flatpak", "flathub remote missing for this user", "re-run with --apply");
    }
  }
  const installed = new Set(sh("flatpak", ["list", "--user", "--runtime", "--columns=application,branch"]).out.split("\n").map((l) => l.replace(/\s+/, "//")));
  for (const dep of loadDeps()) {
    const key = `${dep.ref}//${dep.branch}`;
    if (installed.has(key)) {
      note("ok", "flatpak", `${key} installed`);
    } else if (apply) {
      const r = sh("flatpak", ["install", "--user", "--noninteractive", "flathub", `${dep.ref}//${dep.branch}`]);
      note(r.ok ? "ok" : "warn", "flatpak", `${key} ${r.ok ? "installed now" : "install failed"}`);
    } else {
      note("todo", "flatpak", `${key} missing`, "re-run with --apply");
    }
  }
}

function checkJava(): void {
  const display = sh("update-alternatives", ["--query", "java"]);
  if (!display.ok) {
    note("todo", "java", "no java alternative registered", "sudo apt install openjdk-17-jdk");
    return;
  }
  const current = /^Value: (.+)$/m.exec(display.out)?.[1] ?? "";
  const major = Number(/(\d+)/.exec(current.replace(/.*jvm\/java-/, ""))?.[1] ?? 0);
  if (major === WANT_JAVA_MAJOR) {
    note("ok", "java", `java -> ${current}`);
  } else {
    const candidates = [...display.out.matchAll(/^Alternative: (.+)$/gm)].map((m) => m[1]);
    const wanted = candidates.find((c) => c.includes(`java-${WANT_JAVA_MAJOR}`));
    note("todo", "java", `java -> ${current || "unknown"} (need ${WANT_JAVA_MAJOR})`,
      wanted ? `sudo update-alternatives --set java ${wanted}` : `install JDK ${WANT_JAVA_MAJOR} first`);
  }
}

function checkSnap(): void {
  if (!has("snap")) {
    note("ok", "snap", "snapd not present (fine; we use the flutter tarball then)");
    return;
  }
  const list = sh("snap", ["list"]).out;
  const flutter = list.split("\n").find((l) => l.startsWith("flutter "));
  note(flutter ? "ok" : "warn", "snap", flutter ? `flutter snap ${flutter.split(/\s+/)[1]}` : "flutter snap not installed");
}

function checkHost(): void {
  const host = sh("hostnamectl", ["--json=short"]);
  if (host.ok) {
    const data = JSON.parse(host.out) as { Hostname?: string; OperatingSystemPrettyName?: string; KernelRelease?: string };
    note("ok", "host", `${data.Hostname} / ${data.OperatingSystemPrettyName} / ${data.KernelRelease}`);
  } else {
    note("ok", "host", `${os.hostname()} / ${os.release()}`);
  }
  const tz = sh("timedatectl", ["show", "-p", "Timezone", "--value"]).out || "unknown";
  note("ok", "time", `timezone ${tz}`);
}

function checkDisk(): void {
  const out = sh("df", ["-Pk", ROOT]).out.split("\n")[1]?.split(/\s+/) ?? [];
  const freeGiB = Number(out[3] ?? 0) / 1024 / 1024;
  note(freeGiB >= 25 ? "ok" : "warn", "disk", `${freeGiB.toFixed(1)} GiB free for the build tree`);
}

/**
 * The desktop app's integration tests mount a FAT image through udisksctl
 * (no sudo). Report whether the user can do that on this machine.
 */
function checkUdisks(): void {
  if (!has("udisksctl")) {
    note("warn", "udisks", "udisksctl missing; image-mount tests will be skipped");
    return;
  }
  const status = sh("udisksctl", ["status"]);
  note(status.ok ? "ok" : "warn", "udisks", status.ok ? "udisks2 reachable" : "udisks2 not reachable over D-Bus");
}

/** Group memberships the USB-device tests need (read-only check). */
function checkGroups(): void {
  const groups = sh("id", ["-nG"]).out.split(/\s+/);
  for (const g of ["plugdev", "dialout"]) {
    if (groups.includes(g)) note("ok", "groups", `member of ${g}`);
    else note("todo", "groups", `not in ${g}`, `sudo usermod -aG ${g} ${os.userInfo().username} (then log out and in)`);
  }
}

function print(): void {
  const icon: Record<Level, string> = { ok: "✓", warn: "!", todo: "✗" };
  for (const r of rows) {
    console.log(`${icon[r.level]} ${r.area.padEnd(8)} ${r.text}`);
    if (r.command) console.log(`           -> ${r.command}`);
  }
  const todo = rows.filter((r) => r.level === "todo").length;
  console.log(todo ? `\n${todo} item(s) to fix` : "\nworkstation ready");
  process.exitCode = todo ? 1 : 0;
}

function main(): void {
  if (os.platform() !== "linux") throw new Error("this checker is for Linux workstations");
  const apply = process.argv.includes("--apply");
  checkHost();
  checkDisk();
  checkFlatpak(apply);
  checkJava();
  checkSnap();
  checkUdisks();
  checkGroups();
  print();
}

try {
  main();
} catch (e) {
  console.error(`desktop-setup: ${(e as Error).message}`);
  process.exit(2);
}
