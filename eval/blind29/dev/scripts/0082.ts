#!/usr/bin/env -S npx tsx
// Characterise the DUT's supply current with a SCPI bench PSU and DMM.
//
//   npx tsx bench/characterise.ts                         # both instruments simulated
//   npx tsx bench/characterise.ts --psu 127.0.0.1:5025 --dmm 127.0.0.1:5026 --steps 3.0,3.3,3.6
//   npx tsx bench/characterise.ts --live                  # real bench from config/bench.json
//
// Without --live the script only talks to the simulators the test suite
// starts on 127.0.0.1 (ports 5025/5026).  With --live, the instruments and
// their limits come from config/bench.json, which must list each address under
// "allowed"; the PSU output is switched on only for the sweep and always
// switched off again (finally-block + SIGINT handler), and voltages above the
// configured max are rejected before anything is sent.
import { readFile, writeFile, mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

interface BenchConfig {
  allowed: string[];
  psu: { address: string; channel: number; maxVolts: number; currentLimit: number };
  dmm: { address: string };
}

interface Sample {
  setVolts: number;
  measVolts: number;
  measAmps: number;
  t: string;
}

const ROOT = path.resolve(__dirname, "..");
const SIM = { psu: "127.0.0.1:5025", dmm: "127.0.0.1:5026" };

class ScpiSocket {
  private socket!: net.Socket;
  private buffer = "";
  private waiters: ((line: string) => void)[] = [];

  constructor(private readonly address: string, private readonly timeoutMs = 3000) {}

  connect(): Promise<void> {
    const [host, port] = this.address.split(":");
    return new Promise((resolve, reject) => {
      this.socket = net.createConnection({ host, port: Number(port) }, () => resolve());
      this.socket.setEncoding("ascii");
      this.socket.setTimeout(this.timeoutMs, () => this.socket.destroy(new Error(`timeout talking to ${this.address}`)));
      this.socket.on("error", reject);
      this.socket.on("data", (chunk: string) => {
        this.buffer += chunk;
        let idx: number;
        while ((idx = this.buffer.indexOf("\n")) >= 0) {
          const line = this.buffer.slice(0, idx).trim();
          this.buffer = this.buffer.slice(idx + 1);
          this.waiters.shift()?.(line);
        }
      });
    });
  }

  write(cmd: string): void {
    this.socket.write(cmd + "\n");
  }

  query(cmd: string): Promise<string> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.write(cmd);
    });
  }

  close(): void {
    this.socket?.end();
  }
}

function parseArgs() {
  const a = process.argv.slice(2);
  const val = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  return {
    live: a.includes("--live"),
    psu: val("--psu"),
    dmm: val("--dmm"),
    steps: (val("--steps") ?? "3.0,3.3,3.6").split(",").map(Number),
    settleMs: Number(val("--settle-ms") ?? 300),
  };
}

async function loadConfig(live: boolean, psuArg?: string, dmmArg?: string): Promise<BenchConfig> {
  if (!live) {
    const psu = psuArg ?? SIM.psu;
    const dmm = dmmArg ?? SIM.dmm;
    for (const addr of [psu, dmm]) {
      if (!addr.startsWith("127.0.0.1:") && !addr.startsWith("localhost:")) {
        throw new Error(`${addr} is not a local simulator; use --live with config/bench.json for real instruments`);
      }
    }
    return { allowed: [psu, dmm], psu: { address: psu, channel: 1, maxVolts: 5, currentLimit: 0.5 }, dmm: { address: dmm } };
  }
  const cfg = JSON.parse(await readFile(path.join(ROOT, "config", "bench.json"), "utf8")) as BenchConfig;
  for (const addr of [cfg.psu.address, cfg.dmm.address]) {
    if (!cfg.allowed.includes(addr)) throw new Error(`${addr} is not in config/bench.json "allowed"`);
  }
  return cfg;
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

async function main(): Promise<number> {
  const opts = parseArgs();
  const cfg = await loadConfig(opts.live, opts.psu, opts.dmm);
  const tooHigh = opts.steps.filter((v) => !(v > 0 && v <= cfg.psu.maxVolts));
  if (tooHigh.length) throw new Error(`steps outside 0..${cfg.psu.maxVolts} V: ${tooHigh.join(", ")}`);

  const psu = new ScpiSocket(cfg.psu.address);
  const dmm = new ScpiSocket(cfg.dmm.address);
  await Promise.all([psu.connect(), dmm.connect()]);
  console.error(`[bench] PSU ${await psu.query("*IDN?")}`);
  console.error(`[bench] DMM ${await dmm.query("*IDN?")}`);

  const ch = cfg.psu.channel;
  let outputOn = false;
  const safeOff = () => {
    if (outputOn) {
      psu.write(`OUTP OFF,(@${ch})`);
      outputOn = false;
      console.error("[bench] PSU output off");
    }
  };
  process.once("SIGINT", () => {
    safeOff();
    psu.close();
    dmm.close();
    process.exit(130);
  });

  const samples: Sample[] = [];
  try {
    psu.write("*RST");
    psu.write(`CURR ${cfg.psu.currentLimit},(@${ch})`);
    dmm.write("CONF:CURR:DC AUTO");
    for (const v of opts.steps) {
      psu.write(`VOLT ${v.toFixed(3)},(@${ch})`);
      if (!outputOn) {
        psu.write(`OUTP ON,(@${ch})`);
        outputOn = true;
      }
      await sleep(opts.settleMs);
      const measVolts = Number(await psu.query(`MEAS:VOLT? (@${ch})`));
      const measAmps = Number(await dmm.query("READ?"));
      samples.push({ setVolts: v, measVolts, measAmps, t: new Date().toISOString() });
      console.error(`[bench] ${v.toFixed(2)} V → ${measVolts.toFixed(3)} V, ${(measAmps * 1000).toFixed(2)} mA`);
    }
  } finally {
    safeOff();
    psu.close();
    dmm.close();
  }

  const outDir = path.join(ROOT, "data", "characterisation");
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `supply-${Date.now()}${opts.live ? "" : "-sim"}.csv`);
  await writeFile(file, ["set_v,meas_v,meas_a,time", ...samples.map((s) => `${s.setVolts},${s.measVolts},${s.measAmps},${s.t}`)].join("\n") + "\n");
  console.error(`[bench] ${samples.length} samples → ${path.relative(ROOT, file)}`);

  const limit = cfg.psu.currentLimit * 0.95;
  const nearLimit = samples.filter((s) => s.measAmps >= limit);
  if (nearLimit.length) {
    console.error(`[bench] ⚠ ${nearLimit.length} step(s) within 5% of the current limit`);
    return 2;
  }
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[bench] ${e.message}`);
    process.exit(1);
  },
);
