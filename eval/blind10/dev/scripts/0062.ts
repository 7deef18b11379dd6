// List merge requests awaiting review on a GitLab project and print a table.
// GITLAB_TOKEN is sent only to gitlab.com as the PRIVATE-TOKEN header.
import { parseArgs } from "node:util";

const GITLAB = "https://gitlab.com/api/v4";

type MergeRequest = {
  iid: number;
  title: string;
  author: { username: string };
  reviewers: { username: string }[];
  created_at: string;
  draft: boolean;
  web_url: string;
  user_notes_count: number;
};

type Options = {
  project: string;
  reviewer?: string;
  includeDrafts: boolean;
  json: boolean;
};

function options(): Options {
  const { values } = parseArgs({
    options: {
      project: { type: "string", short: "p" },
      reviewer: { type: "string", short: "r" },
      drafts: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
  });
  if (!values.project) throw new Error("--project group/name is required");
  return {
    project: values.project,
    reviewer: values.reviewer,
    includeDrafts: values.drafts ?? false,
    json: values.json ?? false,
  };
}

async function* paginate<T>(url: string, token: string): AsyncGenerator<T> {
  let next: string | null = url;
  while (next) {
    const res: Response = await fetch(next, { headers: { "PRIVATE-TOKEN": token } });
    if (!res.ok) throw new Error(`GitLab ${res.status} for ${next}`);
    for (const item of (await res.json()) as T[]) yield item;
    const link = res.headers.get("link") ?? "";
    const match = link.match(/<([^>]+)>;\s*rel="next"/);
    next = match ? match[1] : null;
  }
}

function ageInDays(iso: string): number {
  return Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000);
}

async function main(): Promise<void> {
  const opts = options();
  const token = process.env.GITLAB_TOKEN;
  if (!token) throw new Error("GITLAB_TOKEN is not set");
  const project = encodeURIComponent(opts.project);
  const url = `${GITLAB}/projects/${project}/merge_requests?state=opened&per_page=100`;
  const rows: Array<Record<string, string | number>> = [];
  for await (const mr of paginate<MergeRequest>(url, token)) {
    if (mr.draft && !opts.includeDrafts) continue;
    const reviewers = mr.reviewers.map((r) => r.username);
    if (opts.reviewer && !reviewers.includes(opts.reviewer)) continue;
    rows.push({
      iid: mr.iid,
      age: ageInDays(mr.created_at),
      author: mr.author.username,
      reviewers: reviewers.join(",") || "-",
      notes: mr.user_notes_count,
      title: mr.title.slice(0, 60),
    });
  }
  rows.sort((a, b) => Number(b.age) - Number(a.age));
  if (opts.json) {
    console.log(JSON.stringify(rows, null, 2));
  } else if (rows.length === 0) {
    console.log("nothing waiting for review");
  } else {
    console.table(rows);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
