// The same workspace shape for the tool's own cache directory, readable by its owner only.
const fs = require('fs');
const os = require('os');
const path = require('path');

class Workspace {
  constructor(label, locate, perms) {
    this.label = label;
    this.locate = locate;
    this.perms = perms;
  }

  get root() {
    if (typeof this.locate === 'function') return this.locate();
    return path.resolve(this.locate);
  }

  prepare() {
    fs.mkdirSync(this.root, { recursive: true });
    fs.chmodSync(this.root, this.perms);
    console.log(`${this.label} ready`);
  }
}

const cache = new Workspace('cache', () => path.join(os.homedir(), '.cache', 'tilebench'), 0o700);
cache.prepare();
