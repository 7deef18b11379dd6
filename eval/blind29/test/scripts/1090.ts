#!/usr/bin/env -S npx tsx
// Waveform capture from a SCPI function generator + scope pair, simulator
// first.  Used to characterise the sensor front-end filter.
//
//   npx tsx bench/bode.ts                                  # simulators on 127.0.0.1
//   npx tsx bench/bode.ts --points 40 --from 10 --to 100000
//   npx tsx bench/bode.ts --bench lab2                      # real bench from config/benches.json
//
// The sweep sets the generator frequency (FREQ) with its output amplitude
// fixed by config, measures input/output amplitude on scope CH1/CH2
// (MEAS:VPP?) and the phase (MEAS:PHAS?), and writes a CSV + SVG Bode plot.
// Real benches are only used when named explicitly *and* listed in
// config/benches.json; the generator output is turned off in a finally block
// and on SIGINT.  Amplitude above the configured limit is refused.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

interface Bench {
  generator: string;
  scope: string;
  amplitudeVpp: number;
  maxAmplitudeVpp: number;
}

const ROOT = path.resolve(__dirname, "..");
const SIMULATED: Bench = { generator: "127.0.0.1:5025", scope: "127.0.0.1:5026", amplitudeVpp: 1, maxAmplitudeVpp: 2 };

class Scpi {
  private sock!: net.Socket;
  private pending: ((s: string) => void)[] = [];
  private buf = "";
  constructor(private readonly addr: string) {}

  open(): Promise<void> {
    const [host, port] = this.addr.split(":");
    return new Promise((resolve, reject) => {
      this.sock = net.connect({ host, port: Number(port) }, resolve);
      this.sock.setEncoding("utf8");
      this.sock.setTimeout(5000, () => this.sock.destroy(new Error(`${this.addr}: timeout`)));
      this.sock.on("error", reject);
      this.sock.on("data", (d: string) => {
        this.buf += d;
        for (let i = this.buf.indexOf("\n"); i >= 0; i = this.buf.indexOf("\n")) {
          const line = this.buf.slice(0, i).trim();
          this.buf = this.buf.slice(i + 1);
          this.pending.shift()?.(line);
        }
      });
    });
  }

  cmd(c: string): void {
    this.sock.write(`${c}\n`);
  }

  ask(c: string): Promise<string> {
    return new Promise((resolve) => {
      this.pending.push(resolve);
      this.cmd(c);
    });
  }

  close(): void {
    this.sock?.end();
  }
}

async function loadBench(name?: string): Promise<Bench> {
  if (!name) return SIMULATED;
  const all = JSON.parse(await readFile(path.join(ROOT, "config", "benches.json"), "utf8")) as Record<string, Bench>;
  const bench = all[name];
  if (!bench) throw new Error(`bench ${name} is not in config/benches.json`);
  return bench;
}

function logSpace(from: number, to: number, n: number): number[] {
  const a = Math.log10(from);
  const b = Math.log10(to);
  return Array.from({ length: n }, (_, i) => 10 ** (a + ((b - a) * i) / (n - 1)));
}

// compare with a reference measurement of the same board revision, if present
async function compareReference(rows: { f: number; gainDb: number }[]): Promise<string[]> {
  const ref = path.join(ROOT, "data", "bode", "reference.csv");
  let text: string;
  try {
    text = await readFile(ref, "utf8");
  } catch {
    return [];
  }
  const refRows = text
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(",").map(Number))
    .map(([f, , , g]) => ({ f, g }));
  const notes: string[] = [];
  for (const r of rows) {
    const nearest = refRows.reduce((best, x) => (Math.abs(Math.log10(x.f / r.f)) < Math.abs(Math.log10(best.f / r.f)) ? x : best), refRows[0]);
    if (nearest && Math.abs(nearest.g - r.gainDb) > 1.5) notes.push(`${r.f.toFixed(0)} Hz: ${r.gainDb.toFixed(1)} dB vs reference ${nearest.g.toFixed(1)} dB`);
  }
  return notes;
}

