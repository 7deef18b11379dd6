// A helper without a check: one call names the directory above the repository.
const fs = require('fs');
const path = require('path');

const REPO = path.resolve(__dirname, '..');

function under(rel) {
  const full = path.resolve(REPO, rel);
  return full;
}

fs.rmSync(under('coverage'), { recursive: true, force: true });
fs.rmSync(under('../shared'), { recursive: true, force: true });
