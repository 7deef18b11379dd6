const fs = require('node:fs');
const path = require('node:path');

const settings = new Proxy(
  { outDir: 'storybook-static', quiet: true },
  {
    get(target, key) {
      if (key === 'outDir') {
        return path.join('build', 'storybook-static');
      }
      return Reflect.get(target, key);
    },
  },
);

fs.rmSync(settings.outDir, { recursive: true, force: true });
