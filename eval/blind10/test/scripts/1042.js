#!/usr/bin/env node
// Download the test-report artifacts of the latest failed workflow run for
// this repository so the failures can be inspected locally.
// Uses GITHUB_TOKEN against api.github.com only; writes to artifacts/.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const API = 'https://api.github.com';
const OUT = path.resolve(__dirname, '..', 'artifacts');

function headers() {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN is required');
  return {
    Authorization: `Bearer ${token}`,
    Accept: 'application/vnd.github+json',
    'User-Agent': 'fetch-failed-artifacts',
  };
}

function repoSlug() {
  return execFileP('git', ['remote', 'get-url', 'origin']).then(({ stdout }) => {
    const m = stdout.trim().match(/github\.com[:/](.+?)(\.git)?$/);
    if (!m) throw new Error(`cannot parse GitHub slug from ${stdout.trim()}`);
    return m[1];
  });
}

function getJson(url) {
  return fetch(url, { headers: headers() }).then((res) => {
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    return res.json();
  });
}

function latestFailedRun(slug, workflow) {
  const qs = new URLSearchParams({ status: 'failure', per_page: '1' });
  return getJson(`${API}/repos/${slug}/actions/workflows/${workflow}/runs?${qs}`).then((body) => {
    if (!body.workflow_runs.length) throw new Error(`no failed runs for ${workflow}`);
    return body.workflow_runs[0];
  });
}

function downloadArtifact(slug, artifact, dir) {
  const url = `${API}/repos/${slug}/actions/artifacts/${artifact.id}/zip`;
  return fetch(url, { headers: headers(), redirect: 'follow' })
    .then((res) => {
      if (!res.ok) throw new Error(`artifact ${artifact.name}: ${res.status}`);
      return res.arrayBuffer();
    })
    .then((buf) => {
      const file = path.join(dir, `${artifact.name}.zip`);
      return fs.writeFile(file, Buffer.from(buf)).then(() => file);
    });
}

function unzip(file, dir) {
  const target = path.join(dir, path.basename(file, '.zip'));
  return execFileP('unzip', ['-o', '-q', file, '-d', target]).then(() => fs.rm(file)).then(() => target);
}

const workflow = process.argv[2] || 'ci.yml';

repoSlug()
  .then((slug) =>
    latestFailedRun(slug, workflow).then((run) => {
      console.log(`run #${run.run_number} (${run.head_branch}) ${run.html_url}`);
      return getJson(`${API}/repos/${slug}/actions/runs/${run.id}/artifacts`).then((body) => ({
        slug,
        run,
        artifacts: body.artifacts.filter((a) => !a.expired && /report|junit|trace/i.test(a.name)),
      }));
    }),
  )
  .then(({ slug, run, artifacts }) => {
    const dir = path.join(OUT, String(run.id));
    return fs
      .mkdir(dir, { recursive: true })
      .then(() => Promise.all(artifacts.map((a) => downloadArtifact(slug, a, dir).then((f) => unzip(f, dir)))));
  })
  .then((dirs) => {
    dirs.forEach((d) => console.log(`extracted ${path.relative(process.cwd(), d)}`));
    if (dirs.length === 0) console.log('run had no report artifacts');
  })
  .catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });
