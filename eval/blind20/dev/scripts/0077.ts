#!/usr/bin/env -S npx tsx
// scripts/render-gitops.ts - render every environment overlay and validate it
// before a GitOps pull request. Output goes to build/gitops/<env>/.
//
// Steps per environment:
//   kustomize build deploy/overlays/<env>   -> all.yaml
//   split into one file per object          -> <kind>-<name>.yaml
//   kubeconform                             -> schema validation
//   policy checks implemented below         -> resources, images, probes
//   optional `flux diff` / `argocd app diff` (read-only) against the dev cluster
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

const ROOT = path.resolve(__dirname, '..');
const OVERLAYS = path.join(ROOT, 'deploy', 'overlays');
const OUT = path.join(ROOT, 'build', 'gitops');
const REGISTRY_PREFIXES = ['registry.internal/', 'ghcr.io/acme-corp/'];

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any;
}

interface Finding {
  env: string;
  object: string;
  message: string;
  severity: 'error' | 'warning';
}

function kustomize(env: string): string {
  return execFileSync('kustomize', ['build', '--enable-helm', path.join(OVERLAYS, env)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

function parseObjects(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJSON() as K8sObject | null)
    .filter((o): o is K8sObject => Boolean(o && o.kind));
}

function fileName(obj: K8sObject): string {
  const ns = obj.metadata.namespace ? `${obj.metadata.namespace}-` : '';
  return `${obj.kind.toLowerCase()}-${ns}${obj.metadata.name}.yaml`.replace(/[^a-z0-9.-]/gi, '_');
}

function podSpec(obj: K8sObject): any | undefined {
  if (['Deployment', 'StatefulSet', 'DaemonSet', 'Job'].includes(obj.kind)) return obj.spec?.template?.spec;
  if (obj.kind === 'CronJob') return obj.spec?.jobTemplate?.spec?.template?.spec;
  return undefined;
}

function policy(env: string, objects: K8sObject[]): Finding[] {
  const findings: Finding[] = [];
  for (const obj of objects) {
    const id = `${obj.kind}/${obj.metadata.name}`;
    const spec = podSpec(obj);
    if (!spec) continue;
    for (const c of spec.containers ?? []) {
      const image: string = c.image ?? '';
      if (!REGISTRY_PREFIXES.some((p) => image.startsWith(p))) {
        findings.push({ env, object: id, severity: 'error', message: `image ${image} not from an approved registry` });
      }
      if (image.endsWith(':latest') || !image.includes(':')) {
        findings.push({ env, object: id, severity: 'error', message: `image ${image} is not pinned` });
      }
      if (!c.resources?.limits?.memory) {
        findings.push({ env, object: id, severity: 'warning', message: `container ${c.name} has no memory limit` });
      }
      if (obj.kind === 'Deployment' && !c.readinessProbe) {
        findings.push({ env, object: id, severity: 'warning', message: `container ${c.name} has no readinessProbe` });
      }
      if (c.securityContext?.privileged) {
        findings.push({ env, object: id, severity: 'error', message: `container ${c.name} is privileged` });
      }
    }
    if (env === 'prod' && obj.kind === 'Deployment' && (obj.spec?.replicas ?? 1) < 2) {
      findings.push({ env, object: id, severity: 'error', message: 'prod deployments need at least 2 replicas' });
    }
  }
  return findings;
}

function kubeconform(dir: string): boolean {
  const res = spawnSync('kubeconform', ['-strict', '-summary', '-ignore-missing-schemas', dir], {
    stdio: 'inherit',
  });
  if (res.error) {
    console.warn('kubeconform not installed; skipping schema validation');
    return true;
  }
  return res.status === 0;
}

function liveDiff(env: string): void {
  if (env !== 'dev') return;
  const ctx = 'kind-orders-dev';
  const res = spawnSync('kubectl', ['--context', ctx, 'diff', '-f', path.join(OUT, env, 'all.yaml')], {
    encoding: 'utf8',
  });
  // kubectl diff exits 1 when there are differences, >1 on errors
  if ((res.status ?? 2) > 1) {
    console.warn(`live diff against ${ctx} unavailable: ${res.stderr.trim().split('\n').pop()}`);
    return;
  }
  writeFileSync(path.join(OUT, env, 'live.diff'), res.stdout);
  console.log(`dev: live diff ${res.stdout ? `${res.stdout.split('\n').length} lines` : 'empty'}`);
}

function duplicateNames(objects: K8sObject[]): string[] {
  // two overlays patching into the same name/namespace silently override each other
  const seen = new Map<string, number>();
  for (const o of objects) {
    const key = `${o.kind}/${o.metadata.namespace ?? '_'}/${o.metadata.name}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen.entries()].filter(([, n]) => n > 1).map(([k]) => k);
}

function imageSummary(env: string, objects: K8sObject[]): void {
  const images = new Set<string>();
  for (const obj of objects) {
    const spec = podSpec(obj);
    for (const c of [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])]) {
      if (c.image) images.add(c.image);
    }
  }
  const lines = [...images].sort();
  writeFileSync(path.join(OUT, env, 'images.txt'), `${lines.join('\n')}\n`);
  console.log(`${env}: ${lines.length} distinct images`);
}

function environments(filter: string[]): string[] {
  const all = readdirSync(OVERLAYS, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return filter.length ? all.filter((e) => filter.includes(e)) : all;
}

function main(): void {
  const envs = environments(process.argv.slice(2));
  if (!envs.length) throw new Error('no overlays matched');
  if (existsSync(OUT)) rmSync(OUT, { recursive: true, force: true });
  const findings: Finding[] = [];
  let schemaOk = true;
  for (const env of envs) {
    const dir = path.join(OUT, env);
    mkdirSync(dir, { recursive: true });
    const text = kustomize(env);
    writeFileSync(path.join(dir, 'all.yaml'), text);
    const objects = parseObjects(text);
    for (const obj of objects) {
      const doc = parseAllDocuments(text).find((d) => {
        const o = d.toJSON() as K8sObject | null;
        return o && o.kind === obj.kind && o.metadata?.name === obj.metadata.name
          && o.metadata?.namespace === obj.metadata.namespace;
      });
      if (doc) writeFileSync(path.join(dir, fileName(obj)), doc.toString());
    }
    console.log(`${env}: ${objects.length} objects`);
    for (const dup of duplicateNames(objects)) {
      findings.push({ env, object: dup, severity: 'error', message: 'object rendered more than once' });
    }
    imageSummary(env, objects);
    schemaOk = kubeconform(dir) && schemaOk;
    findings.push(...policy(env, objects));
    liveDiff(env);
  }
  for (const f of findings) console.log(`${f.severity.toUpperCase().padEnd(7)} ${f.env} ${f.object}: ${f.message}`);
  const errors = findings.filter((f) => f.severity === 'error').length;
  writeFileSync(path.join(OUT, 'findings.json'), JSON.stringify(findings, null, 2));
  if (errors || !schemaOk) {
    console.error(`${errors} policy error(s)${schemaOk ? '' : ', schema validation failed'}`);
    process.exitCode = 1;
  }
}

main();
