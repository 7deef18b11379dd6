#!/usr/bin/env node
// fetch-models.js - download the pre-labelling model used by the Label Studio
// ML backend into models/.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const MODELS = {
  'yolo-signs.onnx': 'http://models.labeltools.example.net/files/yolo-signs-v7.onnx',
  'classes.txt': 'http://models.labeltools.example.net/files/yolo-signs-v7.classes',
};

async function main() {
  const dir = path.join(ROOT, 'models');
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, url] of Object.entries(MODELS)) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const buf = Buffer.from(await res.arrayBuffer());
    fs.writeFileSync(path.join(dir, name), buf);
    console.log(`${name}: ${(buf.length / 2 ** 20).toFixed(1)} MiB`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
