#!/usr/bin/env -S npx tsx
// tools/cds-fetch.ts - submit ERA5-Land requests to the Copernicus Climate
// Data Store (new CDS API) and download the results into data/raw/era5-land.
//
// Credentials: ~/.cdsapirc (the same file cdsapi uses), lines "url: ..." and
// "key: ...". The url host must be cds.climate.copernicus.eu; the key is sent
// only to that host, in the PRIVATE-TOKEN header as the CDS docs describe.
// Each request is written to requests/<name>.json first so it can be reviewed
// and re-run; downloads go to a .part file and are renamed when complete.

import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const ROOT = resolve(__dirname, '..');
const RAW = join(ROOT, 'data', 'raw', 'era5-land');
const REQUESTS = join(ROOT, 'requests');
const EXPECTED_HOST = 'cds.climate.copernicus.eu';
const DATASET = 'reanalysis-era5-land';

interface Rc {
  url: string;
  key: string;
}

interface JobStatus {
  jobID: string;
  status: 'accepted' | 'running' | 'successful' | 'failed' | 'rejected' | 'dismissed';
  links?: { href: string; rel: string }[];
}

function readRc(): Rc {
  const file = process.env.CDSAPI_RC ?? join(homedir(), '.cdsapirc');
  if (!existsSync(file)) throw new Error(`${file} not found; see the CDS "how to API" page`);
  const rc: Partial<Rc> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*(url|key)\s*:\s*(\S+)/.exec(line);
    if (m) rc[m[1] as keyof Rc] = m[2];
  }
  if (!rc.url || !rc.key) throw new Error(`${file} needs url and key`);
  const host = new URL(rc.url).hostname;
  if (host !== EXPECTED_HOST) throw new Error(`~/.cdsapirc url points at ${host}, expected ${EXPECTED_HOST}`);
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) console.warn(`note: ${file} is readable by others (mode ${mode.toString(8)}); chmod 600 recommended`);
  return rc as Rc;
}

// Only the first and last characters are shown so logs can tell which key
// was used without containing it.
function masked(key: string): string {
  return key.length > 8 ? `${key.slice(0, 4)}…${key.slice(-2)}` : '****';
}

class Cds {
  constructor(private readonly rc: Rc) {}

  private url(path: string): string {
    return `${this.rc.url.replace(/\/$/, '')}${path}`;
  }

  private async call(path: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(this.url(path));
    if (target.hostname !== EXPECTED_HOST) throw new Error(`refusing to send key to ${target.hostname}`);
    return fetch(target, {
      ...init,
      headers: { 'PRIVATE-TOKEN': this.rc.key, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });
  }

  async submit(request: object): Promise<JobStatus> {
    const res = await this.call(`/retrieve/v1/processes/${DATASET}/execution`, {
      method: 'POST',
      body: JSON.stringify({ inputs: request }),
    });
    if (!res.ok) throw new Error(`submit: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as JobStatus;
  }

  async status(jobId: string): Promise<JobStatus> {
    const res = await this.call(`/retrieve/v1/jobs/${jobId}`);
    if (!res.ok) throw new Error(`status: ${res.status}`);
    return (await res.json()) as JobStatus;
  }

  async resultHref(jobId: string): Promise<string> {
    const res = await this.call(`/retrieve/v1/jobs/${jobId}/results`);
    if (!res.ok) throw new Error(`results: ${res.status}`);
    const body = (await res.json()) as any;
    return body.asset.value.href as string;
  }
}

function monthlyRequest(year: number, month: number, area: number[], variables: string[]): object {
  const days = new Date(year, month, 0).getDate();
  return {
    variable: variables,
    year: String(year),
    month: String(month).padStart(2, '0'),
    day: Array.from({ length: days }, (_, i) => String(i + 1).padStart(2, '0')),
    time: Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
    area,
    data_format: 'netcdf',
    download_format: 'unarchived',
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Poll with a growing delay: CDS queues can take minutes to hours, and
// polling every few seconds for hours only adds load on their side.
async function waitFor(cds: Cds, jobId: string): Promise<void> {
  let delay = 5_000;
  for (;;) {
    const s = await cds.status(jobId);
    if (s.status === 'successful') return;
    if (s.status === 'failed' || s.status === 'rejected' || s.status === 'dismissed') {
      throw new Error(`job ${jobId} ${s.status}`);
    }
    await sleep(delay);
    delay = Math.min(delay * 1.5, 120_000);
  }
}

async function download(href: string, target: string): Promise<void> {
  const url = new URL(href);
  if (!url.hostname.endsWith('copernicus.eu')) throw new Error(`unexpected download host ${url.hostname}`);
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`download: ${res.status}`);
  const part = `${target}.part`;
  try {
    await pipeline(Readable.fromWeb(res.body as any), createWriteStream(part));
    renameSync(part, target);
  } catch (err) {
    if (existsSync(part)) unlinkSync(part);
    throw err;
  }
}

async function main(): Promise<void> {
  const [start, end = start] = process.argv.slice(2);
  if (!start || !/^\d{4}-\d{2}$/.test(start) || !/^\d{4}-\d{2}$/.test(end)) {
    throw new Error('usage: cds-fetch.ts YYYY-MM [YYYY-MM]');
  }
  const conf = JSON.parse(readFileSync(join(ROOT, 'config', 'era5-land.json'), 'utf8'));
  const rc = readRc();
  if (!Array.isArray(conf.area) || conf.area.length !== 4) throw new Error('config area must be [N, W, S, E]');
  console.log(`CDS ${rc.url} key ${masked(rc.key)}`);
  const cds = new Cds(rc);
  mkdirSync(RAW, { recursive: true });
  mkdirSync(REQUESTS, { recursive: true });

  let [y, m] = start.split('-').map(Number);
  const [ey, em] = end.split('-').map(Number);
  while (y < ey || (y === ey && m <= em)) {
    const name = `era5land_${conf.region}_${y}${String(m).padStart(2, '0')}`;
    const target = join(RAW, `${name}.nc`);
    if (existsSync(target)) {
      console.log(`${name}: present`);
    } else {
      const request = monthlyRequest(y, m, conf.area, conf.variables);
      writeFileSync(join(REQUESTS, `${name}.json`), JSON.stringify(request, null, 2));
      const job = await cds.submit(request);
      console.log(`${name}: job ${job.jobID} submitted`);
      await waitFor(cds, job.jobID);
      await download(await cds.resultHref(job.jobID), target);
      console.log(`${name}: downloaded`);
    }
    m++;
    if (m === 13) {
      m = 1;
      y++;
    }
  }
}

main().catch((err: Error) => {
  console.error(`cds-fetch: ${err.message}`);
  process.exitCode = 1;
});
