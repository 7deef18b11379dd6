const fs = require('fs');
const path = require('path');

const opts = { out: 'dist' };
if (process.env.CI) opts.out = 'build';

fs.rmSync(path.join(process.cwd(), opts.out), { recursive: true, force: true });
