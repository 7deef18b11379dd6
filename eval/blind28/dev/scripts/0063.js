#!/usr/bin/env node
//
// Why: the CI pipeline pushes a fresh copy of the synthetic studies every
// night, and developers drop real-looking test data into the local server
// while debugging viewers.  Both pile up; this keeps the test server small and
// makes sure nothing identified lingers on it.
//
// orthanc-tidy.js - keep the local test Orthanc small and anonymous.
//
//   node tools/orthanc-tidy.js                     report: studies, sizes, non-anonymised ones
//   node tools/orthanc-tidy.js --anonymise --apply replace non-anonymised studies by anonymised copies
//   node tools/orthanc-tidy.js --older 30 --apply  delete studies received more than 30 days ago
//
// Target is ORTHANC_URL (default http://localhost:8042); anything that is not
// localhost or a *.internal test host is refused.  Deleting needs --apply AND
// the server's "Name" must contain "test" (see docker/orthanc.json), so the
// shared archive can never be tidied by accident.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function env() {
  const values = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return values;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^(ORTHANC_[A-Z_]+)=(.*)$/);
    if (m && values[m[1]] === undefined) values[m[1]] = m[2].trim();
  }
  return values;
}

function parse(argv) {
  const o = { apply: false, anonymise: false, older: 0 };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--apply': o.apply = true; break;
      case '--anonymise': o.anonymise = true; break;
      case '--older': o.older = Number(argv[++i]); break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (Number.isNaN(o.older) || o.older < 0) throw new Error('--older expects days');
  return o;
}

class Orthanc {
  constructor(base, user, password) {
    const url = new URL(base);
    if (!(url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname.endsWith('.internal'))) {
      throw new Error(`refusing non-test Orthanc ${url.hostname}`);
    }
    this.base = url.origin;
    this.auth = user ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  }

  async req(method, p, body) {
    const headers = { Accept: 'application/json' };
    if (this.auth) headers.Authorization = this.auth;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(this.base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (res.ok) return res.status === 200 ? res.json().catch(() => ({})) : {};
      if (attempt >= 3 || res.status < 500) throw new Error(`${method} ${p}: HTTP ${res.status}`);
      await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));
    }
  }

  system() { return this.req('GET', '/system'); }
  statistics() { return this.req('GET', '/statistics'); }
  studies() { return this.req('GET', '/studies?expand'); }
  studyStats(id) { return this.req('GET', `/studies/${id}/statistics`); }
  remove(id) { return this.req('DELETE', `/studies/${id}`); }
  anonymise(id) {
    return this.req('POST', `/studies/${id}/anonymize`, {
      Keep: ['StudyDescription', 'SeriesDescription', 'Modality'],
      KeepPrivateTags: false,
      Force: true,
    });
  }
}

function receivedDaysAgo(study) {
  const t = study.LastUpdate; // e.g. 20240512T101500
  const d = new Date(`${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:00Z`);
  return (Date.now() - d.getTime()) / 86400000;
}

function looksIdentified(study) {
  const tags = study.PatientMainDicomTags || {};
  const name = tags.PatientName || '';
  return !(study.AnonymizedFrom || /^ANON/i.test(name) || name === '');
}

function byModality(studies) {
  const counts = new Map();
  for (const s of studies) {
    const mods = (s.MainDicomTags.ModalitiesInStudy || 'unknown').split('\\');
    for (const m of mods) counts.set(m, (counts.get(m) || 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function csvLine(fields) {
  return fields.map((f) => {
    const s = String(f ?? '');
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  }).join(',');
}

function writeReport(studies) {
  const dir = path.join(ROOT, 'build', 'orthanc');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'studies.csv');
  const lines = [csvLine(['id', 'study_date', 'description', 'modalities', 'received_days_ago', 'identified'])];
  for (const s of studies) {
    lines.push(csvLine([
      s.ID,
      s.MainDicomTags.StudyDate,
      s.MainDicomTags.StudyDescription,
      s.MainDicomTags.ModalitiesInStudy,
      receivedDaysAgo(s).toFixed(1),
      looksIdentified(s) ? 'yes' : 'no',
    ]));
  }
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, lines.join('\n') + '\n');
  fs.renameSync(tmp, file);
  return path.relative(ROOT, file);
}

async function main() {
  const opts = parse(process.argv.slice(2));
  const e = env();
  const orthanc = new Orthanc(e.ORTHANC_URL || 'http://localhost:8042', e.ORTHANC_USER, e.ORTHANC_PASSWORD);
  const sys = await orthanc.system();
  const stats = await orthanc.statistics();
  console.log(`${sys.Name} (Orthanc ${sys.Version}) at ${orthanc.base}`);
  console.log(`studies=${stats.CountStudies} instances=${stats.CountInstances} disk=${stats.TotalDiskSizeMB} MB`);

  const destructive = opts.apply && (opts.anonymise || opts.older);
  if (destructive && !/test/i.test(sys.Name)) {
    throw new Error(`server name "${sys.Name}" does not contain "test"; refusing to modify it`);
  }

  const studies = await orthanc.studies();
  const identified = studies.filter(looksIdentified);
  const old = opts.older ? studies.filter((s) => receivedDaysAgo(s) > opts.older) : [];
  console.log(`${identified.length} studies look identified, ${old.length} older than ${opts.older || '-'} days`);
  for (const [modality, n] of byModality(studies)) console.log(`  ${modality.padEnd(6)} ${n}`);
  console.log(`report: ${writeReport(studies)}`);

  if (opts.anonymise) {
    for (const s of identified) {
      const desc = s.MainDicomTags.StudyDescription || s.ID;
      if (!opts.apply) {
        console.log(`would anonymise ${desc}`);
        continue;
      }
      const copy = await orthanc.anonymise(s.ID);
      await orthanc.remove(s.ID);
      console.log(`anonymised ${desc} -> ${copy.ID}`);
    }
  }

  if (opts.older) {
    let freed = 0;
    for (const s of old) {
      const st = await orthanc.studyStats(s.ID);
      freed += Number(st.DiskSizeMB || 0);
      if (opts.apply) await orthanc.remove(s.ID);
      console.log(`${opts.apply ? 'deleted' : 'would delete'} ${s.MainDicomTags.StudyDate || '?'} ${s.ID} (${st.DiskSizeMB} MB)`);
    }
    console.log(`${opts.apply ? 'freed' : 'would free'} ${freed.toFixed(1)} MB`);
  }

  if (!opts.apply && (opts.anonymise || opts.older)) console.log('dry run; add --apply to change the test server');
}

main().catch((err) => {
  console.error(`orthanc-tidy: ${err.message}`);
  process.exit(1);
});
