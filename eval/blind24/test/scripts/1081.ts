#!/usr/bin/env -S npx tsx
/**
 * og-images.ts -- render Open Graph preview images (1200x630 PNG) for every
 * blog post from an SVG template, using sharp.
 *
 *   npx tsx scripts/og-images.ts             # only posts whose front matter changed
 *   npx tsx scripts/og-images.ts --all
 *   npx tsx scripts/og-images.ts --clean     # remove public/og/*.png that we generated
 *
 * Text is XML-escaped before it goes into the SVG. Output goes to public/og/
 * and a manifest (public/og/manifest.json) records the hash of the inputs
 * used for each image, so unchanged posts are skipped.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

interface Post {
  slug: string;
  title: string;
  author: string;
  date: string;
  tags: string[];
}

type Manifest = Record<string, { hash: string; file: string }>;

const ROOT = path.resolve(__dirname, '..');
const POSTS = path.join(ROOT, 'content', 'posts');
const OUT = path.join(ROOT, 'public', 'og');
const MANIFEST = path.join(OUT, 'manifest.json');
const TEMPLATE = path.join(ROOT, 'scripts', 'og-template.svg');
const WIDTH = 1200;
const HEIGHT = 630;

function frontMatter(text: string): Record<string, string> {
  const m = text.match(/^---\n([\s\S]*?)\n---/);
  if (!m) return {};
  const out: Record<string, string> = {};
  for (const line of m[1].split('\n')) {
    const kv = line.match(/^(\w+):\s*(.*)$/);
    if (kv) out[kv[1]] = kv[2].replace(/^["']|["']$/g, '');
  }
  return out;
}

function loadPosts(): Post[] {
  if (!existsSync(POSTS)) throw new Error('content/posts not found');
  return readdirSync(POSTS)
    .filter((f) => f.endsWith('.md') || f.endsWith('.mdx'))
    .map((f) => {
      const fm = frontMatter(readFileSync(path.join(POSTS, f), 'utf8'));
      return {
        slug: f.replace(/\.mdx?$/, ''),
        title: fm.title ?? f,
        author: fm.author ?? '',
        date: fm.date ?? '',
        tags: (fm.tags ?? '').replace(/^\[|\]$/g, '').split(',').map((t) => t.trim()).filter(Boolean),
      };
    })
    .filter((p) => /^[a-z0-9-]+$/.test(p.slug));
}

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function wrap(title: string, max = 28): string[] {
  const words = title.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if ((line + ' ' + w).trim().length > max && line) {
      lines.push(line);
      line = w;
    } else {
      line = (line + ' ' + w).trim();
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

function svgFor(post: Post, template: string): string {
  const titleLines = wrap(post.title)
    .map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : 72}">${xml(l)}</tspan>`)
    .join('');
  return template
    .replace('{{TITLE}}', titleLines)
    .replace('{{AUTHOR}}', xml(post.author))
    .replace('{{DATE}}', xml(post.date))
    .replace('{{TAGS}}', xml(post.tags.slice(0, 3).map((t) => `#${t}`).join('  ')));
}

function inputHash(post: Post, template: string): string {
  return createHash('sha1').update(JSON.stringify(post)).update(template).digest('hex').slice(0, 16);
}

function loadManifest(): Manifest {
  return existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest) : {};
}

function clean(manifest: Manifest): void {
  let n = 0;
  for (const entry of Object.values(manifest)) {
    const file = path.join(OUT, path.basename(entry.file));
    if (existsSync(file)) {
      rmSync(file);
      n += 1;
    }
  }
  rmSync(MANIFEST, { force: true });
  console.log(`removed ${n} generated image(s)`);
}

async function render(post: Post, template: string): Promise<string> {
  const file = path.join(OUT, `${post.slug}.png`);
  await sharp(Buffer.from(svgFor(post, template)), { density: 144 })
    .resize(WIDTH, HEIGHT, { fit: 'cover' })
    .png({ compressionLevel: 9, palette: true })
    .toFile(file);
  return file;
}

function lintPosts(posts: Post[]): string[] {
  // titles that will not fit or missing metadata produce ugly cards
  const warnings: string[] = [];
  for (const p of posts) {
    if (p.title.length > 90) warnings.push(`${p.slug}: title has ${p.title.length} chars; only 3 lines fit`);
    if (!p.author) warnings.push(`${p.slug}: no author in front matter`);
    if (p.date && Number.isNaN(Date.parse(p.date))) warnings.push(`${p.slug}: date "${p.date}" is not parseable`);
  }
  return warnings;
}

async function preview(slug: string, template: string): Promise<void> {
  // render one card to .cache/og-preview.png for quick iteration on the template
  const post = loadPosts().find((p) => p.slug === slug);
  if (!post) throw new Error(`no post ${slug}`);
  const dir = path.join(ROOT, '.cache');
  mkdirSync(dir, { recursive: true });
  await sharp(Buffer.from(svgFor(post, template)), { density: 144 })
    .resize(WIDTH, HEIGHT, { fit: 'cover' })
    .png()
    .toFile(path.join(dir, 'og-preview.png'));
  console.log('wrote .cache/og-preview.png');
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const manifest = loadManifest();
  const previewIdx = process.argv.indexOf('--preview');
  if (previewIdx >= 0) {
    return preview(process.argv[previewIdx + 1] ?? '', readFileSync(TEMPLATE, 'utf8'));
  }
  for (const w of lintPosts(loadPosts())) console.warn(`warning: ${w}`);
  if (args.has('--clean')) return clean(manifest);
  if (!existsSync(TEMPLATE)) throw new Error('scripts/og-template.svg not found');
  const template = readFileSync(TEMPLATE, 'utf8');
  mkdirSync(OUT, { recursive: true });
  const posts = loadPosts();
  let rendered = 0;
  for (const post of posts) {
    const hash = inputHash(post, template);
    if (!args.has('--all') && manifest[post.slug]?.hash === hash && existsSync(path.join(OUT, `${post.slug}.png`))) continue;
    const file = await render(post, template);
    manifest[post.slug] = { hash, file: path.relative(ROOT, file) };
    rendered += 1;
  }
  const live = new Set(posts.map((p) => p.slug));
  for (const slug of Object.keys(manifest)) {
    if (!live.has(slug)) {
      rmSync(path.join(OUT, `${slug}.png`), { force: true });
      delete manifest[slug];
      console.log(`removed og image for deleted post ${slug}`);
    }
  }
  writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
  console.log(`${rendered} image(s) rendered, ${posts.length - rendered} unchanged`);
}

main().catch((err: Error) => {
  console.error(`og-images: ${err.message}`);
  process.exitCode = 1;
});
