#!/usr/bin/env -S npx tsx
/**
 * tools/secrets-env.ts - typed loader for sops-encrypted JSON secrets used by
 * the integration test runner and local scripts.
 *
 *   npx tsx tools/secrets-env.ts exec test -- npx vitest run test/integration
 *   npx tsx tools/secrets-env.ts check test
 *   npx tsx tools/secrets-env.ts diff dev test        compare key sets, never values
 *
 * `sops --decrypt` is run with stdout captured into memory; the decrypted
 * document is validated against secrets/schema.json (required keys, patterns)
 * and then passed to the child process environment. Production files
 * (secrets/prod*.json) are refused by name and by the "environment" field.
 *
 * `types ENV` writes src/types/secrets-env.d.ts with the variable NAMES only,
 * so editors can autocomplete process.env without any value leaving sops.
 * The schema file (secrets/schema.json) is committed and reviewed like code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Flat = Record<string, string>;

interface Schema {
  required: string[];
  patterns: Record<string, string>;
  localUrlKeys: string[];
}

const ROOT = path.resolve(__dirname, '..');
const SECRETS = path.join(ROOT, 'secrets');
const SCHEMA_FILE = path.join(SECRETS, 'schema.json');
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', 'db', 'postgres', 'redis', 'localstack']);
const BLOCKED = /^(PATH|HOME|SHELL|NODE_OPTIONS|LD_PRELOAD|DYLD_.*|npm_config_.*)$/i;

function fail(msg: string): never {
  process.stderr.write(`secrets-env: ${msg}\n`);
  process.exit(2);
}

// Map an environment name to its encrypted file; production is refused by name
// here and again by the document's own "environment" field after decryption.
function fileFor(envName: string): string {
  if (!/^[a-z0-9-]+$/.test(envName)) fail(`invalid environment name ${envName}`);
  if (envName.startsWith('prod')) fail('production secrets cannot be loaded locally');
  const file = path.join(SECRETS, `${envName}.enc.json`);
  if (!existsSync(file)) fail(`secrets/${envName}.enc.json not found`);
  return file;
}

function decrypt(file: string): Record<string, unknown> {
  const res = spawnSync('sops', ['--decrypt', '--output-type', 'json', file], {
    encoding: 'utf8',
    maxBuffer: 2 * 1024 * 1024,
  });
  if (res.error) fail('sops is not installed');
  if (res.status !== 0) fail(`sops could not decrypt ${path.basename(file)}: ${res.stderr.trim().split('\n').pop()}`);
  const doc = JSON.parse(res.stdout) as Record<string, unknown>;
  delete doc.sops;
  if (typeof doc.environment === 'string' && /^prod/.test(doc.environment)) {
    fail('document declares a production environment');
  }
  return doc;
}

function flatten(obj: Record<string, unknown>, prefix = ''): Flat {
  const out: Flat = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'environment') continue;
    const name = `${prefix}${k}`.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatten(v as Record<string, unknown>, `${name}_`));
    else if (Array.isArray(v)) out[name] = v.map(String).join(',');
    else if (v !== null && v !== undefined) out[name] = String(v);
  }
  return out;
}

function loadSchema(): Schema {
  if (!existsSync(SCHEMA_FILE)) return { required: [], patterns: {}, localUrlKeys: [] };
  return JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Schema;
}

function validate(vars: Flat, schema: Schema): string[] {
  const problems: string[] = [];
  for (const key of schema.required) if (!(key in vars)) problems.push(`missing ${key}`);
  for (const [key, pattern] of Object.entries(schema.patterns)) {
    if (key in vars && !new RegExp(pattern).test(vars[key])) problems.push(`${key} does not match ${pattern}`);
  }
  for (const key of Object.keys(vars)) if (BLOCKED.test(key)) problems.push(`${key} may not be set from secrets`);
  for (const key of schema.localUrlKeys) {
    if (!vars[key]) continue;
    try {
      const host = new URL(vars[key]).hostname;
      if (!LOCAL_HOSTS.has(host)) problems.push(`${key} points at ${host} (must be a local service)`);
    } catch {
      problems.push(`${key} is not a URL`);
    }
  }
  return problems;
}

function load(envName: string): Flat {
  const vars = flatten(decrypt(fileFor(envName)));
  const problems = validate(vars, loadSchema());
  if (problems.length) fail(problems.join('; '));
  return vars;
}

function execWith(envName: string, command: string[]): void {
  if (command.length === 0) fail('nothing to run: add a command after --');
  const vars = load(envName);
  process.stderr.write(`secrets-env: ${Object.keys(vars).length} variables (${envName}) -> ${command[0]}\n`);
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...vars } });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (child.exitCode === null) child.kill(sig);
    });
  }
  child.on('exit', (code, signal) => {
    if (signal !== null) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

function check(envName: string): void {
  const vars = load(envName);
  for (const key of Object.keys(vars).sort()) console.log(`${key.padEnd(32)} ${vars[key].length} chars`);
}

function diff(a: string, b: string): void {
  const ka = new Set(Object.keys(load(a)));
  const kb = new Set(Object.keys(load(b)));
  const onlyA = [...ka].filter((k) => !kb.has(k)).sort();
  const onlyB = [...kb].filter((k) => !ka.has(k)).sort();
  console.log(`only in ${a}: ${onlyA.join(', ') || '-'}`);
  console.log(`only in ${b}: ${onlyB.join(', ') || '-'}`);
  if (onlyA.length || onlyB.length) process.exitCode = 1;
}

/**
 * Write a dotenv-style list of NAMES (no values) that IDEs can use for
 * autocompletion of process.env keys.
 */
function writeTypes(envName: string): void {
  const vars = load(envName);
  const lines = [
    '// generated by tools/secrets-env.ts types - names only, no values',
    'declare namespace NodeJS {',
    '  interface ProcessEnv {',
    ...Object.keys(vars).sort().map((k) => `    ${k}?: string;`),
    '  }',
    '}',
    '',
  ];
  const target = path.join(ROOT, 'src', 'types', 'secrets-env.d.ts');
  require('node:fs').mkdirSync(path.dirname(target), { recursive: true });
  require('node:fs').writeFileSync(target, lines.join('\n'));
  console.log(`wrote ${path.relative(ROOT, target)} (${Object.keys(vars).length} names)`);
}

function main(): void {
  const [subcommand, ...rest] = process.argv.slice(2);
  if (subcommand === 'types') return writeTypes(rest[0] ?? 'dev');
  const sep = rest.indexOf('--');
  switch (subcommand) {
    case 'exec':
      execWith(rest[0], sep >= 0 ? rest.slice(sep + 1) : []);
      break;
    case 'check':
      check(rest[0]);
      break;
    case 'diff':
      diff(rest[0], rest[1]);
      break;
    default:
      fail('usage: secrets-env.ts exec|check|diff ...');
  }
}

main();
