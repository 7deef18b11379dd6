#!/usr/bin/env node
// scripts/codegen.mjs-style driver (CommonJS for the older CI image)
//
// Regenerates API clients from the OpenAPI and GraphQL schemas listed in
// codegen.config.json. Each target's output directory is deleted and rebuilt.
// Output directories must be inside packages/*/src/generated so a typo in the
// config can never wipe anything else.
//
//   node scripts/codegen.js                 all targets
//   node scripts/codegen.js --only billing  one target
//   node scripts/codegen.js --check         CI: fail if git sees changes

'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs/promises');
const fss = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'codegen.config.json');
const GENERATED_RE = /^packages\/[a-z0-9-]+\/src\/generated(\/[a-z0-9-]+)?$/;
const BIN = path.join(ROOT, 'node_modules', '.bin');

function parseArgs(argv) {
  const args = { only: new Set(), check: false, concurrency: 2 };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--only':
        args.only.add(argv[++i]);
        break;
      case '--check':
        args.check = true;
        break;
      case '-j':
        args.concurrency = Math.max(1, Number(argv[++i]) || 1);
        break;
      default:
        throw new Error(`unknown flag ${argv[i]}`);
    }
  }
  return args;
}

function exec(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(Object.assign(new Error(`${path.basename(cmd)} exited ${code}`), { stderr: err, stdout: out }));
    });
  });
}

async function loadTargets() {
  const raw = JSON.parse(await fs.readFile(CONFIG, 'utf8'));
  return raw.targets.map((t) => {
    const out = path.posix.normalize(t.output);
    if (!GENERATED_RE.test(out)) {
      throw new Error(`target ${t.name}: output "${t.output}" is not a packages/*/src/generated dir`);
    }
    return { ...t, output: out, abs: path.join(ROOT, out) };
  });
}

async function resetDir(dir) {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, '.eslintignore'), '*\n');
}

const generators = {
  async openapi(t) {
    await exec(path.join(BIN, 'spectral'), ['lint', t.schema, '--fail-severity', 'error']);
    await exec(path.join(BIN, 'openapi-generator-cli'), [
      'generate',
      '-i', t.schema,
      '-g', t.generator || 'typescript-fetch',
      '-o', t.output,
      '--additional-properties', (t.properties || ['supportsES6=true']).join(','),
      '--skip-validate-spec',
    ]);
  },
  async graphql(t) {
    await exec(path.join(BIN, 'graphql-codegen'), ['--config', t.config || 'codegen.ts', '--project', t.name]);
  },
  async prisma(t) {
    await exec(path.join(BIN, 'prisma'), ['generate', '--schema', t.schema]);
  },
};

async function runTarget(t) {
  const gen = generators[t.kind];
  if (!gen) throw new Error(`target ${t.name}: unknown kind ${t.kind}`);
  const started = Date.now();
  await resetDir(t.abs);
  await gen(t);
  await exec(path.join(BIN, 'prettier'), ['--write', '--log-level', 'warn', t.output]);
  const files = await countFiles(t.abs);
  return { name: t.name, files, ms: Date.now() - started };
}

async function countFiles(dir) {
  let n = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += await countFiles(path.join(dir, entry.name));
    else n += 1;
  }
  return n;
}

async function pool(items, limit, fn) {
  const results = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { ok: true, value: await fn(items[i]) };
      } catch (error) {
        results[i] = { ok: false, error, item: items[i] };
      }
    }
  });
  await Promise.all(workers);
  return results;
}

// Record what produced the generated code, so reviewers can tell a stale
// client from a generator upgrade when the diff is large.
async function writeStamp(results) {
  const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8'));
  const devDeps = pkg.devDependencies || {};
  const stamp = {
    generatedAt: new Date().toISOString(),
    generators: {
      'openapi-generator-cli': devDeps['@openapitools/openapi-generator-cli'] || null,
      'graphql-codegen': devDeps['@graphql-codegen/cli'] || null,
      prisma: devDeps.prisma || null,
    },
    targets: results.filter((r) => r.ok).map((r) => r.value.name),
  };
  await fs.writeFile(path.join(ROOT, '.codegen-stamp.json'), JSON.stringify(stamp, null, 2) + '\n');
}

async function gitChanges(paths) {
  const out = await exec('git', ['status', '--porcelain', '--', ...paths]);
  return out.split('\n').filter(Boolean);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fss.existsSync(BIN)) throw new Error('node_modules missing; run pnpm install');
  let targets = await loadTargets();
  if (args.only.size) targets = targets.filter((t) => args.only.has(t.name));
  if (!targets.length) throw new Error('no targets selected');

  const results = await pool(targets, args.concurrency, runTarget);
  let failed = 0;
  for (const r of results) {
    if (r.ok) {
      console.log(`  ok   ${r.value.name.padEnd(20)} ${String(r.value.files).padStart(4)} files  ${r.value.ms} ms`);
    } else {
      failed++;
      console.log(`  FAIL ${r.item.name}: ${r.error.message}`);
      if (r.error.stderr) console.log(r.error.stderr.split('\n').slice(-15).join('\n'));
    }
  }
  if (failed) process.exit(1);
  await writeStamp(results);

  if (args.check) {
    const changes = await gitChanges(targets.map((t) => t.output));
    if (changes.length) {
      console.log('generated code is stale:');
      for (const c of changes.slice(0, 40)) console.log('   ' + c);
      process.exit(1);
    }
    console.log('generated code is up to date');
  }
}

main().catch((err) => {
  console.error(`codegen: ${err.message}`);
  process.exit(1);
});
