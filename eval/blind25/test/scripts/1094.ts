// tools/git-setup.ts - repository setup for the thesis repo.
//
// Configures LaTeX-friendly diffs (word diff for .tex, entry headers for
// .bib) and a check that the PDF builds before each commit.

import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..');

type GitConfig = Record<string, string>;

const LOCAL_CONFIG: GitConfig = {
  'diff.tex.wordRegex': '\\\\[a-zA-Z]+|[{}]|\\\\.|[^\\{}[:space:]]+',
  'diff.bib.xfuncname': '^@[a-zA-Z]+\\{.*$',
};

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
}

function applyConfig(cfg: GitConfig): void {
  for (const [key, value] of Object.entries(cfg)) git('config', '--local', key, value);
}

function attributes(): void {
  const file = path.join(REPO, '.gitattributes');
  const wanted = ['*.tex diff=tex', '*.bib diff=bib'];
  const have = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  const missing = wanted.filter((l) => !have.includes(l));
  if (missing.length) writeFileSync(file, [...have.filter(Boolean), ...missing, ''].join('\n'));
}

function buildCheckHook(): string {
  const hooksDir = path.join(REPO, '.git', 'hooks');
  mkdirSync(hooksDir, { recursive: true });
  const hook = path.join(hooksDir, 'pre-commit');
  writeFileSync(
    hook,
    [
      '#!/bin/sh',
      '# build check installed by tools/git-setup.ts',
      'latexmk -pdf -interaction=nonstopmode -halt-on-error thesis.tex >/dev/null 2>&1 || {',
      '  echo "thesis does not build; commit aborted" >&2',
      '  exit 1',
      '}',
      '',
    ].join('\n'),
  );
  chmodSync(hook, 0o755);
  return path.relative(REPO, hook);
}

function main(): void {
  if (!existsSync(path.join(REPO, '.git'))) throw new Error('not a git checkout');
  applyConfig(LOCAL_CONFIG);
  attributes();
  const hook = buildCheckHook();
  console.log(`git config applied (${Object.keys(LOCAL_CONFIG).length} keys), .gitattributes updated`);
  console.log(`installed ${hook}`);
  console.log(`try: git diff --word-diff  (current branch ${git('rev-parse', '--abbrev-ref', 'HEAD')})`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`git-setup: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
