#!/usr/bin/env node
// Font release builder: runs fontmake per source, fixes names with ttx,
// checks the results and writes a release manifest.
//
//   node scripts/build-fonts.js                  # all families in fonts.config.json
//   node scripts/build-fonts.js --family Brand --skip-static
//   node scripts/build-fonts.js --release 2.004  # also bump version + zip
//
// fonts.config.json describes each family: designspace, style names, and the
// output formats.  Commands are built as argv arrays from that config and run
// with execFile (no shell).  One step – the fontbakery check profile listed in
// the config as a single command string – is run through the shell because
// the config author wrote it as a pipeline; it is a constant from our repo.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFile, exec } = require('node:child_process');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const execP = promisify(exec);
const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'fonts.config.json');
const BUILD = path.join(ROOT, 'build', 'fonts');
const VENV_BIN = path.join(ROOT, '.venv', 'bin');

function log(...m) {
  console.error('[fonts]', ...m);
}

function tool(name) {
  const local = path.join(VENV_BIN, name);
  return fs.existsSync(local) ? local : name;
}

function parseArgs() {
  const a = process.argv.slice(2);
  const o = { family: null, skipStatic: false, skipVariable: false, release: null, check: true };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--family') o.family = a[++i];
    else if (a[i] === '--skip-static') o.skipStatic = true;
    else if (a[i] === '--skip-variable') o.skipVariable = true;
    else if (a[i] === '--no-check') o.check = false;
    else if (a[i] === '--release') o.release = a[++i];
    else throw new Error(`unknown option ${a[i]}`);
  }
  if (o.release && !/^\d+\.\d{3}$/.test(o.release)) throw new Error('--release must look like 2.004');
  return o;
}

async function run(cmd, args, opts = {}) {
  const started = Date.now();
  try {
    const { stdout, stderr } = await execFileP(tool(cmd), args, { cwd: ROOT, maxBuffer: 64 << 20, ...opts });
    log(`${cmd} ok (${((Date.now() - started) / 1000).toFixed(1)}s)`);
    return { stdout, stderr };
  } catch (err) {
    const tail = String(err.stderr || err.message).trim().split('\n').slice(-8).join('\n');
    throw new Error(`${cmd} ${args.slice(0, 3).join(' ')} … failed:\n${tail}`);
  }
}

async function buildVariable(family, outDir) {
  await run('fontmake', ['-m', family.designspace, '-o', 'variable', '--output-dir', outDir, '--flatten-components', '--filter', 'DecomposeTransformedComponentsFilter']);
  return (await fsp.readdir(outDir)).filter((f) => f.endsWith('.ttf')).map((f) => path.join(outDir, f));
}

async function buildStatic(family, outDir) {
  const formats = family.staticFormats || ['ttf', 'otf'];
  await run('fontmake', ['-m', family.designspace, '-i', '-o', ...formats, '--output-dir', outDir, '--overlaps-backend', 'pathops']);
  return (await fsp.readdir(outDir)).filter((f) => /\.(ttf|otf)$/.test(f)).map((f) => path.join(outDir, f));
}

async function setVersion(fontFile, version) {
  // round-trip the head + name tables through ttx to set the version strings
  const tmp = await fsp.mkdtemp(path.join(BUILD, '.ttx-'));
  try {
    const ttxFile = path.join(tmp, 'tables.ttx');
    await run('ttx', ['-q', '-t', 'head', '-t', 'name', '-o', ttxFile, fontFile]);
    let xml = await fsp.readFile(ttxFile, 'utf8');
    xml = xml.replace(/<fontRevision value="[^"]*"\/>/, `<fontRevision value="${version}"/>`);
    xml = xml.replace(/(<namerecord nameID="5"[^>]*>\s*)Version [^<\n]*/g, `$1Version ${version}`);
    await fsp.writeFile(ttxFile, xml);
    const out = path.join(tmp, path.basename(fontFile));
    await run('ttx', ['-q', '-m', fontFile, '-o', out, ttxFile]);
    await fsp.rename(out, fontFile);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

async function checkFonts(config, files) {
  if (!config.checkCommand) return null;
  // constant from fonts.config.json in this repository, e.g.
  // "fontbakery check-googlefonts --succinct --loglevel WARN {files} | tail -n 40"
  const cmd = config.checkCommand.replace('{files}', files.map((f) => JSON.stringify(path.relative(ROOT, f))).join(' '));
  try {
    const { stdout } = await execP(cmd, { cwd: ROOT, maxBuffer: 32 << 20, env: { ...process.env, PATH: `${VENV_BIN}:${process.env.PATH}` } });
    return stdout;
  } catch (err) {
    return String(err.stdout || err.message);
  }
}

async function fontSummary(file) {
  // number of glyphs and axes, read with ttx -l (table listing) output
  const { stdout } = await run('ttx', ['-l', file]);
  const tables = stdout
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((t) => /^[A-Za-z0-9/ ]{4}$/.test(t));
  return {
    variable: tables.includes('fvar'),
    hinted: tables.includes('fpgm') || tables.includes('prep'),
    tables: tables.length,
  };
}

async function sha256(file) {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

async function zipRelease(version, files) {
  const name = `fonts-${version}.zip`;
  const rel = files.map((f) => path.relative(BUILD, f));
  await run('zip', ['-q', '-X', path.join(BUILD, name), ...rel], { cwd: BUILD });
  return path.join(BUILD, name);
}

async function main() {
  const opts = parseArgs();
  const config = JSON.parse(await fsp.readFile(CONFIG, 'utf8'));
  const families = config.families.filter((f) => !opts.family || f.name === opts.family);
  if (!families.length) throw new Error(`no family ${opts.family} in fonts.config.json`);

  await fsp.rm(BUILD, { recursive: true, force: true });
  await fsp.mkdir(BUILD, { recursive: true });

  const manifest = { built: new Date().toISOString(), version: opts.release, families: {} };
  const allFiles = [];
  for (const family of families) {
    log(`family ${family.name}`);
    const files = [];
    if (!opts.skipVariable) files.push(...(await buildVariable(family, path.join(BUILD, family.name, 'variable'))));
    if (!opts.skipStatic) files.push(...(await buildStatic(family, path.join(BUILD, family.name, 'static'))));
    if (opts.release) {
      for (const f of files) await setVersion(f, opts.release);
    }
    manifest.families[family.name] = await Promise.all(
      files.map(async (f) => ({
        file: path.relative(BUILD, f),
        bytes: (await fsp.stat(f)).size,
        sha256: await sha256(f),
        ...(await fontSummary(f)),
      })),
    );
    allFiles.push(...files);
  }

  if (opts.check) {
    const report = await checkFonts(config, allFiles);
    if (report) {
      await fsp.writeFile(path.join(BUILD, 'fontbakery.txt'), report);
      const fails = (report.match(/\bFAIL\b/g) || []).length;
      log(`fontbakery: ${fails} FAIL line(s); see build/fonts/fontbakery.txt`);
      manifest.checkFailures = fails;
    }
  }

  if (opts.release) manifest.zip = path.relative(ROOT, await zipRelease(opts.release, allFiles));
  await fsp.writeFile(path.join(BUILD, 'manifest.json'), JSON.stringify(manifest, null, 2));
  log(`${allFiles.length} font file(s) built; manifest at build/fonts/manifest.json`);
  return manifest.checkFailures ? 2 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    log(err.message);
    process.exitCode = 1;
  },
);
