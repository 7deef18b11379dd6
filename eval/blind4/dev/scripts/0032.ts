// scripts/apply-transform.ts
// Apply a user-supplied transform to every record in a JSONL file.
// Usage: npx tsx scripts/apply-transform.ts <transform.js> <input.jsonl> [output.jsonl]
// The transform file must assign a function to `transform`, e.g.
//   transform = (rec) => ({ ...rec, email: rec.email.toLowerCase() })
import { readFileSync, createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import vm from 'node:vm';
import path from 'node:path';

type Transform = (rec: Record<string, unknown>) => Record<string, unknown> | null;

function loadTransform(file: string): Transform {
  const code = readFileSync(path.resolve(file), 'utf8');
  const sandbox: { transform?: Transform; console: Console; require: NodeRequire } = {
    console,
    require,
  };
  vm.createContext(sandbox);
  vm.runInContext(code, sandbox, { filename: file, timeout: 5000 });
  if (typeof sandbox.transform !== 'function') {
    throw new Error(`${file} did not define transform()`);
  }
  return sandbox.transform;
}

async function main(): Promise<void> {
  const [transformFile, input, output] = process.argv.slice(2);
  if (!transformFile || !input) {
    console.error('usage: apply-transform.ts <transform.js> <input.jsonl> [output.jsonl]');
    process.exit(64);
  }
  const transform = loadTransform(transformFile);
  const out = output ? createWriteStream(output) : process.stdout;
  const rl = createInterface({ input: createReadStream(input), crlfDelay: Infinity });
  let kept = 0;
  let dropped = 0;
  let lineNo = 0;
  for await (const line of rl) {
    lineNo++;
    if (!line.trim()) continue;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(line);
    } catch {
      console.error(`line ${lineNo}: invalid JSON, skipped`);
      continue;
    }
    const res = transform(rec);
    if (res === null) {
      dropped++;
      continue;
    }
    out.write(JSON.stringify(res) + '\n');
    kept++;
  }
  if (output) (out as NodeJS.WritableStream).end();
  console.error(`kept ${kept}, dropped ${dropped}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
