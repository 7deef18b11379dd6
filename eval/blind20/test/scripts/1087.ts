#!/usr/bin/env -S npx tsx
/**
 * release/github-assets.ts - attach the built installers in dist/ to the draft
 * GitHub release for the current tag.
 *
 * Uses GITHUB_TOKEN (fine-grained, contents:write on this repository only):
 *   GET  https://api.github.com/repos/{owner}/{repo}/releases          find the draft by tag
 *   POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets?name=...
 * Existing assets with the same name are replaced (deleted via the API first).
 * Checksums are uploaded as SHA256SUMS alongside.
 *
 * Workflow:
 *   1. `git tag vX.Y.Z && git push --tags` triggers the draft release workflow
 *   2. the platform builds finish and drop their installers into dist/
 *   3. this script attaches them and the SHA256SUMS file to the draft
 *   4. a human reviews the draft (notes, assets) and publishes it
 *
 * Published releases are never modified: replacing an asset after users may
 * have downloaded it would make the published checksums lie. Use a new patch
 * version instead.
 *
 * Token: fine-grained PAT or the workflow's GITHUB_TOKEN with
 * contents: write. It is only sent to api.github.com and uploads.github.com.
 *
 * Expected artifacts: one macOS (.dmg/.pkg), one Windows (.exe/.msi) and at
 * least one Linux package; --force skips these checks for partial releases.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Release {
  id: number;
  tag_name: string;
  draft: boolean;
  assets: Array<{ id: number; name: string }>;
}

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const API = 'https://api.github.com';
const UPLOADS = 'https://uploads.github.com';
const PATTERN = /\.(dmg|pkg|exe|msi|AppImage|deb|rpm|flatpak|zip)$/;

// The token is read lazily so --help style invocations work without it.
// It is sent only in the Authorization header to the two GitHub API hosts
// above and never logged; error messages include only the URL path.
//
// Retries: 5xx and 429 responses are retried with exponential backoff
// (1s, 2s, 4s, 8s); 4xx errors fail immediately with the response body.
//
// Asset replacement: GitHub rejects uploading an asset whose name already
// exists on the release, so the old asset is deleted first (drafts only).
function token(): string {
  const t = process.env.GITHUB_TOKEN;
  if (!t) throw new Error('GITHUB_TOKEN is required');
  return t;
}

function repoSlug(): { owner: string; repo: string } {
  const url = execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const m = /github\.com[:/]([^/]+)\/(.+?)(\.git)?$/.exec(url);
  if (!m) throw new Error(`origin is not a GitHub remote: ${url}`);
  return { owner: m[1], repo: m[2] };
}

function currentTag(): string {
  return execFileSync('git', ['describe', '--tags', '--exact-match'], { cwd: ROOT, encoding: 'utf8' }).trim();
}

async function gh<T>(method: string, url: string, body?: Buffer, contentType?: string): Promise<T> {
  for (let attempt = 0; attempt <= 3; attempt += 1) {
    const res = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${token()}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        ...(contentType ? { 'Content-Type': contentType } : {}),
      },
      body,
    });
    if (res.status >= 500 || res.status === 429) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${new URL(url).pathname}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }
  throw new Error(`${method} ${url}: gave up after retries`);
}

async function findDraft(owner: string, repo: string, tag: string): Promise<Release> {
  const releases = await gh<Release[]>('GET', `${API}/repos/${owner}/${repo}/releases?per_page=30`);
  const release = releases.find((r) => r.tag_name === tag);
  if (!release) throw new Error(`no release for ${tag}; create the draft first`);
  if (!release.draft) throw new Error(`release ${tag} is already published; refusing to change its assets`);
  return release;
}

function artifacts(): string[] {
  return readdirSync(DIST).filter((f) => PATTERN.test(f)).map((f) => path.join(DIST, f)).sort();
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function contentType(file: string): string {
  if (file.endsWith('.zip')) return 'application/zip';
  if (file.endsWith('.dmg')) return 'application/x-apple-diskimage';
  return 'application/octet-stream';
}

async function upload(owner: string, repo: string, release: Release, file: string): Promise<void> {
  const name = path.basename(file);
  const existing = release.assets.find((a) => a.name === name);
  if (existing) {
    await gh('DELETE', `${API}/repos/${owner}/${repo}/releases/assets/${existing.id}`);
  }
  const url = `${UPLOADS}/repos/${owner}/${repo}/releases/${release.id}/assets?name=${encodeURIComponent(name)}`;
  await gh('POST', url, readFileSync(file), contentType(file));
  console.log(`uploaded ${name} (${(statSync(file).size / 1048576).toFixed(1)} MiB)`);
}

/**
 * Sanity checks on the artifacts before anything is uploaded:
 *  - every platform we ship has exactly one installer
 *  - file names carry the tag's version
 *  - nothing is suspiciously small (a failed build sometimes leaves a stub)
 */
function checkArtifacts(files: string[], tag: string): string[] {
  const version = tag.replace(/^v/, '');
  const problems: string[] = [];
  const expectations: Array<[string, RegExp]> = [
    ['macOS', /\.(dmg|pkg)$/],
    ['Windows', /\.(exe|msi)$/],
    ['Linux', /\.(AppImage|deb|rpm|flatpak)$/],
  ];
  for (const [platform, re] of expectations) {
    const matches = files.filter((f) => re.test(f));
    if (matches.length === 0) problems.push(`no ${platform} installer in dist/`);
  }
  for (const f of files) {
    const name = path.basename(f);
    if (!name.includes(version)) problems.push(`${name} does not contain version ${version}`);
    if (statSync(f).size < 1024 * 1024) problems.push(`${name} is smaller than 1 MiB`);
  }
  return problems;
}

function releaseNotesHint(owner: string, repo: string, tag: string): void {
  console.log(`review the draft: https://github.com/${owner}/${repo}/releases/tag/${tag}`);
}

async function main(): Promise<void> {
  const { owner, repo } = repoSlug();
  const tag = currentTag();
  const problems = checkArtifacts(artifacts(), tag);
  if (problems.length && !process.argv.includes('--force')) {
    for (const problem of problems) console.error(`  ${problem}`);
    throw new Error('artifact checks failed (use --force to upload anyway)');
  }
  const files = artifacts();
  if (!files.length) throw new Error('no installers found in dist/');
  const release = await findDraft(owner, repo, tag);
  const sums = files.map((f) => `${sha256(f)}  ${path.basename(f)}`).join('\n');
  const sumsFile = path.join(DIST, 'SHA256SUMS');
  writeFileSync(sumsFile, `${sums}\n`);
  for (const file of [...files, sumsFile]) await upload(owner, repo, release, file);
  console.log(`release ${tag} (draft ${release.id}) has ${files.length + 1} assets`);
  releaseNotesHint(owner, repo, tag);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
