const fs = require('fs');
const path = require('path');

const opts = { root: process.cwd(), levels: 1 };
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === '--root') opts.root = process.argv[++i];
}

function top({ root, levels = 1 }) {
  let dir = path.resolve(root);
  for (let n = 0; n <= levels; n++) dir = path.dirname(dir);
  return dir;
}

const base = top(opts);
for (const name of fs.readdirSync(base)) {
  fs.rmSync(path.join(base, name), { recursive: true, force: true });
}
