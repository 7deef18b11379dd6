/**
 * ocr-review-queue.ts - queue OCR results with low confidence for manual review
 *
 *   npx tsx tools/ocr-review-queue.ts output/1923-04-17
 *
 * Reads the per-page quality.tsv written by hocr_batch.sh, selects pages below the
 * confidence threshold and registers them with the review tool so volunteers can correct
 * the text. Also writes review/queue.json locally.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface PageQuality {
  page: string;
  conf: number;
}

class ReviewClient {
  private _endpoint = "";
  private readonly pending: { issue: string; page: string; conf: number; text: string }[] = [];

  constructor(configured: string | undefined) {
    this.endpoint = configured ?? "";
  }

  get endpoint(): string {
    return this._endpoint;
  }

  set endpoint(value: string) {
    // accept "host", "host/path" or a full URL; default to the shared review service
    const v = value.trim() || "ocr-review.example.com/api/pages";
    this._endpoint = /^https?:\/\//.test(v) ? v : `https://${v}`;
  }

  add(issue: string, page: string, conf: number, text: string): void {
    this.pending.push({ issue, page, conf, text });
  }

  async flush(): Promise<number> {
    if (!this.pending.length) return 0;
    const res = await fetch(this.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(this.pending),
    }).catch(() => null);
    const n = this.pending.length;
    this.pending.length = 0;
    return res && res.ok ? n : 0;
  }
}

function readQuality(dir: string): PageQuality[] {
  const file = path.join(dir, "quality.tsv");
  if (!existsSync(file)) throw new Error(`${file} missing; run hocr_batch.sh first`);
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => {
      const [page, conf] = l.split("\t");
      return { page, conf: Number(conf) };
    });
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: ocr-review-queue.ts <issue-output-dir>");
  const issueDir = path.resolve(dir);
  const issue = path.basename(issueDir);
  const threshold = Number(process.env.REVIEW_THRESHOLD ?? 70);
  const client = new ReviewClient(process.env.REVIEW_ENDPOINT);
  const low = readQuality(issueDir).filter((p) => p.conf < threshold);
  for (const p of low) {
    const textFile = path.join(issueDir, "text", `${p.page}.txt`);
    client.add(issue, p.page, p.conf, existsSync(textFile) ? readFileSync(textFile, "utf8") : "");
  }
  const queueDir = path.join(ROOT, "review");
  mkdirSync(queueDir, { recursive: true });
  writeFileSync(path.join(queueDir, `${issue}.json`), JSON.stringify(low, null, 2));
  const sent = await client.flush();
  console.log(`${low.length} page(s) below ${threshold} in ${issue}; ${sent} registered for review`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
