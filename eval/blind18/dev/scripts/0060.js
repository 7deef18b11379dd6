#!/usr/bin/env node
// Docs site build pipeline with project-local plugins.
//
// Plugins are ES modules in tools/docs-plugins/*.mjs and are loaded with a
// dynamic import() from that directory only. Each plugin exports
//   name, stage ('pre' | 'page' | 'post'), and run(ctx)
// External steps (typedoc, dotnet docfx, cargo doc) are run with arguments
// built from docs.config.json. The output directory is wiped before a build.
import { spawn } from 'node:child_process';
import { readFile, readdir, rm, mkdir, writeFile, cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLUGIN_DIR = path.join(ROOT, 'tools', 'docs-plugins');
const CONFIG_FILE = path.join(ROOT, 'docs.config.json');
const OUT = path.join(ROOT, 'site');
// plugin stages, in the order they run
const STAGES = ['pre', 'page', 'post'];

function exec(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    console.log(`  $ ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, {
      cwd: opts.cwd || ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...(opts.env || {}) },
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        resolve();
      } else {
        reject(new Error(`${cmd} exited with ${code}`));
      }
    });
  });
}

async function loadConfig() {
  const raw = JSON.parse(await readFile(CONFIG_FILE, 'utf8'));
  return {
    title: raw.title || 'Docs',
    baseUrl: raw.baseUrl || '/',
    apiDocs: raw.apiDocs || [],
    plugins: raw.plugins || null, // null = all plugins in the directory
    pages: raw.pages || 'docs',
  };
}

async function loadPlugins(enabled) {
  const files = (await readdir(PLUGIN_DIR)).filter((f) => f.endsWith('.mjs')).sort();
  const plugins = [];
  for (const file of files) {
    const full = path.join(PLUGIN_DIR, file);
    // only files that live directly in the project's plugin directory
    if (path.dirname(full) !== PLUGIN_DIR) {
      continue;
    }
    const mod = await import(pathToFileURL(full).href);
    if (!mod.name || !STAGES.includes(mod.stage) || typeof mod.run !== 'function') {
      throw new Error(`${file} is not a valid docs plugin`);
    }
    if (enabled && !enabled.includes(mod.name)) {
      continue;
    }
    plugins.push(mod);
  }
  return plugins;
}

const API_BUILDERS = {
  typedoc: (entry) => ['npx', ['--no-install', 'typedoc', '--out', path.join(OUT, 'api', entry.slug), ...(entry.args || [])]],
  docfx: (entry) => ['dotnet', ['docfx', entry.config || 'docfx.json', '--output', path.join(OUT, 'api', entry.slug)]],
  cargo: (entry) => ['cargo', ['doc', '--no-deps', '-p', entry.package, '--target-dir', path.join(ROOT, 'target', 'docs')]],
};

async function buildApiDocs(config) {
  for (const entry of config.apiDocs) {
    const builder = API_BUILDERS[entry.tool];
    if (!builder) {
      throw new Error(`unknown api doc tool ${entry.tool}`);
    }
    console.log(`api docs: ${entry.slug} (${entry.tool})`);
    const [cmd, args] = builder(entry);
    await exec(cmd, args, { cwd: entry.cwd ? path.join(ROOT, entry.cwd) : ROOT });
    if (entry.tool === 'cargo') {
      await cp(path.join(ROOT, 'target', 'docs', 'doc'), path.join(OUT, 'api', entry.slug), { recursive: true });
    }
  }
}

async function listPages(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...(await listPages(full)));
    } else if (entry.name.endsWith('.md')) {
      out.push(full);
    }
  }
  return out;
}

function renderPage(markdown, title) {
  // deliberately tiny renderer; the 'page' plugins do the heavy lifting
  const body = markdown
    .split(/\n{2,}/)
    .map((block) => {
      const h = /^(#{1,4}) (.*)$/.exec(block);
      if (h) {
        return `<h${h[1].length}>${h[2]}</h${h[1].length}>`;
      }
      if (block.startsWith('```')) {
        return `<pre><code>${block.replace(/^```\w*\n?|```$/g, '')}</code></pre>`;
      }
      return `<p>${block}</p>`;
    })
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>${title}</title>\n${body}\n`;
}

async function runStage(stage, plugins, ctx) {
  for (const plugin of plugins.filter((p) => p.stage === stage)) {
    const started = Date.now();
    await plugin.run(ctx);
    console.log(`  plugin ${plugin.name} (${stage}) ${Date.now() - started}ms`);
  }
}

async function buildPages(config, plugins, ctx) {
  const pagesDir = path.join(ROOT, config.pages);
  const files = await listPages(pagesDir);
  for (const file of files) {
    const rel = path.relative(pagesDir, file).replace(/\.md$/, '.html');
    const page = { source: file, output: path.join(OUT, rel), markdown: await readFile(file, 'utf8') };
    ctx.page = page;
    await runStage('page', plugins, ctx);
    await mkdir(path.dirname(page.output), { recursive: true });
    await writeFile(page.output, page.html || renderPage(page.markdown, config.title));
  }
  delete ctx.page;
  return files.length;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const config = await loadConfig();
  const plugins = await loadPlugins(config.plugins);
  console.log(`plugins: ${plugins.map((p) => p.name).join(', ') || '(none)'}`);

  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const ctx = { root: ROOT, out: OUT, config, warnings: [] };

  await runStage('pre', plugins, ctx);
  if (!args.has('--skip-api')) {
    await buildApiDocs(config);
  }
  const count = await buildPages(config, plugins, ctx);
  if (existsSync(path.join(ROOT, 'docs', 'static'))) {
    await cp(path.join(ROOT, 'docs', 'static'), path.join(OUT, 'static'), { recursive: true });
  }
  await runStage('post', plugins, ctx);

  for (const w of ctx.warnings) {
    console.warn(`warning: ${w}`);
  }
  console.log(`built ${count} page(s) into ${path.relative(ROOT, OUT)}/`);
  if (args.has('--strict') && ctx.warnings.length) {
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
