// test/helpers/tmp-repo.js
// Creates a throwaway git repository for integration tests and removes it after.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

function git(cwd, ...args) {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  }).trim();
}

function createTmpRepo(files = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmp-repo-'));
  git(dir, 'init', '-q', '-b', 'main');
  const all = { 'README.md': '# fixture\n', ...files };
  for (const [rel, content] of Object.entries(all)) {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  return {
    dir,
    git: (...args) => git(dir, ...args),
    write(rel, content) {
      const p = path.join(dir, rel);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, content);
    },
    cleanup() {
      if (dir.startsWith(os.tmpdir())) {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// Used by test files as:
//   const { withTmpRepo } = require('./helpers/tmp-repo');
//   it('detects changes', () => withTmpRepo({ 'a.txt': 'x' }, (repo) => { ... }));
function withTmpRepo(files, fn) {
  const repo = createTmpRepo(files);
  try {
    return fn(repo);
  } finally {
    repo.cleanup();
  }
}

module.exports = { createTmpRepo, withTmpRepo };

if (require.main === module) {
  withTmpRepo({ 'src/index.js': 'module.exports = 1;\n' }, (repo) => {
    repo.write('src/index.js', 'module.exports = 2;\n');
    console.log(repo.git('status', '--short'));
  });
}
