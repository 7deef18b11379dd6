#!/usr/bin/env -S npx tsx
// Load survey CSV exports into a local DuckDB file and compute NPS by segment.
//
//   tsx tools/nps.ts data/survey/*.csv --db var/survey.duckdb
import { Database } from 'duckdb-async';
import { parseArgs } from 'node:util';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

interface Options {
  db: string;
  segment: 'plan' | 'region' | 'tenure_bucket';
  minResponses: number;
}

interface Row<K extends string> {
  segment: K;
  responses: number;
  promoters: number;
  detractors: number;
}

class NpsReport<K extends string> {
  constructor(private readonly rows: Row<K>[], private readonly minResponses: number) {}

  static score(r: Row<string>): number {
    return Math.round(((r.promoters - r.detractors) / r.responses) * 100);
  }

  significant(): Row<K>[] {
    return this.rows.filter((r) => r.responses >= this.minResponses);
  }

  render(): string {
    const rows = this.significant().sort((a, b) => NpsReport.score(b) - NpsReport.score(a));
    const width = Math.max(8, ...rows.map((r) => String(r.segment).length));
    const lines = [`${'segment'.padEnd(width)}  responses   NPS`];
    for (const r of rows) {
      const bar = '█'.repeat(Math.max(0, Math.round((NpsReport.score(r) + 100) / 10)));
      lines.push(`${String(r.segment).padEnd(width)}  ${String(r.responses).padStart(9)}  ${String(NpsReport.score(r)).padStart(4)} ${bar}`);
    }
    const hidden = this.rows.length - rows.length;
    if (hidden) lines.push(`(${hidden} segments hidden: fewer than ${this.minResponses} responses)`);
    return lines.join('\n');
  }
}

function options(): { files: string[]; opts: Options } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'string', default: 'var/survey.duckdb' },
      segment: { type: 'string', default: 'plan' },
      'min-responses': { type: 'string', default: '30' },
    },
  });
  const segment = values.segment as Options['segment'];
  if (!['plan', 'region', 'tenure_bucket'].includes(segment)) throw new Error(`bad --segment ${segment}`);
  return { files: positionals, opts: { db: values.db!, segment, minResponses: Number(values['min-responses']) } };
}

async function main(): Promise<void> {
  const { files, opts } = options();
  if (files.length === 0) throw new Error('pass survey CSV files');
  await mkdir(dirname(opts.db), { recursive: true });
  const db = await Database.create(opts.db);
  try {
    const list = files.map((f) => `'${f.replace(/'/g, "''")}'`).join(', ');
    await db.run(`CREATE OR REPLACE TABLE responses AS SELECT * FROM read_csv_auto([${list}], header = true)`);
    await db.run(`
      CREATE OR REPLACE VIEW scored AS
      SELECT *,
        CASE WHEN tenure_months < 6 THEN '<6m' WHEN tenure_months < 24 THEN '6-24m' ELSE '24m+' END AS tenure_bucket
      FROM responses WHERE score BETWEEN 0 AND 10`);
    const rows = (await db.all(`
      SELECT ${opts.segment} AS segment,
             count(*)::INTEGER AS responses,
             count(*) FILTER (WHERE score >= 9)::INTEGER AS promoters,
             count(*) FILTER (WHERE score <= 6)::INTEGER AS detractors
      FROM scored GROUP BY 1`)) as Row<string>[];
    const total = rows.reduce(
      (acc, r) => ({ ...acc, responses: acc.responses + r.responses, promoters: acc.promoters + r.promoters, detractors: acc.detractors + r.detractors }),
      { segment: 'all', responses: 0, promoters: 0, detractors: 0 } as Row<string>,
    );
    console.log(new NpsReport(rows, opts.minResponses).render());
    console.log(`\noverall NPS ${NpsReport.score(total)} from ${total.responses} responses (db: ${opts.db})`);
  } finally {
    await db.close();
  }
}

main().catch((err: Error) => {
  console.error(`nps: ${err.message}`);
  process.exitCode = 1;
});
