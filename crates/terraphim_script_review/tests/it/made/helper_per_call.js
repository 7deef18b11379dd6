// Clean the build output through a helper that keeps every path inside the repository.
const fs = require('fs');
const path = require('path');

const REPO = path.resolve(__dirname, '..');

function inRepo(rel) {
  const full = path.resolve(REPO, rel);
  if (!full.startsWith(REPO + path.sep)) {
    throw new Error(`${rel} leaves the repository`);
  }
  return full;
}

fs.rmSync(inRepo('coverage'), { recursive: true, force: true });
for (const entry of fs.readdirSync(REPO)) {
  if (entry.endsWith('.tgz')) fs.unlinkSync(inRepo(entry));
}