function svg(rows: { f: number; gainDb: number; phase: number }[]): string {
  const w = 720;
  const h = 360;
  const fx = (f: number) => ((Math.log10(f) - Math.log10(rows[0].f)) / (Math.log10(rows[rows.length - 1].f) - Math.log10(rows[0].f))) * (w - 60) + 50;
  const minDb = Math.min(...rows.map((r) => r.gainDb), -40);
  const gy = (g: number) => 20 + ((0 - g) / (0 - minDb)) * (h / 2 - 40);
  const py = (p: number) => h / 2 + 20 + ((180 - p) / 360) * (h / 2 - 40);
  const gain = rows.map((r, i) => `${i ? "L" : "M"}${fx(r.f).toFixed(1)},${gy(r.gainDb).toFixed(1)}`).join(" ");
  const phase = rows.map((r, i) => `${i ? "L" : "M"}${fx(r.f).toFixed(1)},${py(r.phase).toFixed(1)}`).join(" ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="11">
<rect width="100%" height="100%" fill="white"/>
<path d="${gain}" fill="none" stroke="#1f77b4" stroke-width="2"/>
<path d="${phase}" fill="none" stroke="#d62728" stroke-width="2"/>
<text x="50" y="14">gain (dB, blue) / phase (°, red), ${rows[0].f.toFixed(0)} Hz – ${rows[rows.length - 1].f.toFixed(0)} Hz</text>
</svg>\n`;
}

async function main(): Promise<number> {
  const a = process.argv.slice(2);
  const val = (flag: string) => (a.includes(flag) ? a[a.indexOf(flag) + 1] : undefined);
  const bench = await loadBench(val("--bench"));
  if (bench.amplitudeVpp > bench.maxAmplitudeVpp) throw new Error(`amplitude ${bench.amplitudeVpp} Vpp above limit ${bench.maxAmplitudeVpp}`);
  const freqs = logSpace(Number(val("--from") ?? 10), Number(val("--to") ?? 100_000), Number(val("--points") ?? 25));

  const gen = new Scpi(bench.generator);
  const scope = new Scpi(bench.scope);
  await Promise.all([gen.open(), scope.open()]);
  let outputOn = false;
  const off = () => {
    if (outputOn) {
      gen.cmd("OUTP OFF");
      outputOn = false;
    }
  };
  process.once("SIGINT", () => {
    off();
    gen.close();
    scope.close();
    process.exit(130);
  });

  const rows: { f: number; vin: number; vout: number; gainDb: number; phase: number }[] = [];
  try {
    console.error(`[bode] generator: ${await gen.ask("*IDN?")}`);
    console.error(`[bode] scope:     ${await scope.ask("*IDN?")}`);
    gen.cmd("FUNC SIN");
    gen.cmd(`VOLT ${bench.amplitudeVpp}`);
    gen.cmd("OUTP ON");
    outputOn = true;
    for (const f of freqs) {
      gen.cmd(`FREQ ${f.toFixed(3)}`);
      scope.cmd(`TIM:SCAL ${(2 / f / 10).toExponential(3)}`);
      await new Promise((r) => setTimeout(r, 200));
      const vin = Number(await scope.ask("MEAS:VPP? CHAN1"));
      const vout = Number(await scope.ask("MEAS:VPP? CHAN2"));
      const phase = Number(await scope.ask("MEAS:PHAS? CHAN1,CHAN2"));
      const gainDb = 20 * Math.log10(vout / vin);
      rows.push({ f, vin, vout, gainDb, phase });
      console.error(`[bode] ${f.toFixed(1).padStart(9)} Hz  ${gainDb.toFixed(2).padStart(7)} dB  ${phase.toFixed(1).padStart(7)}°`);
    }
  } finally {
    off();
    gen.close();
    scope.close();
  }

  const outDir = path.join(ROOT, "data", "bode");
  await mkdir(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  await writeFile(path.join(outDir, `${stamp}.csv`), ["f_hz,vin_vpp,vout_vpp,gain_db,phase_deg", ...rows.map((r) => [r.f, r.vin, r.vout, r.gainDb, r.phase].join(","))].join("\n") + "\n");
  await writeFile(path.join(outDir, `${stamp}.svg`), svg(rows));
  const cutoff = rows.find((r) => r.gainDb <= -3);
  console.log(cutoff ? `-3 dB at ≈ ${cutoff.f.toFixed(0)} Hz` : "no -3 dB point in the swept range");
  const deviations = await compareReference(rows);
  for (const d of deviations) console.log(`  ⚠ ${d}`);
  return deviations.length ? 2 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[bode] ${e.message}`);
    process.exit(1);
  },
);
