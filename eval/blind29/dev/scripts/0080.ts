#!/usr/bin/env -S npx tsx
// Analyse Opentrons run logs: simulated runs from build/simulations/*.log and
// real robot runs exported from the app (runs/*.json).  Computes per-protocol
// liquid totals per well, tip usage and the time spent per command type, and
// flags differences between the simulation and the last real run.
//
//   npx tsx tools/run-analysis.ts
//   npx tsx tools/run-analysis.ts --protocol pcr_setup --csv build/pcr_volumes.csv
//
// Read-only: nothing is sent to the robot.  Labware definitions are read from
// labware/ in this repo; the public api.opentrons.com host is only used by
// --latest-versions to print the newest robot software version for the
// README badge.
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";

type CommandType = "aspirate" | "dispense" | "pickUpTip" | "dropTip" | "moveToWell" | "delay" | "home" | "other";

interface RunCommand {
  commandType: string;
  params?: { labwareId?: string; wellName?: string; volume?: number; seconds?: number };
  startedAt?: string;
  completedAt?: string;
  status?: string;
}

interface RunSummary {
  source: string;
  protocol: string;
  kind: "simulated" | "robot";
  volumes: Map<string, number>;
  tips: number;
  durations: Record<CommandType, number>;
  errors: string[];
}

const ROOT = path.resolve(__dirname, "..");
const SIM_DIR = path.join(ROOT, "build", "simulations");
const RUN_DIR = path.join(ROOT, "runs");

const CMD_MAP: Record<string, CommandType> = {
  aspirate: "aspirate",
  dispense: "dispense",
  pickUpTip: "pickUpTip",
  dropTip: "dropTip",
  moveToWell: "moveToWell",
  waitForDuration: "delay",
  delay: "delay",
  home: "home",
};

function emptyDurations(): Record<CommandType, number> {
  return { aspirate: 0, dispense: 0, pickUpTip: 0, dropTip: 0, moveToWell: 0, delay: 0, home: 0, other: 0 };
}

function parseArgs() {
  const a = process.argv.slice(2);
  const value = (flag: string) => (a.includes(flag) ? a[a.indexOf(flag) + 1] : undefined);
  return { protocol: value("--protocol"), csv: value("--csv"), latest: a.includes("--latest-versions") };
}

// "Dispensing 20.0 uL into A1 of Bio-Rad 96 Well Plate 200 µL PCR on 2 at 7.56 uL/sec"
const SIM_LINE = /^\s*(Aspirating|Dispensing) ([\d.]+) uL (?:from|into) (\w+) of (.+?) on (\w+)/;

async function parseSimulation(file: string): Promise<RunSummary> {
  const text = await readFile(file, "utf8");
  const summary: RunSummary = {
    source: path.relative(ROOT, file),
    protocol: path.basename(file, ".log"),
    kind: "simulated",
    volumes: new Map(),
    tips: 0,
    durations: emptyDurations(),
    errors: [],
  };
  for (const line of text.split("\n")) {
    const m = SIM_LINE.exec(line);
    if (m) {
      const [, verb, vol, well, labware, slot] = m;
      if (verb === "Dispensing") {
        const key = `${slot}:${labware}:${well}`;
        summary.volumes.set(key, (summary.volumes.get(key) ?? 0) + Number(vol));
      }
      continue;
    }
    if (/^\s*Picking up tip/.test(line)) summary.tips++;
    if (/error|exception/i.test(line) && !line.includes("--- stderr ---")) summary.errors.push(line.trim());
  }
  return summary;
}

