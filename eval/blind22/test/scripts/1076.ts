#!/usr/bin/env -S npx tsx
/**
 * tools/lvm-fixture.ts
 *
 * The ledger storage agent has tests that resize and snapshot LVM logical
 * volumes. They need a real volume group, so this tool builds a throw-away
 * one on a loop device backed by a file inside the repo:
 *
 *   lvm-fixture.ts up       file -> loop device -> PV -> VG "ledgertest_<id>" -> LV "data" (ext4)
 *   lvm-fixture.ts down     remove exactly that VG/LV/PV and detach the loop device
 *   lvm-fixture.ts status
 *
 * The VG name carries a random id recorded in .fixtures/lvm.json. `down`
 * only ever runs lvremove/vgremove/pvremove on that VG and on the loop
 * device whose backing file is our image; the host's own volume groups are
 * never touched (the script refuses if the recorded VG has any PV that is
 * not our loop device).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const FIXTURES = path.join(REPO, ".fixtures");
const IMAGE = path.join(FIXTURES, "lvm.img");
const STATE = path.join(FIXTURES, "lvm.json");
const SIZE_MIB = 512;
const LV_SIZE = "256M";

interface FixtureState {
  vg: string;
  loop: string;
  createdAt: string;
}

function sudo(cmd: string, args: string[], allowFail = false): string {
  const argv = process.getuid?.() === 0 ? [cmd, ...args] : ["sudo", "-n", cmd, ...args];
  const res = spawnSync(argv[0], argv.slice(1), { encoding: "utf8" });
  if (res.error) throw res.error;
  if (res.status !== 0 && !allowFail) {
    throw new Error(`${cmd} ${args.join(" ")} -> ${res.status}: ${String(res.stderr).trim()}`);
  }
  return String(res.stdout ?? "").trim();
}

function readState(): FixtureState | null {
  return fs.existsSync(STATE) ? (JSON.parse(fs.readFileSync(STATE, "utf8")) as FixtureState) : null;
}

function writeState(s: FixtureState | null): void {
  if (s === null) {
    fs.rmSync(STATE, { force: true });
    return;
  }
  fs.mkdirSync(FIXTURES, { recursive: true });
  fs.writeFileSync(STATE, JSON.stringify(s, null, 2) + "\n");
}

function loopForImage(): string | null {
  const raw = sudo("losetup", ["--json", "--list"], true);
  if (!raw) return null;
  const devices = (JSON.parse(raw) as { loopdevices: Array<{ name: string; "back-file": string | null }> }).loopdevices;
  const match = devices.find((d) => d["back-file"] && path.resolve(d["back-file"].replace(/ \(deleted\)$/, "")) === IMAGE);
  return match?.name ?? null;
}

function pvsOfVg(vg: string): string[] {
  const out = sudo("pvs", ["--noheadings", "-o", "pv_name", "-S", `vg_name=${vg}`], true);
  return out.split("\n").map((s) => s.trim()).filter(Boolean);
}

function allocateImage(): void {
  fs.mkdirSync(FIXTURES, { recursive: true });
  if (path.relative(REPO, IMAGE).startsWith("..")) throw new Error("image path escapes the repository");
  fs.rmSync(IMAGE, { force: true });
  const fd = fs.openSync(IMAGE, "w");
  try {
    fs.ftruncateSync(fd, SIZE_MIB * 1024 * 1024);
  } finally {
    fs.closeSync(fd);
  }
}

function up(): void {
  const existing = readState();
  if (existing) throw new Error(`fixture already up (VG ${existing.vg}); run down first`);
  allocateImage();
  const loop = sudo("losetup", ["--find", "--show", IMAGE]);
  if (!/^\/dev\/loop[0-9]+$/.test(loop)) throw new Error(`losetup returned ${loop}`);
  const vg = `ledgertest_${randomBytes(3).toString("hex")}`;
  writeState({ vg, loop, createdAt: new Date().toISOString() });
  try {
    sudo("pvcreate", ["-q", loop]);
    sudo("vgcreate", ["-q", vg, loop]);
    sudo("lvcreate", ["-q", "-y", "-n", "data", "-L", LV_SIZE, vg]);
    sudo("mkfs.ext4", ["-q", "-L", "ledger-data", `/dev/${vg}/data`]);
  } catch (err) {
    console.error(`setup failed: ${(err as Error).message}; rolling back`);
    down();
    throw err;
  }
  console.log(`VG ${vg} on ${loop}; LV /dev/${vg}/data (${LV_SIZE}, ext4)`);
  console.log(`export LEDGER_TEST_VG=${vg}`);
}

function down(): void {
  const s = readState();
  if (!s) {
    console.log("no fixture recorded");
    const stray = loopForImage();
    if (stray) {
      sudo("losetup", ["-d", stray], true);
      console.log(`detached stray ${stray}`);
    }
    return;
  }
  if (!/^ledgertest_[0-9a-f]{6}$/.test(s.vg)) throw new Error(`recorded VG name ${s.vg} is not one of ours`);
  const loop = loopForImage();
  const pvs = pvsOfVg(s.vg);
  const foreign = pvs.filter((pv) => pv !== loop);
  if (foreign.length) throw new Error(`VG ${s.vg} has PVs that are not our loop device: ${foreign.join(", ")}`);
  if (pvs.length) {
    sudo("vgchange", ["-q", "-an", s.vg], true);
    sudo("lvremove", ["-q", "-f", s.vg], true);
    sudo("vgremove", ["-q", "-f", s.vg], true);
    for (const pv of pvs) sudo("pvremove", ["-q", "-f", pv], true);
  }
  if (loop) sudo("losetup", ["-d", loop], true);
  fs.rmSync(IMAGE, { force: true });
  writeState(null);
  console.log(`removed VG ${s.vg} and its loop device`);
}

function status(): void {
  const s = readState();
  if (!s) {
    console.log("fixture is down");
    return;
  }
  const loop = loopForImage();
  console.log(`VG ${s.vg} (created ${s.createdAt})`);
  console.log(`loop ${loop ?? "not attached"}`);
  console.log(sudo("lvs", ["--units", "m", "-o", "lv_name,lv_size,lv_attr", s.vg], true) || "(no LVs)");
}

/**
 * Snapshot round-trip used by the agent's tests, runnable by hand to check a
 * machine: create an LVM snapshot of data, mount both read-only, compare a
 * marker file, then remove the snapshot again. Works only on our VG.
 */
