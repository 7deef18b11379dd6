// The repository's top is the climb out of the script's directory; its parent holds the
// other checkouts, whose caches this deletes.
const fs = require('fs');
const path = require('path');

const REPO = path.resolve(__dirname, '..', '..');
const shared = path.join(REPO, '..', 'shared-cache');
fs.rmSync(shared, { recursive: true, force: true });
