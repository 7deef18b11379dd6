/**
 * pipeline-stats.ts - weekly CI statistics for our projects on gitlab.com.
 *
 * Reads pipelines of the last N days for every project in the group via the
 * GitLab REST API (https://gitlab.com/api/v4) with a read_api token from .env
 * (GITLAB_TOKEN, sent as PRIVATE-TOKEN to gitlab.com only) and computes
 * success rate, median duration, flaky jobs (failed then passed on retry on the
 * same commit) and the slowest jobs.  Writes reports/ci-stats.md and .json.
 * GET requests only; pagination follows the x-next-page header.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const API = "https://gitlab.com/api/v4";
const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "reports");

interface Pipeline {
  id: number;
  sha: string;
  ref: string;
  status: string;
  created_at: string;
  duration?: number | null;
}
interface Job {
  id: number;
  name: string;
  stage: string;
  status: string;
  duration: number | null;
  retried?: boolean;
  commit: { id: string };
}
interface Project {
  id: number;
  path_with_namespace: string;
}

function token(): string {
  let t = process.env.GITLAB_TOKEN;
  const file = path.join(ROOT, ".env");
  if (!t && existsSync(file)) {
    const m = /^GITLAB_TOKEN=(.*)$/m.exec(readFileSync(file, "utf8"));
    t = m?.[1].trim().replace(/^"|"$/g, "");
  }
  if (!t) throw new Error("GITLAB_TOKEN missing (needs read_api)");
  return t;
}

class GitLab {
  calls = 0;
  constructor(private readonly token: string) {}

  async *paged<T>(pathname: string, params: Record<string, string> = {}): AsyncGenerator<T> {
    let page = "1";
    while (page) {
      const qs = new URLSearchParams({ per_page: "100", page, ...params });
      let res: Response | null = null;
      for (let attempt = 0; attempt <= 3; attempt++) {
        this.calls++;
        res = await fetch(`${API}${pathname}?${qs}`, { headers: { "PRIVATE-TOKEN": this.token } });
        if (res.status !== 429 && res.status < 500) break;
        const wait = Number(res.headers.get("retry-after") ?? 2 ** attempt);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
      if (!res || !res.ok) throw new Error(`GET ${pathname}: ${res?.status}`);
      for (const item of (await res.json()) as T[]) yield item;
      page = res.headers.get("x-next-page") ?? "";
    }
  }
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function flakyJobs(jobs: Job[]): Map<string, number> {
  const bySha = new Map<string, Job[]>();
  for (const j of jobs) {
    const key = `${j.commit.id}:${j.name}`;
    bySha.set(key, [...(bySha.get(key) ?? []), j]);
  }
  const flaky = new Map<string, number>();
  for (const [key, list] of bySha) {
    const statuses = new Set(list.map((j) => j.status));
    if (statuses.has("failed") && statuses.has("success")) {
      const name = key.split(":")[1];
      flaky.set(name, (flaky.get(name) ?? 0) + 1);
    }
  }
  return flaky;
}

interface ProjectStats {
  project: string;
  pipelines: number;
  successRate: number;
  medianMinutes: number;
  flaky: [string, number][];
  slowest: { name: string; minutes: number }[];
}

async function statsFor(gl: GitLab, project: Project, since: string): Promise<ProjectStats> {
  const pipelines: Pipeline[] = [];
  for await (const p of gl.paged<Pipeline>(`/projects/${project.id}/pipelines`, { updated_after: since, ref: "main" })) {
    pipelines.push(p);
  }
  const jobs: Job[] = [];
  for (const p of pipelines.slice(0, 60)) {
    for await (const j of gl.paged<Job>(`/projects/${project.id}/pipelines/${p.id}/jobs`, { include_retried: "true" })) {
      jobs.push(j);
    }
  }
  const finished = pipelines.filter((p) => ["success", "failed"].includes(p.status));
  const durations = finished.map((p) => (p.duration ?? 0) / 60).filter((d) => d > 0);
  const byName = new Map<string, number[]>();
  for (const j of jobs) if (j.duration) byName.set(j.name, [...(byName.get(j.name) ?? []), j.duration / 60]);
  const slowest = [...byName].map(([name, d]) => ({ name, minutes: Number(median(d).toFixed(1)) }))
    .sort((a, b) => b.minutes - a.minutes).slice(0, 5);
  return {
    project: project.path_with_namespace,
    pipelines: pipelines.length,
    successRate: finished.length ? Number((finished.filter((p) => p.status === "success").length / finished.length).toFixed(3)) : 0,
    medianMinutes: Number(median(durations).toFixed(1)),
    flaky: [...flakyJobs(jobs)].sort((a, b) => b[1] - a[1]).slice(0, 5),
    slowest,
  };
}

/** Overall numbers across the group, weighted by pipeline count. */
function groupTotals(rows: ProjectStats[]): { pipelines: number; successRate: number } {
  const pipelines = rows.reduce((n, r) => n + r.pipelines, 0);
  const weighted = rows.reduce((n, r) => n + r.successRate * r.pipelines, 0);
  return { pipelines, successRate: pipelines ? Number((weighted / pipelines).toFixed(3)) : 0 };
}

function worstFlaky(rows: ProjectStats[]): string[] {
  return rows
    .flatMap((r) => r.flaky.map(([name, n]) => ({ name: `${r.project}: ${name}`, n })))
    .sort((a, b) => b.n - a.n)
    .slice(0, 5)
    .map((x) => `${x.name} (${x.n})`);
}

function markdown(rows: ProjectStats[], days: number): string {
  const lines = [`# CI statistics (last ${days} days, main branch)`, "",
    "| project | pipelines | success | median min | flaky jobs | slowest job |", "|---|---:|---:|---:|---|---|"];
  for (const r of rows) {
    lines.push(`| ${r.project} | ${r.pipelines} | ${(r.successRate * 100).toFixed(0)}% | ${r.medianMinutes} | ` +
      `${r.flaky.map(([n, c]) => `${n} (${c})`).join(", ") || "-"} | ${r.slowest[0] ? `${r.slowest[0].name} ${r.slowest[0].minutes}m` : "-"} |`);
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const group = process.argv[2] ?? process.env.GITLAB_GROUP ?? "acme-platform";
  const days = Number(process.argv[3] ?? 7);
  const since = new Date(Date.now() - days * 86400_000).toISOString();
  const gl = new GitLab(token());
  const projects: Project[] = [];
  for await (const p of gl.paged<Project>(`/groups/${encodeURIComponent(group)}/projects`, { include_subgroups: "true", archived: "false" })) {
    projects.push(p);
  }
  const rows: ProjectStats[] = [];
  for (const p of projects) {
    rows.push(await statsFor(gl, p, since));
    console.log(`${p.path_with_namespace}: done`);
  }
  rows.sort((a, b) => a.successRate - b.successRate);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, "ci-stats.json"), JSON.stringify({ group, days, rows }, null, 2));
  writeFileSync(path.join(OUT_DIR, "ci-stats.md"), markdown(rows, days));
  const totals = groupTotals(rows);
  console.log(`group: ${totals.pipelines} pipelines, ${(totals.successRate * 100).toFixed(1)}% success`);
  for (const f of worstFlaky(rows)) console.log(`  flaky: ${f}`);
  console.log(`${projects.length} projects, ${gl.calls} API calls; see reports/ci-stats.md`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