async function parseRobotRun(file: string): Promise<RunSummary> {
  const data = JSON.parse(await readFile(file, "utf8")) as { protocolName?: string; commands: RunCommand[]; labware?: { id: string; loadName: string; location?: { slotName?: string } }[] };
  const labware = new Map((data.labware ?? []).map((l) => [l.id, `${l.location?.slotName ?? "?"}:${l.loadName}`]));
  const summary: RunSummary = {
    source: path.relative(ROOT, file),
    protocol: data.protocolName ?? path.basename(file, ".json"),
    kind: "robot",
    volumes: new Map(),
    tips: 0,
    durations: emptyDurations(),
    errors: [],
  };
  for (const cmd of data.commands) {
    const type = CMD_MAP[cmd.commandType] ?? "other";
    if (cmd.startedAt && cmd.completedAt) {
      summary.durations[type] += (Date.parse(cmd.completedAt) - Date.parse(cmd.startedAt)) / 1000;
    }
    if (type === "pickUpTip") summary.tips++;
    if (type === "dispense" && cmd.params?.labwareId && cmd.params.wellName) {
      const key = `${labware.get(cmd.params.labwareId) ?? cmd.params.labwareId}:${cmd.params.wellName}`;
      summary.volumes.set(key, (summary.volumes.get(key) ?? 0) + (cmd.params.volume ?? 0));
    }
    if (cmd.status === "failed") summary.errors.push(`${cmd.commandType} failed`);
  }
  return summary;
}

function totalVolume(s: RunSummary): number {
  let t = 0;
  for (const v of s.volumes.values()) t += v;
  return t;
}

function compare(sim: RunSummary, robot: RunSummary): string[] {
  const notes: string[] = [];
  if (sim.tips !== robot.tips) notes.push(`tips: simulated ${sim.tips}, robot ${robot.tips}`);
  const simTotal = totalVolume(sim);
  const robotTotal = totalVolume(robot);
  if (Math.abs(simTotal - robotTotal) > 0.5) notes.push(`total dispensed: simulated ${simTotal.toFixed(1)} µL, robot ${robotTotal.toFixed(1)} µL`);
  return notes;
}

async function listFiles(dir: string, ext: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((f) => f.endsWith(ext)).map((f) => path.join(dir, f));
}

async function latestRobotVersion(): Promise<string | undefined> {
  // public, unauthenticated endpoint used only for the README badge
  const res = await fetch("https://api.opentrons.com/v1/robot-software/latest", { headers: { accept: "application/json" } });
  if (!res.ok) return undefined;
  return ((await res.json()) as { version?: string }).version;
}

async function main(): Promise<number> {
  const opts = parseArgs();
  const sims = await Promise.all((await listFiles(SIM_DIR, ".log")).map(parseSimulation));
  const runs = await Promise.all((await listFiles(RUN_DIR, ".json")).map(parseRobotRun));
  const selected = (list: RunSummary[]) => list.filter((s) => !opts.protocol || s.protocol.includes(opts.protocol));

  let problems = 0;
  for (const sim of selected(sims)) {
    const robot = selected(runs).filter((r) => r.protocol.includes(sim.protocol)).pop();
    console.log(`${sim.protocol}: ${sim.tips} tips, ${totalVolume(sim).toFixed(1)} µL dispensed into ${sim.volumes.size} wells (simulated)`);
    for (const e of sim.errors.slice(0, 3)) console.log(`  simulation error: ${e}`);
    problems += sim.errors.length;
    if (robot) {
      const busiest = Object.entries(robot.durations).sort((a, b) => b[1] - a[1]).slice(0, 3);
      console.log(`  last robot run ${robot.source}: ${busiest.map(([k, v]) => `${k} ${v.toFixed(0)}s`).join(", ")}`);
      for (const n of compare(sim, robot)) {
        console.log(`  ⚠ ${n}`);
        problems++;
      }
    }
  }

  if (opts.csv) {
    const target = path.resolve(ROOT, opts.csv);
    if (!target.startsWith(ROOT + path.sep)) throw new Error("--csv must point inside the repository");
    const lines = ["protocol,kind,slot_labware_well,volume_ul"];
    for (const s of [...selected(sims), ...selected(runs)]) {
      for (const [key, v] of s.volumes) lines.push(`${s.protocol},${s.kind},"${key}",${v.toFixed(2)}`);
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, lines.join("\n") + "\n");
    console.error(`[runs] wrote ${path.relative(ROOT, target)}`);
  }

  if (opts.latest) console.log(`latest robot software: ${(await latestRobotVersion()) ?? "unknown"}`);
  return problems ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[runs] ${e.message}`);
    process.exit(1);
  },
);
