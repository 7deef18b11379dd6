/**
 * influx-reseed.ts - reseed the InfluxDB buckets used by the dashboard tests.
 *
 * Clears the bucket's points for the test window and writes the fixture line
 * protocol again, so dashboards render deterministic data.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type Window = [start: string, stop: string];

interface Seed {
  bucket: string;
  org: string;
  host: string;
  window: Window;
  fixture: string;
}

const SEEDS: Seed[] = [
  {
    bucket: "sensors",
    org: "acme",
    host: process.env.INFLUX_HOST ?? "https://influx.internal:8086",
    window: ["1970-01-01T00:00:00Z", new Date().toISOString()],
    fixture: "fixtures/influx/sensors.lp",
  },
];

function token(): string {
  const env = path.join(ROOT, ".env");
  if (process.env.INFLUX_TOKEN) return process.env.INFLUX_TOKEN;
  if (existsSync(env)) {
    const m = /^INFLUX_TOKEN=(.*)$/m.exec(readFileSync(env, "utf8"));
    if (m) return m[1].trim();
  }
  throw new Error("INFLUX_TOKEN missing");
}

function influx(args: string[]): void {
  execFileSync("influx", args, { stdio: "inherit" });
}

function clear(seed: Seed, t: string): void {
  const [start, stop] = seed.window;
  influx(["delete", "--host", seed.host, "-t", t, "--org", seed.org, "--bucket", seed.bucket, "--start", start, "--stop", stop]);
}

function write(seed: Seed, t: string): void {
  influx(["write", "--host", seed.host, "-t", t, "--org", seed.org, "--bucket", seed.bucket,
    "--file", path.join(ROOT, seed.fixture), "--precision", "s"]);
}

function main(): void {
  const t = token();
  for (const seed of SEEDS) {
    console.log(`reseeding ${seed.bucket} on ${seed.host}`);
    clear(seed, t);
    write(seed, t);
  }
  console.log("done");
}

main();
