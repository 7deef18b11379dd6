#!/usr/bin/env node
// staged-format.js -- a dependency-free lint-staged replacement for this repo.
//
// Called from the pre-commit hook. For each staged file it picks formatters by
// extension (from .staged-format.json), runs them on the *staged* content in a
// temp copy, writes the result back to the index with `git update-index`, and
// mirrors the change into the working tree if the working tree file was clean.
//
//   node scripts/staged-format.js            # format staged files
//   node scripts/staged-format.js --check    # fail if anything would change
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const CHECK = process.argv.includes('--check');
const DEFAULT_RULES = {
  '*.{js,jsx,ts,tsx,mjs,cjs}': [['prettier', '--write', '{file}'], ['eslint', '--fix', '{file}']],
  '*.{css,scss,md,json,yml,yaml}': [['prettier', '--write', '{file}']],
  '*.py': [['ruff', 'format', '{file}'], ['ruff', 'check', '--fix', '{file}']],
  '*.sh': [['shfmt', '-w', '-i', '2', '{file}']],
};

function git(args, input) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', input, maxBuffer: 32 << 20 });
}

function loadRules() {
  const file = path.join(ROOT, '.staged-format.json');
  if (!fs.existsSync(file)) return DEFAULT_RULES;
  const rules = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [glob, cmds] of Object.entries(rules)) {
    if (!Array.isArray(cmds) || !cmds.every((c) => Array.isArray(c) && c.every((s) => typeof s === 'string'))) {
      throw new Error(`.staged-format.json: "${glob}" must map to a list of argv arrays`);
    }
  }
  return rules;
}

function globToRegex(glob) {
  const m = glob.match(/^\*\.\{(.+)\}$/);
  if (m) return new RegExp(`\\.(${m[1].split(',').join('|')})$`);
  if (glob.startsWith('*.')) return new RegExp(`\\.${glob.slice(2).replace(/\./g, '\\.')}$`);
  throw new Error(`unsupported glob ${glob}`);
}

function stagedFiles() {
  const out = git(['diff', '--cached', '--name-only', '--diff-filter=ACMR', '-z']);
  return out.split('\0').filter(Boolean);
}

function binPath(name) {
  const local = path.join(ROOT, 'node_modules', '.bin', name);
  if (fs.existsSync(local)) return local;
  const r = spawnSync('sh', ['-c', 'command -v "$1"', 'sh', name], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function stagedBlob(file) {
  return execFileSync('git', ['show', `:${file}`], { cwd: ROOT, maxBuffer: 32 << 20 });
}

function worktreeClean(file) {
  return git(['diff', '--name-only', '--', file]).trim() === '';
}

function writeIndex(file, content) {
  const sha = execFileSync('git', ['hash-object', '-w', '--stdin', '--path', file], {
    cwd: ROOT,
    input: content,
    encoding: 'utf8',
  }).trim();
  const mode = git(['ls-files', '-s', '--', file]).split(' ')[0] || '100644';
  git(['update-index', '--cacheinfo', `${mode},${sha},${file}`]);
}

function run(argv, file) {
  const [tool, ...rest] = argv;
  const bin = binPath(tool);
  if (!bin) {
    console.warn(`staged-format: ${tool} not found; skipping for ${path.basename(file)}`);
    return true;
  }
  const args = rest.map((a) => (a === '{file}' ? file : a));
  const r = spawnSync(bin, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return r.status === 0;
}

function main() {
  const rules = Object.entries(loadRules()).map(([glob, cmds]) => [globToRegex(glob), cmds]);
  const files = stagedFiles();
  if (!files.length) return 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'staged-format-'));
  let changed = 0;
  let failures = 0;
  try {
    for (const file of files) {
      const matched = rules.filter(([re]) => re.test(file)).flatMap(([, cmds]) => cmds);
      if (!matched.length) continue;
      const original = stagedBlob(file);
      const copy = path.join(tmp, file);
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.writeFileSync(copy, original);
      for (const argv of matched) {
        if (!run(argv, copy)) {
          failures += 1;
          console.error(`staged-format: ${argv[0]} failed on ${file}`);
        }
      }
      const formatted = fs.readFileSync(copy);
      if (Buffer.compare(original, formatted) === 0) continue;
      changed += 1;
      if (CHECK) {
        console.error(`would reformat ${file}`);
        continue;
      }
      writeIndex(file, formatted);
      if (worktreeClean(file)) {
        fs.writeFileSync(path.join(ROOT, file), formatted);
      } else {
        console.warn(`staged-format: ${file} has unstaged edits; only the staged version was formatted`);
      }
      console.log(`formatted ${file}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (failures) return 1;
  if (CHECK && changed) return 1;
  return 0;
}

function partiallyStaged(files) {
  // files with both staged and unstaged hunks are the risky case for hooks;
  // we only ever format the staged blob, but tell the developer
  const unstaged = new Set(git(['diff', '--name-only', '-z']).split('\0').filter(Boolean));
  return files.filter((f) => unstaged.has(f));
}

function timings() {
  const started = process.hrtime.bigint();
  return () => Number((process.hrtime.bigint() - started) / 1000000n);
}

function report(files, elapsedMs) {
  const partial = partiallyStaged(files);
  if (partial.length) {
    console.warn(`staged-format: partially staged (unstaged hunks untouched): ${partial.join(', ')}`);
  }
  if (elapsedMs > 5000) {
    console.warn(`staged-format: took ${elapsedMs}ms; consider narrowing rules in .staged-format.json`);
  }
}

function skipRequested() {
  if (process.env.STAGED_FORMAT_SKIP === '1') {
    console.warn('staged-format: skipped via STAGED_FORMAT_SKIP=1');
    return true;
  }
  const head = spawnSync('git', ['rev-parse', '-q', '--verify', 'MERGE_HEAD'], { cwd: ROOT });
  if (head.status === 0) {
    console.warn('staged-format: merge in progress; not reformatting');
    return true;
  }
  return false;
}

function selfTest() {
  const re = globToRegex('*.{ts,tsx}');
  if (!re.test('a/b.tsx') || re.test('a/b.js')) throw new Error('globToRegex self-test failed');
}

try {
  selfTest();
  if (skipRequested()) process.exit(0);
  const elapsed = timings();
  process.exitCode = main();
  report(stagedFiles(), elapsed());
} catch (err) {
  console.error(`staged-format: ${err.message}`);
  process.exitCode = 1;
}
