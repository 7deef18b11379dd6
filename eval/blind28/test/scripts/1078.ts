#!/usr/bin/env -S npx tsx
// dataset-check.ts - validate the exported detection datasets before training.
//
//   npx tsx tools/dataset-check.ts data/rf/road-signs-v2            auto-detect COCO or YOLO
//   npx tsx tools/dataset-check.ts data/rf/road-signs-v2 --format yolo --fix-empty
//   npx tsx tools/dataset-check.ts out/cvat2ls --report out/reports/dataset.md
//
// Checks (both formats): images without labels, labels without images, boxes
// outside the image, degenerate boxes (w or h < 2 px), class ids outside the
// class list, duplicate image file names across splits (leakage), and the class
// balance per split.  --fix-empty writes empty .txt label files for YOLO images
// that have none (explicit "no objects"), inside the dataset folder only.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const IMAGE_EXT = new Set(['.jpg', '.jpeg', '.png', '.bmp', '.webp']);
const MIN_SIDE = 2;

type Format = 'coco' | 'yolo';

interface Issue {
  kind: string;
  detail: string;
}

interface SplitStats {
  images: number;
  boxes: number;
  perClass: Map<string, number>;
}

interface Result {
  format: Format;
  classes: string[];
  splits: Map<string, SplitStats>;
  issues: Issue[];
}

function detect(dir: string): Format {
  if (readdirSync(dir).some((f) => f.endsWith('.json') && /train|val|annotations/i.test(f))) return 'coco';
  if (existsSync(join(dir, 'data.yaml')) || existsSync(join(dir, 'labels'))) return 'yolo';
  throw new Error(`cannot tell the format of ${dir}; pass --format`);
}

