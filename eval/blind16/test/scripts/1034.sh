#!/usr/bin/env bash
# CI-equivalent local run for the lattice Nx workspace, limited to affected projects.
#
#   tools/nx_local_ci.sh [--base origin/main] [--targets lint,test,build] [--parallel 3] [--skip-cache]
#
# Mirrors what the pipeline does: computes the affected projects with
# `nx show projects --affected`, prints them grouped by type (app/lib), then runs
# `nx affected -t <targets>` with the same flags CI uses. Logs go to
# ./tmp/nx-local-ci/; the directory is recreated on every run. The Nx cache is
# used unless --skip-cache; the cache directory itself is never reset here.
set -euo pipefail

WS="$(git rev-parse --show-toplevel)"
cd "$WS"
LOG_DIR="$WS/tmp/nx-local-ci"
base="origin/main"
targets="lint,test,build"
parallel=3
skip_cache=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --base) base="$2"; shift 2 ;;
    --targets) targets="$2"; shift 2 ;;
    --parallel) parallel="$2"; shift 2 ;;
    --skip-cache) skip_cache=1; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

NX=(pnpm exec nx)
hdr() { printf '\n\033[1;34m== %s ==\033[0m\n' "$*"; }

preflight() {
  command -v pnpm >/dev/null || { echo "pnpm is required" >&2; exit 1; }
  [[ -d node_modules ]] || { echo "run pnpm install first" >&2; exit 1; }
  git rev-parse --verify --quiet "$base" >/dev/null || git fetch --quiet origin "${base#origin/}"
  rm -rf "$LOG_DIR"
  mkdir -p "$LOG_DIR"
}

merge_base() {
  git merge-base "$base" HEAD
}

affected_projects() {
  "${NX[@]}" show projects --affected --base="$1" --head=HEAD --json | node -e '
    let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
      for (const p of JSON.parse(s)) console.log(p);
    });'
}

project_type() {
  "${NX[@]}" show project "$1" --json | node -e '
    let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
      const p = JSON.parse(s); console.log(p.projectType || "library");
    });'
}

list_affected() {
  local mb="$1" p apps=() libs=()
  while IFS= read -r p; do
    [[ -n "$p" ]] || continue
    if [[ "$(project_type "$p")" == "application" ]]; then apps+=("$p"); else libs+=("$p"); fi
  done < <(affected_projects "$mb")
  echo "apps (${#apps[@]}): ${apps[*]:-none}"
  echo "libs (${#libs[@]}): ${libs[*]:-none}"
  (( ${#apps[@]} + ${#libs[@]} > 0 ))
}

run_targets() {
  local mb="$1" t rc=0 flags=(--base="$mb" --head=HEAD --parallel="$parallel" --output-style=stream)
  (( skip_cache )) && flags+=(--skip-nx-cache)
  IFS=',' read -r -a list <<<"$targets"
  for t in "${list[@]}"; do
    hdr "nx affected -t $t"
    if "${NX[@]}" affected -t "$t" "${flags[@]}" 2>&1 | tee "$LOG_DIR/$t.log"; then
      echo "$t: ok" >>"$LOG_DIR/summary.txt"
    else
      echo "$t: FAILED" >>"$LOG_DIR/summary.txt"
      rc=1
    fi
  done
  return "$rc"
}

format_check() {
  hdr "nx format:check"
  if "${NX[@]}" format:check --base="$1" --head=HEAD >"$LOG_DIR/format.log" 2>&1; then
    echo "format: ok" >>"$LOG_DIR/summary.txt"
  else
    echo "format: needs \`pnpm nx format:write\`" >>"$LOG_DIR/summary.txt"
    return 1
  fi
}

lockfile_check() {
  # CI runs with --frozen-lockfile; catch lockfile drift locally too.
  hdr "lockfile"
  if pnpm install --frozen-lockfile --offline >"$LOG_DIR/lockfile.log" 2>&1; then
    echo "lockfile: ok" >>"$LOG_DIR/summary.txt"
  else
    echo "lockfile: out of date with package.json files" >>"$LOG_DIR/summary.txt"
    return 1
  fi
}

graph_snapshot() {
  # Keep the affected graph next to the logs so a failing run can be explained later.
  "${NX[@]}" graph --affected --base="$1" --head=HEAD --file="$LOG_DIR/affected-graph.json" >/dev/null 2>&1 \
    && echo "graph: ${LOG_DIR#"$WS"/}/affected-graph.json" >>"$LOG_DIR/summary.txt" \
    || true
}

slowest_tasks() {
  # Nx writes a run summary with per-task timings; list the five slowest.
  local run_json
  run_json="$(ls -t "$WS"/.nx/workspace-data/runs/*.json 2>/dev/null | head -n 1 || true)"
  [[ -n "$run_json" ]] || return 0
  node -e '
    const r = require(process.argv[1]);
    const tasks = (r.tasks || []).filter(t => t.endTime && t.startTime)
      .map(t => [t.taskId, (t.endTime - t.startTime) / 1000])
      .sort((a, b) => b[1] - a[1]).slice(0, 5);
    for (const [id, s] of tasks) console.log(`  ${s.toFixed(1).padStart(7)}s  ${id}`);
  ' "$run_json" | sed '1i slowest tasks:' >>"$LOG_DIR/summary.txt" || true
}

main() {
  preflight
  local mb rc=0
  mb="$(merge_base)"
  hdr "affected since ${mb:0:10} ($base)"
  if ! list_affected "$mb"; then
    echo "nothing affected; done"
    return 0
  fi
  lockfile_check || rc=1
  format_check "$mb" || rc=1
  run_targets "$mb" || rc=1
  graph_snapshot "$mb"
  slowest_tasks
  hdr "summary"
  cat "$LOG_DIR/summary.txt"
  echo "logs: ${LOG_DIR#"$WS"/}"
  return "$rc"
}

main
