#!/usr/bin/env node
// No dependencies beyond Node >= 18.
//
//
// Event types shown: Encounter, Condition, Observation, MedicationRequest,
// Procedure, Immunization (see KINDS).  Each needs a date field; events
// without one are skipped instead of being placed at an arbitrary position.
//
// index.json lists every generated timeline (id, name, birth date, gender,
// event count, file) and is what the docs site uses to build its menu.
//
// HTML is escaped with escapeHtml(); the page carries a visible "synthetic
// patient" banner because screenshots end up in slides.
//
// Exit status: 0 ok, 1 on errors (bad arguments, unreadable input).
//
// Examples:
//   node tools/timeline.js out/synthea/fhir --limit 20
//   node tools/timeline.js out/synthea/fhir --patient 7f3c --json | jq .
//
// Owner: demo site team.
//
// Performance: ~1 s per 100 Synthea patients; bundles are read one at a time
// so memory stays flat even for 10k-patient runs.
//
// Related: tools/make-fixtures.ts builds the small committed fixtures from the
// same Synthea output.
//
// timeline.js - build per-patient clinical timelines from Synthea FHIR output.
//
//   node tools/timeline.js out/synthea/fhir                 all patients -> out/timelines/<id>.html
//   node tools/timeline.js out/synthea/fhir --patient 7f3c   one patient (id prefix)
//   node tools/timeline.js out/synthea/fhir --json           JSON instead of HTML
//
// Input is Synthea's synthetic output only (bundles with the Synthea
// identifier system); other bundles are skipped with a warning so that real
// exports can never end up in the demo site.  Output is static HTML that the
// docs site embeds; nothing is uploaded anywhere.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const OUT = path.join(repoRoot, 'out', 'timelines');
const SYNTHEA_ID_SYSTEM = 'https://github.com/synthetichealth/synthea';
const KINDS = {
  Encounter: (r) => ({ when: r.period?.start, label: r.type?.[0]?.text ?? 'Encounter', detail: r.class?.code }),
  Condition: (r) => ({ when: r.onsetDateTime, label: r.code?.text ?? 'Condition', detail: r.clinicalStatus?.coding?.[0]?.code }),
  Observation: (r) => ({
    when: r.effectiveDateTime,
    label: r.code?.text ?? 'Observation',
    detail: r.valueQuantity ? `${round(r.valueQuantity.value)} ${r.valueQuantity.unit ?? ''}` : r.valueCodeableConcept?.text,
  }),
  MedicationRequest: (r) => ({ when: r.authoredOn, label: r.medicationCodeableConcept?.text ?? 'Medication', detail: r.status }),
  Procedure: (r) => ({ when: r.performedPeriod?.start ?? r.performedDateTime, label: r.code?.text ?? 'Procedure' }),
  Immunization: (r) => ({ when: r.occurrenceDateTime, label: r.vaccineCode?.text ?? 'Immunization' }),
};

function round(v) {
  return typeof v === 'number' ? Math.round(v * 100) / 100 : v;
}

function escapeHtml(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

function parseArgs(argv) {
  const opts = { dir: null, patient: null, json: false, limit: Infinity };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--patient') opts.patient = argv[++i];
    else if (a === '--json') opts.json = true;
    else if (a === '--limit') opts.limit = Number.parseInt(argv[++i], 10);
    else if (!opts.dir) opts.dir = a;
    else throw new Error(`unexpected argument: ${a}`);
  }
  if (!opts.dir) throw new Error('usage: timeline.js <fhir-dir> [--patient ID] [--json] [--limit N]');
  return opts;
}

function isSynthea(patient) {
  return (patient.identifier ?? []).some((id) => id.system === SYNTHEA_ID_SYSTEM);
}

function events(bundle) {
  const out = [];
  for (const { resource } of bundle.entry ?? []) {
    const mapper = KINDS[resource?.resourceType];
    if (!mapper) continue;
    const e = mapper(resource);
    if (!e.when) continue;
    out.push({ type: resource.resourceType, ...e });
  }
  return out.sort((a, b) => a.when.localeCompare(b.when));
}

function summary(patient) {
  const name = patient.name?.[0];
  return {
    id: patient.id,
    name: name ? `${(name.given ?? []).join(' ')} ${name.family ?? ''}`.trim() : patient.id,
    birthDate: patient.birthDate,
    gender: patient.gender,
    deceased: patient.deceasedDateTime ?? null,
  };
}

function byYear(list) {
  const groups = new Map();
  for (const e of list) {
    const year = e.when.slice(0, 4);
    if (!groups.has(year)) groups.set(year, []);
    groups.get(year).push(e);
  }
  return groups;
}

function renderHtml(person, list) {
  const rows = [];
  for (const [year, items] of byYear(list)) {
    rows.push(`<h2>${year}</h2><ul>`);
    for (const e of items) {
      rows.push(`<li class="${e.type.toLowerCase()}"><time>${escapeHtml(e.when.slice(0, 10))}</time> `
        + `<b>${escapeHtml(e.type)}</b> ${escapeHtml(e.label)}${e.detail ? ` <i>${escapeHtml(e.detail)}</i>` : ''}</li>`);
    }
    rows.push('</ul>');
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(person.name)} (synthetic)</title>
<style>body{font:14px system-ui;margin:2rem;max-width:60rem} time{color:#666} .condition b{color:#a33} .observation b{color:#336}</style>
</head><body>
<p><strong>Synthetic patient</strong> generated by Synthea - not a real person.</p>
<h1>${escapeHtml(person.name)}</h1>
<p>born ${escapeHtml(person.birthDate)}, ${escapeHtml(person.gender)}${person.deceased ? `, died ${escapeHtml(person.deceased.slice(0, 10))}` : ''}</p>
${rows.join('\n')}
</body></html>
`;
}

function writeAtomic(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

function main() {
  const opts = parseArgs(process.argv.slice(2)); // throws with usage text
  const files = fs.readdirSync(opts.dir).filter((f) => f.endsWith('.json') && !/^(hospital|practitioner)/.test(f));
  fs.mkdirSync(OUT, { recursive: true });
  let written = 0;
  let skipped = 0;
  const index = [];
  for (const file of files.sort()) {
    if (written >= opts.limit) break;
    const bundle = JSON.parse(fs.readFileSync(path.join(opts.dir, file), 'utf8'));
    const patient = (bundle.entry ?? []).map((e) => e.resource).find((r) => r?.resourceType === 'Patient');
    if (!patient) continue;
    if (!isSynthea(patient)) {
      skipped++;
      console.warn(`skip ${file}: not a Synthea patient`);
      continue;
    }
    if (opts.patient && !patient.id.startsWith(opts.patient)) continue;
    const person = summary(patient);
    const list = events(bundle);
    const target = path.join(OUT, `${patient.id}.${opts.json ? 'json' : 'html'}`);
    writeAtomic(target, opts.json ? JSON.stringify({ person, events: list }, null, 2) : renderHtml(person, list));
    index.push({ ...person, events: list.length, file: path.basename(target) });
    written++;
  }
  writeAtomic(path.join(OUT, 'index.json'), JSON.stringify(index, null, 2));
  console.log(`${written} timeline(s) in ${path.relative(repoRoot, OUT)}, ${skipped} non-synthetic bundle(s) skipped`);
}

try {
  main();
} catch (err) {
  console.error(`timeline: ${err.message}`);
  process.exit(1);
}
