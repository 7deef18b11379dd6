#!/usr/bin/env bun
// Run the test suite with Bun, then write a coverage summary markdown file.
// Uses Bun.spawn with a fixed argv, Bun.file to read lcov, Bun.write to
// write coverage/SUMMARY.md inside the project.

const COVERAGE_DIR = 'coverage';
const LCOV = `${COVERAGE_DIR}/lcov.info`;
const SUMMARY = `${COVERAGE_DIR}/SUMMARY.md`;
const THRESHOLD = Number(Bun.env.COVERAGE_MIN ?? 80);

async function runTests() {
  const proc = Bun.spawn(
    ['bun', 'test', '--coverage', '--coverage-reporter=lcov', `--coverage-dir=${COVERAGE_DIR}`],
    { stdout: 'inherit', stderr: 'inherit', env: { ...Bun.env, FORCE_COLOR: '1' } },
  );
  const code = await proc.exited;
  return code;
}

function parseLcov(text) {
  const files = [];
  let current = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('SF:')) {
      current = { file: line.slice(3), found: 0, hit: 0 };
    } else if (line.startsWith('LF:') && current) {
      current.found = Number(line.slice(3));
    } else if (line.startsWith('LH:') && current) {
      current.hit = Number(line.slice(3));
    } else if (line === 'end_of_record' && current) {
      files.push(current);
      current = null;
    }
  }
  return files;
}

function pct(hit, found) {
  return found === 0 ? 100 : (100 * hit) / found;
}

function renderMarkdown(files) {
  const totalFound = files.reduce((n, f) => n + f.found, 0);
  const totalHit = files.reduce((n, f) => n + f.hit, 0);
  const rows = files
    .map((f) => ({ ...f, pct: pct(f.hit, f.found) }))
    .sort((a, b) => a.pct - b.pct)
    .map((f) => `| ${f.file} | ${f.hit}/${f.found} | ${f.pct.toFixed(1)}% |`);
  return {
    total: pct(totalHit, totalFound),
    text: [
      `# Coverage`,
      '',
      `Total line coverage: **${pct(totalHit, totalFound).toFixed(1)}%** (threshold ${THRESHOLD}%)`,
      '',
      '| File | Lines | % |',
      '| --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  };
}

const code = await runTests();
const lcovFile = Bun.file(LCOV);
if (!(await lcovFile.exists())) {
  console.error(`no ${LCOV}; did the test run produce coverage?`);
  process.exit(code || 1);
}
const files = parseLcov(await lcovFile.text());
const { total, text } = renderMarkdown(files);
await Bun.write(SUMMARY, text);
console.log(`wrote ${SUMMARY} (${files.length} files, ${total.toFixed(1)}% lines)`);

if (code !== 0) {
  console.error(`tests failed with exit code ${code}`);
  process.exit(code);
}
if (total < THRESHOLD) {
  console.error(`coverage ${total.toFixed(1)}% is below ${THRESHOLD}%`);
  process.exit(1);
}
