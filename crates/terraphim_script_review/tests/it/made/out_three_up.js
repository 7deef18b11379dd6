// Clear the generated bundle cache of the repository from packages/site/scripts/.
const fs = require('fs');
const path = require('path');

const REPO = path.join(__dirname, '..', '..', '..');
const cacheDir = path.join(REPO, 'out', 'bundle-cache');
if (fs.existsSync(cacheDir)) {
  fs.rmSync(cacheDir, { recursive: true, force: true });
}
fs.mkdirSync(cacheDir, { recursive: true });