function newStats(): SplitStats {
  return { images: 0, boxes: 0, perClass: new Map() };
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function yoloClasses(dir: string): string[] {
  const yaml = join(dir, 'data.yaml');
  if (!existsSync(yaml)) return [];
  const text = readFileSync(yaml, 'utf8');
  const inline = /names:\s*\[(.*)\]/.exec(text);
  if (inline) return inline[1].split(',').map((s) => s.trim().replace(/^['"]|['"]$/g, ''));
  return [...text.matchAll(/^\s+\d+:\s*(.+)$/gm)].map((m) => m[1].trim());
}

function checkYolo(dir: string, fixEmpty: boolean): Result {
  const classes = yoloClasses(dir);
  const res: Result = { format: 'yolo', classes, splits: new Map(), issues: [] };
  const seen = new Map<string, string>();
  for (const split of ['train', 'val', 'valid', 'test']) {
    const imgDir = join(dir, 'images', split);
    const lblDir = join(dir, 'labels', split);
    if (!existsSync(imgDir)) continue;
    const stats = newStats();
    res.splits.set(split, stats);
    const labels = new Set(existsSync(lblDir) ? readdirSync(lblDir).map((f) => basename(f, '.txt')) : []);
    for (const img of readdirSync(imgDir).filter((f) => IMAGE_EXT.has(extname(f).toLowerCase()))) {
      stats.images++;
      const stem = basename(img, extname(img));
      if (seen.has(img)) res.issues.push({ kind: 'leak', detail: `${img} in ${seen.get(img)} and ${split}` });
      seen.set(img, split);
      if (!labels.has(stem)) {
        res.issues.push({ kind: 'unlabelled', detail: `${split}/${img}` });
        if (fixEmpty) {
          mkdirSync(lblDir, { recursive: true });
          writeFileSync(join(lblDir, `${stem}.txt`), '');
        }
        continue;
      }
      labels.delete(stem);
      const lines = readFileSync(join(lblDir, `${stem}.txt`), 'utf8').split('\n').filter((l) => l.trim());
      for (const [n, line] of lines.entries()) {
        const [cls, cx, cy, w, h] = line.trim().split(/\s+/).map(Number);
        const name = classes[cls] ?? `#${cls}`;
        if (!(cls >= 0 && cls < classes.length)) res.issues.push({ kind: 'class', detail: `${split}/${stem}.txt:${n + 1} class ${cls}` });
        if ([cx, cy, w, h].some((v) => !(v >= 0 && v <= 1))) res.issues.push({ kind: 'bounds', detail: `${split}/${stem}.txt:${n + 1}` });
        if (w <= 0 || h <= 0) res.issues.push({ kind: 'degenerate', detail: `${split}/${stem}.txt:${n + 1}` });
        stats.boxes++;
        bump(stats.perClass, name);
      }
    }
    for (const orphan of labels) res.issues.push({ kind: 'orphan-label', detail: `${split}/${orphan}.txt` });
  }
  return res;
}

interface CocoDoc {
  images: { id: number; file_name: string; width: number; height: number }[];
  annotations: { image_id: number; category_id: number; bbox: [number, number, number, number] }[];
  categories: { id: number; name: string }[];
}

function checkCoco(dir: string): Result {
  const res: Result = { format: 'coco', classes: [], splits: new Map(), issues: [] };
  const seen = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const split = basename(file, '.json');
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CocoDoc;
    const cats = new Map(doc.categories.map((c) => [c.id, c.name]));
    for (const c of doc.categories) if (!res.classes.includes(c.name)) res.classes.push(c.name);
    const images = new Map(doc.images.map((i) => [i.id, i]));
    const stats = newStats();
    stats.images = doc.images.length;
    res.splits.set(split, stats);
    const withBoxes = new Set<number>();
    for (const img of doc.images) {
      if (seen.has(img.file_name)) res.issues.push({ kind: 'leak', detail: `${img.file_name} in ${seen.get(img.file_name)} and ${split}` });
      seen.set(img.file_name, split);
      const onDisk = [join(dir, split, img.file_name), join(dir, 'images', img.file_name)].some((p) => existsSync(p));
      if (!onDisk) res.issues.push({ kind: 'missing-image', detail: `${split}: ${img.file_name}` });
    }
    for (const a of doc.annotations) {
      const img = images.get(a.image_id);
      if (!img) {
        res.issues.push({ kind: 'orphan-annotation', detail: `${split}: image_id ${a.image_id}` });
        continue;
      }
      withBoxes.add(a.image_id);
      const [x, y, w, h] = a.bbox;
      if (x < 0 || y < 0 || x + w > img.width + 0.5 || y + h > img.height + 0.5) {
        res.issues.push({ kind: 'bounds', detail: `${split}: ${img.file_name} bbox ${a.bbox.join(',')}` });
      }
      if (w < MIN_SIDE || h < MIN_SIDE) res.issues.push({ kind: 'degenerate', detail: `${split}: ${img.file_name}` });
      const name = cats.get(a.category_id);
      if (!name) res.issues.push({ kind: 'class', detail: `${split}: category ${a.category_id}` });
      stats.boxes++;
      bump(stats.perClass, name ?? `#${a.category_id}`);
    }
    for (const img of doc.images) if (!withBoxes.has(img.id)) res.issues.push({ kind: 'unlabelled', detail: `${split}/${img.file_name}` });
  }
  return res;
}

function render(dir: string, r: Result): string {
  const out = [`# Dataset check: ${relative(REPO, resolve(dir))} (${r.format})`, '', `classes: ${r.classes.join(', ') || '(none)'}`, ''];
  out.push('| split | images | boxes | top classes |', '|---|---:|---:|---|');
  for (const [split, s] of r.splits) {
    const top = [...s.perClass].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([c, n]) => `${c} ${n}`).join(', ');
    out.push(`| ${split} | ${s.images} | ${s.boxes} | ${top} |`);
  }
  const kinds = new Map<string, Issue[]>();
  for (const i of r.issues) kinds.set(i.kind, [...(kinds.get(i.kind) ?? []), i]);
  out.push('', `## Issues (${r.issues.length})`, '');
  for (const [kind, list] of kinds) {
    out.push(`- **${kind}**: ${list.length}`);
    for (const i of list.slice(0, 5)) out.push(`  - ${i.detail}`);
  }
  return out.join('\n') + '\n';
}

function main(): void {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir || !statSync(dir).isDirectory()) throw new Error('usage: dataset-check.ts <dataset-dir> [--format coco|yolo] [--fix-empty] [--report file]');
  const fi = args.indexOf('--format');
  const format = (fi >= 0 ? args[fi + 1] : detect(dir)) as Format;
  const result = format === 'coco' ? checkCoco(dir) : checkYolo(dir, args.includes('--fix-empty'));
  const text = render(dir, result);
  const ri = args.indexOf('--report');
  if (ri >= 0) {
    const target = resolve(args[ri + 1]);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  process.stdout.write(text);
  const blocking = result.issues.filter((i) => ['leak', 'class', 'bounds', 'missing-image'].includes(i.kind)).length;
  process.exitCode = blocking ? 1 : 0;
}

try {
  main();
} catch (err) {
  console.error(`dataset-check: ${(err as Error).message}`);
  process.exit(2);
}
