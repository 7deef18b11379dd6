#!/usr/bin/env bash
# julia-ci.sh - run the Julia package's CI steps locally.
#
#   tools/julia-ci.sh                 instantiate, test (with coverage), build docs
#   tools/julia-ci.sh --threads 8     run tests with 8 threads
#   tools/julia-ci.sh --no-docs       skip Documenter
#
# Uses the project environment (--project=.) and the docs environment
# (--project=docs). Depot is the user's normal ~/.julia; nothing outside the
# repository is deleted. docs/build and the *.cov files this run produces are
# removed at the start.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
THREADS="${JULIA_NUM_THREADS:-auto}"
DOCS=1
COVERAGE=1
JULIA="${JULIA:-julia}"

while (($#)); do
  case "$1" in
    --threads) THREADS="$2"; shift ;;
    --no-docs) DOCS=0 ;;
    --no-coverage) COVERAGE=0 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

cd "$ROOT"

section() { printf '\n### %s\n' "$*"; }

jl() {
  # jl ENV CODE : run a snippet in one of the repo's environments
  local env="$1" code="$2"
  "$JULIA" --project="$env" --startup-file=no --color=yes -e "$code"
}

clean_outputs() {
  section "cleaning previous outputs"
  rm -rf docs/build
  find src test -name '*.cov' -delete 2>/dev/null || true
  rm -f lcov.info
}

versions() {
  section "versions"
  "$JULIA" --version
  jl . 'import Pkg; println(Pkg.project().name, " ", Pkg.project().version)'
}

instantiate() {
  section "instantiate"
  jl . 'import Pkg; Pkg.instantiate(); Pkg.precompile()'
}

run_tests() {
  section "tests (threads: $THREADS)"
  local cov="false"
  ((COVERAGE)) && cov="true"
  JULIA_NUM_THREADS="$THREADS" jl . "import Pkg; Pkg.test(coverage=$cov)"
}

coverage_report() {
  ((COVERAGE)) || return 0
  section "coverage"
  jl . '
    using Coverage
    cov = process_folder("src")
    covered, total = get_summary(cov)
    LCOV.writefile("lcov.info", cov)
    pct = total == 0 ? 0.0 : 100 * covered / total
    println("line coverage: ", round(pct; digits = 1), "% (", covered, "/", total, ")")
  ' 2>/dev/null || echo "Coverage.jl not available in the project env; skipping"
}

aqua() {
  section "Aqua.jl quality checks"
  if grep -q '^Aqua' test/Project.toml 2>/dev/null; then
    echo "(run as part of the test suite)"
  else
    echo "Aqua not in test/Project.toml; consider adding it"
  fi
}

jet() {
  section "JET static analysis"
  jl . '
    try
        using JET
        import Pkg
        name = Symbol(Pkg.project().name)
        @eval using $name
        report = JET.report_package(getfield(Main, name); target_defined_modules = true)
        show(report)
    catch err
        println("JET not available: ", sprint(showerror, err))
    end
  '
}

docs() {
  ((DOCS)) || return 0
  section "documentation"
  jl docs 'import Pkg; Pkg.develop(path="."); Pkg.instantiate()'
  "$JULIA" --project=docs --startup-file=no docs/make.jl
  if [[ -f docs/build/index.html ]]; then
    echo "docs built: docs/build/index.html"
  else
    echo "docs build produced no index.html" >&2
    return 1
  fi
}

format_check() {
  section "JuliaFormatter"
  jl . '
    try
        using JuliaFormatter
        ok = format(".", overwrite = false, verbose = false)
        println(ok ? "formatting ok" : "files need formatting: run format(\".\")")
        exit(ok ? 0 : 1)
    catch err
        println("JuliaFormatter not installed; skipping")
    end
  '
}

compat_bounds() {
  section "[compat] bounds"
  local deps compat missing=()
  deps="$(sed -n '/^\[deps\]/,/^\[/p' Project.toml | grep -E '^[A-Za-z]' | cut -d' ' -f1)"
  compat="$(sed -n '/^\[compat\]/,/^\[/p' Project.toml | grep -E '^[A-Za-z]' | cut -d' ' -f1)"
  local d
  for d in $deps; do
    grep -qx "$d" <<<"$compat" || missing+=("$d")
  done
  if ((${#missing[@]})); then
    echo "missing [compat] entries: ${missing[*]}"
    return 1
  fi
  echo "all dependencies have [compat] bounds"
}

manifest_check() {
  # the committed Manifest.toml must match Project.toml, otherwise CI resolves
  # a different set of versions than developers test with
  section "Manifest consistency"
  if [[ ! -f Manifest.toml ]]; then
    echo "no Manifest.toml committed (library package); skipping"
    return 0
  fi
  jl . 'import Pkg; Pkg.status(; mode = Pkg.PKGMODE_MANIFEST, outdated = true)' | tail -n 15
}

main() {
  command -v "$JULIA" >/dev/null || { echo "julia not found (install via juliaup)" >&2; exit 1; }
  local failed=0
  clean_outputs
  versions
  instantiate
  manifest_check
  run_tests || failed=1
  coverage_report
  aqua
  jet
  format_check || failed=1
  compat_bounds || failed=1
  docs || failed=1
  section "result"
  if ((failed)); then
    echo "some steps failed"
    exit 1
  fi
  echo "all steps passed"
}

main
