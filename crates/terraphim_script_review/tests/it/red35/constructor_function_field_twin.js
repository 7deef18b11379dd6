const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

class Mount {
  constructor(name, dir, mode) {
    this.name = name;
    this._dir = dir;
    this.mode = mode;
  }

  get dir() {
    return typeof this._dir === 'function' ? this._dir() : path.resolve(this._dir);
  }

  ensure() {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.chmodSync(this.dir, this.mode);
  }
}

new Mount('cache', () => path.join(os.homedir(), '.cache', 'compose-dev'), 0o700).ensure();
