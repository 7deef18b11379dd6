const fs = require('node:fs');
const collectors = [
  () => ({ node: process.version }),
  () => (process.env.CI ? { ci: { run: process.env.GITHUB_RUN_ID } } : {}),
];
const summary = collectors.map((c) => c()).reduce((acc, part) => Object.assign(acc, part), {});
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/build-summary.json', JSON.stringify(summary, null, 2));
