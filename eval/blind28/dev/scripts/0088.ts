#!/usr/bin/env -S npx tsx
// dicomweb-pull.ts - query the local Orthanc over DICOMweb and pull test studies into build/.
//
//   npx tsx tools/dicomweb-pull.ts search --modality CT --since 20240101
//   npx tsx tools/dicomweb-pull.ts pull 1.2.826.0.1.3680043.8.498.1  -> build/studies/<uid>/
//   npx tsx tools/dicomweb-pull.ts pull --all-matching --modality MR  (asks for --yes above 20 studies)
//
// Server: DICOMWEB_ROOT (default http://localhost:8042/dicom-web), basic auth from
// .env (ORTHANC_USER / ORTHANC_PASSWORD).  Only localhost or *.internal test
// servers are accepted.  Retrieved instances are written as .dcm files with the
// multipart boundary parsed here; nothing is sent back to the server.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const OUT = join(ROOT, 'build', 'studies');

type DicomJson = Record<string, { vr: string; Value?: unknown[] }>;

interface Study {
  uid: string;
  date: string;
  modalities: string[];
  description: string;
  instances: number;
}

interface Filters {
  modality?: string;
  since?: string;
  limit: number;
}

function env(): Record<string, string> {
  const values: Record<string, string> = {};
  const file = join(ROOT, '.env');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) values[m[1]] = m[2];
    }
  }
  return { ...values, ...(process.env as Record<string, string>) };
}

class DicomWeb {
  private readonly headers: Record<string, string> = {};

  constructor(readonly root: string, user?: string, password?: string) {
    const host = new URL(root).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1' && !host.endsWith('.internal')) {
      throw new Error(`DICOMWEB_ROOT ${host} is not a local test server`);
    }
    if (user) this.headers.Authorization = `Basic ${Buffer.from(`${user}:${password ?? ''}`).toString('base64')}`;
  }

  async qido(filters: Filters): Promise<Study[]> {
    const params = new URLSearchParams({ limit: String(filters.limit), includefield: '00081030,00201208' });
    if (filters.modality) params.set('ModalitiesInStudy', filters.modality);
    if (filters.since) params.set('StudyDate', `${filters.since}-`);
    const res = await fetch(`${this.root}/studies?${params}`, { headers: { ...this.headers, Accept: 'application/dicom+json' } });
    if (res.status === 204) return [];
    if (!res.ok) throw new Error(`QIDO ${res.status}`);
    const rows = (await res.json()) as DicomJson[];
    const str = (r: DicomJson, tag: string): string => String(r[tag]?.Value?.[0] ?? '');
    return rows.map((r) => ({
      uid: str(r, '0020000D'),
      date: str(r, '00080020'),
      modalities: (r['00080061']?.Value as string[] | undefined) ?? [],
      description: str(r, '00081030'),
      instances: Number(str(r, '00201208') || 0),
    }));
  }

  async wado(studyUid: string): Promise<Buffer[]> {
    const res = await fetch(`${this.root}/studies/${encodeURIComponent(studyUid)}`, {
      headers: { ...this.headers, Accept: 'multipart/related; type="application/dicom"' },
    });
    if (!res.ok) throw new Error(`WADO ${res.status} for ${studyUid}`);
    const type = res.headers.get('content-type') ?? '';
    const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
    if (!boundary) throw new Error('no multipart boundary in WADO response');
    return splitMultipart(Buffer.from(await res.arrayBuffer()), boundary);
  }
}

export function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      let content = part.subarray(headerEnd + 4);
      if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2);
      if (content.length > 132 && content.subarray(128, 132).toString() === 'DICM') parts.push(content);
    }
    start = next;
  }
  return parts;
}

function parseFilters(args: string[]): Filters {
  const get = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const since = get('--since');
  if (since && !/^\d{8}$/.test(since)) throw new Error('--since expects YYYYMMDD');
  return { modality: get('--modality'), since, limit: Number(get('--limit') ?? 100) };
}

async function pull(dw: DicomWeb, uid: string): Promise<number> {
  if (!/^[0-9.]+$/.test(uid)) throw new Error(`not a UID: ${uid}`);
  const target = join(OUT, uid);
  const staging = `${target}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const instances = await dw.wado(uid);
  instances.forEach((buf, i) => writeFileSync(join(staging, `IM${String(i + 1).padStart(4, '0')}.dcm`), buf));
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  return instances.length;
}

function listLocal(): void {
  // what has already been pulled, so the viewer tests can pick a study
  if (!existsSync(OUT)) {
    console.log('nothing pulled yet');
    return;
  }
  const dirs = readdirSync(OUT, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.endsWith('.partial'));
  for (const d of dirs) {
    const files = readdirSync(join(OUT, d.name)).filter((f) => f.endsWith('.dcm'));
    const bytes = files.reduce((n, f) => n + statSync(join(OUT, d.name, f)).size, 0);
    console.log(`${d.name}  ${String(files.length).padStart(5)} instances  ${(bytes / 2 ** 20).toFixed(1).padStart(8)} MiB`);
  }
  console.log(`${dirs.length} studies in build/studies`);
}

async function main(): Promise<void> {
  const [cmd, ...args] = process.argv.slice(2);
  if (cmd === 'local') {
    listLocal();
    return;
  }
  const e = env();
  const dw = new DicomWeb(e.DICOMWEB_ROOT ?? 'http://localhost:8042/dicom-web', e.ORTHANC_USER, e.ORTHANC_PASSWORD);
  if (cmd === 'search') {
    const studies = await dw.qido(parseFilters(args));
    for (const s of studies) {
      console.log(`${s.date}  ${s.modalities.join('/').padEnd(6)} ${String(s.instances).padStart(5)}  ${s.uid}  ${s.description}`);
    }
    console.log(`${studies.length} studies`);
  } else if (cmd === 'pull') {
    let uids = args.filter((a) => /^[0-9.]+$/.test(a));
    if (args.includes('--all-matching')) {
      uids = (await dw.qido(parseFilters(args))).map((s) => s.uid);
      if (uids.length > 20 && !args.includes('--yes')) {
        throw new Error(`${uids.length} studies match; add --yes to pull them all`);
      }
    }
    if (!uids.length) throw new Error('no study UID given');
    for (const uid of uids) {
      const n = await pull(dw, uid);
      console.log(`pulled ${n} instances -> build/studies/${uid}`);
    }
  } else {
    console.error('usage: dicomweb-pull.ts search [--modality M] [--since YYYYMMDD] | pull UID... [--all-matching]');
    process.exitCode = 2;
  }
}

main().catch((err: unknown) => {
  console.error(`dicomweb-pull: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