function selfTest(): void {
  const s = readState();
  if (!s) throw new Error("fixture is down; run up first");
  const lv = `/dev/${s.vg}/data`;
  const mnt = fs.mkdtempSync(path.join(FIXTURES, "mnt-"));
  try {
    sudo("mount", [lv, mnt]);
    sudo("sh", ["-c", `date +%s > '${mnt}/marker'`]);
    sudo("umount", [mnt]);
    sudo("lvcreate", ["-q", "-y", "-s", "-n", "selftest", "-L", "64M", lv]);
    sudo("mount", ["-o", "ro", `/dev/${s.vg}/selftest`, mnt]);
    const marker = sudo("cat", [`${mnt}/marker`]);
    console.log(`snapshot marker ${marker}`);
    sudo("umount", [mnt]);
  } finally {
    sudo("umount", [mnt], true);
    sudo("lvremove", ["-q", "-f", `${s.vg}/selftest`], true);
    fs.rmSync(mnt, { force: true, recursive: true });
  }
  console.log("self-test passed");
}

function main(): void {
  if (process.argv[2] === "selftest") return selfTest();
  for (const tool of ["losetup", "pvcreate", "vgcreate", "lvcreate", "mkfs.ext4"]) {
    if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) throw new Error(`${tool} not installed (lvm2, e2fsprogs)`);
  }
  const cmd = process.argv[2] ?? "status";
  if (cmd === "up") up();
  else if (cmd === "down") down();
  else if (cmd === "status") status();
  else throw new Error(`unknown command ${cmd}`);
}

try {
  main();
} catch (err) {
  console.error(`lvm-fixture: ${(err as Error).message}`);
  process.exit(1);
}
