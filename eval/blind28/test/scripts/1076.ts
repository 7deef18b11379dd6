#!/usr/bin/env -S npx tsx
// scene-lint.ts - lint the OBS scene collection kept in obs/scenes/*.json.
//
//   npx tsx tools/scene-lint.ts                       lint every collection
//   npx tsx tools/scene-lint.ts obs/scenes/meetup.json --fix   rewrite absolute media paths
//   npx tsx tools/scene-lint.ts --inventory           list sources per scene (markdown)
//
// Checks
//   * every scene referenced by a scene source exists
//   * media/image sources point into the repo's obs/media/ folder (relative
//     paths are portable between the stream laptops; absolute ones are not)
//   * no browser source loads a URL outside our own hosts (*.internal, localhost)
//   * no stream key or service credentials are stored in the collection
//   * audio sources have monitoring set consistently
// --fix only rewrites absolute paths that point into a copy of obs/media/ on
// some laptop to the portable relative form; it writes next to the original via
// a temp file and rename.  The OBS config in the user's home is never touched.
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SCENES_DIR = join(REPO, 'obs', 'scenes');
const MEDIA_DIR = join(REPO, 'obs', 'media');

type Settings = Record<string, unknown>;

interface Source {
  name: string;
  id: string;
  uuid?: string;
  settings: Settings;
  monitoring_type?: number;
}

interface Collection {
  name: string;
  sources: Source[];
  scene_order?: { name: string }[];
}

interface Finding {
  level: 'error' | 'warning';
  source: string;
  message: string;
}

const SECRET_KEYS = ['key', 'stream_key', 'password', 'bearer_token', 'server_password'];
const MEDIA_IDS = new Set(['ffmpeg_source', 'image_source', 'slideshow', 'vlc_source']);

function load(file: string): Collection {
  return JSON.parse(readFileSync(file, 'utf8')) as Collection;
}

function sceneNames(col: Collection): Set<string> {
  return new Set(col.sources.filter((s) => s.id === 'scene').map((s) => s.name));
}

function mediaPaths(src: Source): string[] {
  const s = src.settings;
  const out: string[] = [];
  for (const key of ['local_file', 'file']) {
    if (typeof s[key] === 'string') out.push(s[key] as string);
  }
  if (Array.isArray(s.files)) {
    for (const f of s.files as { value?: string }[]) if (f.value) out.push(f.value);
  }
  return out;
}

function hostAllowed(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '127.0.0.1' || host.endsWith('.internal');
  } catch {
    return url.startsWith('file:');
  }
}

function lint(col: Collection): Finding[] {
  const findings: Finding[] = [];
  const scenes = sceneNames(col);
  for (const src of col.sources) {
    if (src.id === 'scene') {
      for (const item of (src.settings.items as { name: string }[] | undefined) ?? []) {
        const target = col.sources.find((s) => s.name === item.name);
        if (!target) findings.push({ level: 'error', source: src.name, message: `item "${item.name}" does not exist` });
        else if (target.id === 'scene' && !scenes.has(item.name)) {
          findings.push({ level: 'error', source: src.name, message: `nested scene "${item.name}" missing` });
        }
      }
    }
    if (MEDIA_IDS.has(src.id)) {
      for (const p of mediaPaths(src)) {
        if (p.startsWith('/') || /^[A-Z]:\\/.test(p)) {
          findings.push({ level: 'warning', source: src.name, message: `absolute media path ${p}` });
        } else if (!existsSync(join(MEDIA_DIR, p))) {
          findings.push({ level: 'error', source: src.name, message: `media file obs/media/${p} missing` });
        }
      }
    }
    if (src.id === 'browser_source' && typeof src.settings.url === 'string' && !hostAllowed(src.settings.url)) {
      findings.push({ level: 'error', source: src.name, message: `browser source loads ${src.settings.url}` });
    }
    for (const key of SECRET_KEYS) {
      if (typeof src.settings[key] === 'string' && (src.settings[key] as string).length > 0) {
        findings.push({ level: 'error', source: src.name, message: `setting "${key}" holds a secret; remove it from git` });
      }
    }
    if (src.id.endsWith('_input_capture') && src.monitoring_type === 2) {
      findings.push({ level: 'warning', source: src.name, message: 'microphone set to "monitor and output" (echo risk)' });
    }
  }
  return findings;
}

function fixPaths(col: Collection): number {
  let changed = 0;
  for (const src of col.sources) {
    if (!MEDIA_IDS.has(src.id)) continue;
    for (const key of ['local_file', 'file']) {
      const value = src.settings[key];
      if (typeof value !== 'string') continue;
      const marker = '/obs/media/';
      const idx = value.replace(/\\/g, '/').lastIndexOf(marker);
      if (idx >= 0 && (value.startsWith('/') || /^[A-Z]:\\/.test(value))) {
        src.settings[key] = value.replace(/\\/g, '/').slice(idx + marker.length);
        changed++;
      }
    }
  }
  return changed;
}

function saveAtomic(file: string, col: Collection): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(col, null, 4) + '\n');
  renameSync(tmp, file);
}

function inventory(col: Collection): string {
  const lines = [`## ${col.name}`, ''];
  for (const scene of col.sources.filter((s) => s.id === 'scene')) {
    const items = ((scene.settings.items as { name: string; visible?: boolean }[] | undefined) ?? []).map(
      (i) => `${i.name}${i.visible === false ? ' (hidden)' : ''}`,
    );
    lines.push(`- **${scene.name}**: ${items.join(', ') || '(empty)'}`);
  }
  return lines.join('\n') + '\n';
}

function collections(args: string[]): string[] {
  const explicit = args.filter((a) => a.endsWith('.json'));
  if (explicit.length) return explicit;
  return readdirSync(SCENES_DIR).filter((f) => f.endsWith('.json')).map((f) => join(SCENES_DIR, f));
}

function main(): void {
  const args = process.argv.slice(2);
  const fix = args.includes('--fix');
  let errors = 0;
  let warnings = 0;
  for (const file of collections(args)) {
    const col = load(file);
    if (args.includes('--inventory')) {
      process.stdout.write(inventory(col));
      continue;
    }
    if (fix) {
      const n = fixPaths(col);
      if (n) {
        saveAtomic(file, col);
        console.log(`${basename(file)}: rewrote ${n} absolute path(s)`);
      }
    }
    const findings = lint(col);
    console.log(`${relative(REPO, file)}: ${col.sources.length} sources, ${findings.length} finding(s)`);
    for (const f of findings) {
      console.log(`  ${f.level === 'error' ? 'E' : 'W'} [${f.source}] ${f.message}`);
      if (f.level === 'error') errors++;
      else warnings++;
    }
  }
  if (!args.includes('--inventory')) console.log(`\n${errors} error(s), ${warnings} warning(s)`);
  process.exitCode = errors ? 1 : 0;
}

main();
