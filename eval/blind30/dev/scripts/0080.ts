/**
 * OCR queue worker for the mailroom scanner.
 *
 * The scanner drops PDFs into inbox/. This worker picks them up, runs ocrmypdf with
 * execFile (argv array, no shell), extracts text with pdftotext, applies redaction rules
 * for the archive copy, and moves the files:
 *
 *   inbox/x.pdf  ->  work/x.pdf (claimed)  ->  done/x.pdf + done/x.txt + redacted/x.txt
 *                                         \->  failed/x.pdf + failed/x.log
 *
 *   npx tsx tools/ocr-worker.ts [--once] [--concurrency 2]
 *
 * Stops cleanly on SIGINT/SIGTERM: running jobs finish, child processes it started are
 * terminated if they do not finish within 30 s.
 */
import { execFile, type ChildProcess } from "node:child_process";
import { promises as fs, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(__dirname, "..");
const DIRS = {
  inbox: path.join(ROOT, "inbox"),
  work: path.join(ROOT, "work"),
  done: path.join(ROOT, "done"),
  failed: path.join(ROOT, "failed"),
  redacted: path.join(ROOT, "redacted"),
} as const;

type Rule = { kind: string; pattern: RegExp };

const RULES: Rule[] = [
  { kind: "email", pattern: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g },
  { kind: "iban", pattern: /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}(?:\s?[A-Z0-9]{1,3})?\b/g },
  { kind: "phone", pattern: /(?:\+\d{2}\s?)?\(?0\d{2,4}\)?[\s/-]?\d{3,}[\s-]?\d{2,}/g },
  { kind: "tax_id", pattern: /\b\d{2}\s?\d{3}\s?\d{3}\s?\d{3}\b/g },
];

const running = new Set<ChildProcess>();
const run = promisify(execFile);
let stopping = false;

interface Job {
  name: string;
  claimed: string;
  started: number;
}

interface Stats {
  ok: number;
  failed: number;
  redactions: Record<string, number>;
}

const stats: Stats = { ok: 0, failed: 0, redactions: {} };

function log(msg: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${msg}\n`);
}

function ensureDirs(): void {
  for (const dir of Object.values(DIRS)) mkdirSync(dir, { recursive: true });
}

async function exec(cmd: string, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  const promise = run(cmd, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  const child = (promise as unknown as { child: ChildProcess }).child;
  running.add(child);
  try {
    return await promise;
  } finally {
    running.delete(child);
  }
}

async function claim(name: string): Promise<Job | null> {
  const src = path.join(DIRS.inbox, name);
  const dest = path.join(DIRS.work, name);
  try {
    // rename is atomic on the same filesystem: a second worker cannot claim the same file
    await fs.rename(src, dest);
    return { name, claimed: dest, started: Date.now() };
  } catch {
    return null;
  }
}

function redact(text: string): string {
  let out = text;
  for (const rule of RULES) {
    out = out.replace(rule.pattern, () => {
      stats.redactions[rule.kind] = (stats.redactions[rule.kind] ?? 0) + 1;
      return `[${rule.kind.toUpperCase()}]`;
    });
  }
  return out;
}

async function processJob(job: Job, lang: string): Promise<void> {
  const base = path.basename(job.name, ".pdf");
  const ocrOut = path.join(DIRS.work, `${base}.ocr.pdf`);
  const txtOut = path.join(DIRS.work, `${base}.txt`);
  try {
    await exec("ocrmypdf", ["--skip-text", "--rotate-pages", "--deskew", "-l", lang, "--output-type", "pdfa", job.claimed, ocrOut], 15 * 60 * 1000);
    await exec("pdftotext", ["-layout", "-enc", "UTF-8", ocrOut, txtOut], 5 * 60 * 1000);
    const text = await fs.readFile(txtOut, "utf8");
    await fs.writeFile(path.join(DIRS.redacted, `${base}.txt`), redact(text));
    await fs.rename(ocrOut, path.join(DIRS.done, job.name));
    await fs.rename(txtOut, path.join(DIRS.done, `${base}.txt`));
    await fs.unlink(job.claimed);
    stats.ok++;
    log(`done ${job.name} in ${((Date.now() - job.started) / 1000).toFixed(1)}s`);
  } catch (err) {
    stats.failed++;
    const e = err as Error & { stderr?: string; code?: number };
    await fs.writeFile(path.join(DIRS.failed, `${base}.log`), `${e.message}\n${e.stderr ?? ""}`);
    await fs.rename(job.claimed, path.join(DIRS.failed, job.name)).catch(() => undefined);
    for (const leftover of [ocrOut, txtOut]) await fs.rm(leftover, { force: true });
    log(`FAILED ${job.name}: ${e.message.split("\n")[0]}`);
  }
}

async function recoverStale(): Promise<void> {
  // Files left in work/ by a crashed worker go back to the inbox.
  for (const name of await fs.readdir(DIRS.work)) {
    const full = path.join(DIRS.work, name);
    if (name.endsWith(".pdf") && !name.endsWith(".ocr.pdf")) {
      await fs.rename(full, path.join(DIRS.inbox, name));
      log(`requeued ${name}`);
    } else {
      await fs.rm(full, { force: true });
    }
  }
}

async function nextBatch(limit: number): Promise<string[]> {
  const names = (await fs.readdir(DIRS.inbox)).filter((n) => n.toLowerCase().endsWith(".pdf")).sort();
  const ready: string[] = [];
  for (const name of names) {
    const st = await fs.stat(path.join(DIRS.inbox, name));
    // the scanner writes slowly over SMB; wait until the file is 10 s old
    if (Date.now() - st.mtimeMs > 10_000) ready.push(name);
    if (ready.length >= limit) break;
  }
  return ready;
}

function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  log(`${signal}: finishing running jobs`);
  setTimeout(() => {
    for (const child of running) child.kill("SIGTERM");
  }, 30_000).unref();
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const once = argv.includes("--once");
  const ci = argv.indexOf("--concurrency");
  const concurrency = ci >= 0 ? Math.max(1, Number(argv[ci + 1])) : 2;
  const lang = process.env.OCR_LANG ?? "deu+eng";
  ensureDirs();
  if (!existsSync(DIRS.inbox)) throw new Error("inbox/ missing");
  await recoverStale();
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  log(`watching ${path.relative(ROOT, DIRS.inbox)} (concurrency ${concurrency}, lang ${lang})`);

  while (!stopping) {
    const batch = await nextBatch(concurrency);
    const jobs = (await Promise.all(batch.map(claim))).filter((j): j is Job => j !== null);
    if (jobs.length) await Promise.all(jobs.map((j) => processJob(j, lang)));
    else if (once) break;
    else await new Promise((r) => setTimeout(r, 5000));
    if (once && !jobs.length) break;
  }
  log(`stopped: ${stats.ok} ok, ${stats.failed} failed, redactions ${JSON.stringify(stats.redactions)}`);
}

main().catch((err: Error) => {
  log(`fatal: ${err.message}`);
  process.exit(1);
});
