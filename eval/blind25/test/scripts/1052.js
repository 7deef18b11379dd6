#!/usr/bin/env node
/**
 * tools/nf-params.js - build and validate a params file for an nf-core pipeline run.
 *
 *   node tools/nf-params.js --pipeline rnaseq --sheet assets/run17.csv > runs/run17.params.json
 *   node tools/nf-params.js --pipeline rnaseq --sheet ... --launch      also print the launch line
 *
 * Reads the pipeline's nextflow_schema.json from the pipeline checkout in
 * pipelines/<name>/ (vendored with `nf-core download`, no network needed),
 * merges defaults + config/params/<name>.yaml + CLI overrides, validates
 * types/enums/required fields, and writes JSON to stdout.
 * Patient sample sheets stay local: http(s)/s3 inputs are rejected.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const yaml = require('yaml');

const BASE = path.resolve(__dirname, '..');

function parseCli(argv) {
  const opts = { overrides: {}, launch: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--pipeline') opts.pipeline = argv[++i];
    else if (a === '--sheet') opts.sheet = argv[++i];
    else if (a === '--launch') opts.launch = true;
    else if (a.startsWith('--set=')) {
      const [k, ...rest] = a.slice(6).split('=');
      opts.overrides[k] = coerce(rest.join('='));
    } else throw new Error(`unknown argument: ${a}`);
  }
  if (!opts.pipeline || !/^[a-z0-9-]+$/.test(opts.pipeline)) throw new Error('--pipeline NAME required');
  if (!opts.sheet) throw new Error('--sheet FILE required');
  return opts;
}

function coerce(value) {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

function loadSchema(pipeline) {
  const file = path.join(BASE, 'pipelines', pipeline, 'nextflow_schema.json');
  if (!fs.existsSync(file)) throw new Error(`no vendored schema at ${path.relative(BASE, file)}`);
  const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
  const props = {};
  const required = new Set(schema.required || []);
  const groups = Object.values(schema.definitions || schema.$defs || {});
  for (const g of groups) {
    Object.assign(props, g.properties || {});
    (g.required || []).forEach((r) => required.add(r));
  }
  Object.assign(props, schema.properties || {});
  return { props, required };
}

function defaultsFrom(props) {
  const out = {};
  for (const [k, spec] of Object.entries(props)) {
    if (spec.default !== undefined && !spec.hidden) out[k] = spec.default;
  }
  return out;
}

function projectParams(pipeline) {
  const file = path.join(BASE, 'config', 'params', `${pipeline}.yaml`);
  return fs.existsSync(file) ? yaml.parse(fs.readFileSync(file, 'utf8')) || {} : {};
}

function typeOk(spec, value) {
  switch (spec.type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

function validate(params, { props, required }) {
  const errors = [];
  for (const r of required) {
    if (params[r] === undefined || params[r] === '') errors.push(`missing required parameter ${r}`);
  }
  for (const [k, v] of Object.entries(params)) {
    const spec = props[k];
    if (!spec) {
      errors.push(`unknown parameter ${k}`);
      continue;
    }
    if (!typeOk(spec, v)) errors.push(`${k}: expected ${spec.type}, got ${typeof v}`);
    if (spec.enum && !spec.enum.includes(v)) errors.push(`${k}: ${v} not one of ${spec.enum.join(', ')}`);
    if (spec.pattern && typeof v === 'string' && !new RegExp(spec.pattern).test(v)) {
      errors.push(`${k}: ${v} does not match ${spec.pattern}`);
    }
    if (spec.minimum !== undefined && v < spec.minimum) errors.push(`${k}: below minimum ${spec.minimum}`);
  }
  return errors;
}

function checkSheet(sheet) {
  const abs = path.resolve(BASE, sheet);
  if (!fs.existsSync(abs)) throw new Error(`sample sheet ${sheet} not found`);
  const lines = fs.readFileSync(abs, 'utf8').trim().split(/\r?\n/);
  const remote = lines.slice(1).filter((l) => /\b(https?|s3|gs|ftp):\/\//i.test(l));
  if (remote.length) {
    throw new Error(`sample sheet references remote files (${remote.length} rows); copy inputs into data/ first`);
  }
  return { abs, rows: lines.length - 1 };
}

function describeChanges(params, defaults) {
  // show which values differ from the pipeline defaults, for the run log
  const changed = Object.entries(params).filter(([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v));
  if (!changed.length) return;
  process.stderr.write('non-default parameters:\n');
  for (const [k, v] of changed.sort(([a], [b]) => a.localeCompare(b))) {
    const shown = typeof v === 'string' && v.length > 60 ? `${v.slice(0, 57)}...` : JSON.stringify(v);
    process.stderr.write(`  ${k.padEnd(28)} ${shown}\n`);
  }
}

function sheetColumns(abs) {
  const header = fs.readFileSync(abs, 'utf8').split(/\r?\n/, 1)[0];
  return header.split(',').map((c) => c.trim());
}

function launchLine(pipeline, paramsFile) {
  const revisionFile = path.join(BASE, 'pipelines', pipeline, '.revision');
  const revision = fs.existsSync(revisionFile) ? fs.readFileSync(revisionFile, 'utf8').trim() : 'local';
  return [
    'nextflow run',
    path.relative(BASE, path.join(BASE, 'pipelines', pipeline)),
    '-profile singularity,lab',
    `-params-file ${paramsFile}`,
    '-resume',
    `# pipeline revision ${revision}`,
  ].join(' ');
}

function main() {
  const opts = parseCli(process.argv.slice(2));
  const schema = loadSchema(opts.pipeline);
  const sheet = checkSheet(opts.sheet);
  const params = {
    ...defaultsFrom(schema.props),
    ...projectParams(opts.pipeline),
    ...opts.overrides,
    input: path.relative(BASE, sheet.abs),
  };
  if (!params.outdir) params.outdir = `results/${opts.pipeline}/${path.basename(opts.sheet, path.extname(opts.sheet))}`;
  const errors = validate(params, schema);
  if (errors.length) {
    errors.forEach((e) => process.stderr.write(`  ✗ ${e}\n`));
    process.exit(1);
  }
  describeChanges(params, defaultsFrom(schema.props));
  process.stderr.write(`sheet columns: ${sheetColumns(sheet.abs).join(', ')}\n`);
  process.stdout.write(`${JSON.stringify(params, null, 2)}\n`);
  process.stderr.write(`${sheet.rows} sample rows, ${Object.keys(params).length} parameters\n`);
  if (opts.launch) {
    const paramsName = `runs/${path.basename(opts.sheet, path.extname(opts.sheet))}.params.json`;
    process.stderr.write(`\nlaunch with:\n  ${launchLine(opts.pipeline, paramsName)}\n`);
  }
}

try {
  main();
} catch (err) {
  process.stderr.write(`nf-params: ${err.message}\n`);
  process.exit(2);
}
