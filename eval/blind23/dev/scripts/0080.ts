#!/usr/bin/env -S npx tsx
// fix-volume-perms.ts - repair ownership/modes of the bind-mounted data folders
// used by docker compose (data/postgres, data/uploads, data/minio, logs/).
//
// Containers running as root leave root-owned files behind; containers running
// as uid 999 (postgres) need their folder to be theirs.  The desired state lives
// in config/volumes.json:
//   { "data/postgres": { "uid": 999, "gid": 999, "mode": "0700" },
//     "data/uploads":  { "owner": "self", "mode": "2775", "acl": "g:www-data:rwX" } }
//
//   npx tsx tools/fix-volume-perms.ts            # show differences
//   npx tsx tools/fix-volume-perms.ts --fix      # apply (uses sudo for chown)
//
// Every path is resolved and must be inside the repository; sudo is only used
// for `chown`/`setfacl` on those exact paths, never for anything else.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Owner = 'self' | { uid: number; gid: number };

interface VolumeSpec {
  owner: Owner;
  mode: number;
  acl?: string;
}

interface Finding {
  rel: string;
  issue: string;
  fix: string[][];
}

const ROOT = fs.realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim());
const CONFIG = path.join(ROOT, 'config', 'volumes.json');
const ME = os.userInfo();

function loadSpecs(): Map<string, VolumeSpec> {
  const raw = JSON.parse(fs.readFileSync(CONFIG, 'utf8')) as Record<string, Record<string, unknown>>;
  const specs = new Map<string, VolumeSpec>();
  for (const [rel, v] of Object.entries(raw)) {
    const owner: Owner =
      v.owner === 'self' || v.uid === undefined ? 'self' : { uid: Number(v.uid), gid: Number(v.gid ?? v.uid) };
    const mode = parseInt(String(v.mode ?? '0755'), 8);
    if (Number.isNaN(mode) || mode > 0o7777) throw new Error(`bad mode for ${rel}`);
    specs.set(rel, { owner, mode, acl: typeof v.acl === 'string' ? v.acl : undefined });
  }
  return specs;
}

function insideRepo(rel: string): string {
  const abs = path.resolve(ROOT, rel);
  const real = fs.existsSync(abs) ? fs.realpathSync(abs) : abs;
  const r = path.relative(ROOT, real);
  if (!r || r.startsWith('..') || path.isAbsolute(r)) {
    throw new Error(`${rel} resolves to ${real}, outside ${ROOT}; refusing`);
  }
  return real;
}

function wantedIds(owner: Owner): { uid: number; gid: number } {
  return owner === 'self' ? { uid: ME.uid, gid: ME.gid } : owner;
}

function walkMismatches(abs: string, uid: number, gid: number, limit = 2000): string[] {
  const out: string[] = [];
  const stack = [abs];
  while (stack.length && out.length < limit) {
    const cur = stack.pop() as string;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    if (st.uid !== uid || st.gid !== gid) out.push(cur);
    if (st.isDirectory() && !st.isSymbolicLink()) {
      for (const child of fs.readdirSync(cur)) stack.push(path.join(cur, child));
    }
  }
  return out;
}

function inspect(rel: string, spec: VolumeSpec): Finding[] {
  const abs = insideRepo(rel);
  const findings: Finding[] = [];
  if (!fs.existsSync(abs)) {
    findings.push({ rel, issue: 'missing', fix: [['mkdir', '-p', abs]] });
    return findings;
  }
  const st = fs.statSync(abs);
  const { uid, gid } = wantedIds(spec.owner);
  const wrong = walkMismatches(abs, uid, gid);
  if (wrong.length) {
    findings.push({
      rel,
      issue: `${wrong.length} path(s) not owned by ${uid}:${gid}`,
      fix: [['sudo', 'chown', '-R', '-h', `${uid}:${gid}`, '--', abs]],
    });
  }
  if ((st.mode & 0o7777) !== spec.mode) {
    const needsSudo = st.uid !== ME.uid;
    const cmd = ['chmod', spec.mode.toString(8), '--', abs];
    findings.push({
      rel,
      issue: `mode ${(st.mode & 0o7777).toString(8)} != ${spec.mode.toString(8)}`,
      fix: [needsSudo ? ['sudo', ...cmd] : cmd],
    });
  }
  if (spec.acl) {
    const current = spawnSync('getfacl', ['-p', '--omit-header', abs], { encoding: 'utf8' }).stdout ?? '';
    const [kind, who] = spec.acl.split(':');
    const prefix = `${kind === 'g' ? 'group' : 'user'}:${who}:`;
    if (!current.split('\n').some((l) => l.startsWith(prefix))) {
      findings.push({
        rel,
        issue: `ACL ${spec.acl} missing`,
        fix: [['sudo', 'setfacl', '-R', '-m', spec.acl, '-m', `d:${spec.acl}`, '--', abs]],
      });
    }
  }
  return findings;
}

function apply(findings: Finding[]): void {
  for (const f of findings) {
    for (const argv of f.fix) {
      // every fix targets a path validated by insideRepo(); double-check the last arg
      const target = argv[argv.length - 1];
      const rel = path.relative(ROOT, target);
      if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`unsafe target ${target}`);
      console.log(`$ ${argv.join(' ')}`);
      const res = spawnSync(argv[0], argv.slice(1), { stdio: 'inherit' });
      if (res.status !== 0) throw new Error(`${argv[0]} failed for ${f.rel}`);
    }
  }
}

function composeRunning(): boolean {
  const res = spawnSync('docker', ['compose', 'ps', '--status', 'running', '-q'], { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 && (res.stdout ?? '').trim().length > 0;
}

// Compose files sometimes reference folders that are missing from volumes.json;
// list them so the config stays complete (read-only check).
function unlistedBindMounts(specs: Map<string, VolumeSpec>): string[] {
  const composeFile = ['compose.yaml', 'docker-compose.yml'].map((f) => path.join(ROOT, f)).find(fs.existsSync);
  if (!composeFile) return [];
  const text = fs.readFileSync(composeFile, 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(/^\s*-\s*\.\/([\w./-]+):\//gm)) found.add(m[1].replace(/\/$/, ''));
  return [...found].filter((rel) => !specs.has(rel));
}

function main(): number {
  const fix = process.argv.includes('--fix');
  const specs = loadSpecs();
  for (const rel of unlistedBindMounts(specs)) {
    console.warn(`note: ./${rel} is bind-mounted in compose but not listed in config/volumes.json`);
  }
  const findings = [...specs].flatMap(([rel, spec]) => inspect(rel, spec));
  if (!findings.length) {
    console.log('all volume folders match config/volumes.json');
    return 0;
  }
  for (const f of findings) {
    console.log(`${f.rel}: ${f.issue}`);
    for (const argv of f.fix) console.log(`    fix: ${argv.join(' ')}`);
  }
  if (!fix) {
    console.log('\nrun with --fix to apply');
    return 1;
  }
  if (composeRunning()) {
    console.error('docker compose services are running; stop them first (docker compose stop)');
    return 2;
  }
  apply(findings);
  console.log('done');
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`fix-volume-perms: ${(err as Error).message}`);
  process.exitCode = 1;
}
