#!/usr/bin/env bash
# r-check.sh - the R package's local CI: restore, document, check, coverage.
#
#   tools/r-check.sh            full run
#   tools/r-check.sh --quick    skip vignettes and coverage
#   tools/r-check.sh --cran     R CMD check --as-cran
#
# renv restores the project library from renv.lock into the project's own
# renv/library. Check output goes to check/ (removed at the start of each
# run); coverage HTML to coverage/.
set -euo pipefail

PKG_DIR="$(cd "$(dirname "$0")/.." && pwd)"
CHECK_DIR="$PKG_DIR/check"
COV_DIR="$PKG_DIR/coverage"
QUICK=0
CRAN=0
JOBS="${JOBS:-4}"

for a in "$@"; do
  case "$a" in
    --quick) QUICK=1 ;;
    --cran) CRAN=1 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option: $a" >&2; exit 2 ;;
  esac
done

step() { printf '\n=== %s ===\n' "$*"; }
r() { Rscript --vanilla -e "$1"; }

cd "$PKG_DIR"

package_name() {
  sed -n 's/^Package:[[:space:]]*//p' DESCRIPTION
}

package_version() {
  sed -n 's/^Version:[[:space:]]*//p' DESCRIPTION
}

restore() {
  step "renv restore"
  if [[ -f renv.lock ]]; then
    # renv/activate.R is the project's own bootstrap; --vanilla skips the user profile
    Rscript -e 'source("renv/activate.R"); renv::restore(prompt = FALSE)'
  else
    echo "no renv.lock; using the site library"
  fi
}

document() {
  step "roxygen"
  r 'devtools::document()'
  if [[ -n "$(git status --porcelain -- man NAMESPACE)" ]]; then
    echo "roxygen changed man/ or NAMESPACE; commit those changes" >&2
    git --no-pager diff --stat -- man NAMESPACE
    return 1
  fi
}

lint() {
  step "lintr"
  local out
  out="$(Rscript -e 'l <- lintr::lint_package(); print(l); cat(length(l), "\n")' | tail -n 1)"
  echo "$out lint(s)"
  [[ "$out" -eq 0 ]] || [[ "$QUICK" -eq 1 ]]
}

build_tarball() {
  step "R CMD build"
  rm -rf "$CHECK_DIR"
  mkdir -p "$CHECK_DIR"
  local args=(--no-manual)
  ((QUICK)) && args+=(--no-build-vignettes)
  (cd "$CHECK_DIR" && R CMD build "${args[@]}" "$PKG_DIR")
  TARBALL="$(ls "$CHECK_DIR"/*.tar.gz | head -n 1)"
  echo "built $(basename "$TARBALL")"
}

check() {
  step "R CMD check"
  local args=(--no-manual -o "$CHECK_DIR")
  ((CRAN)) && args+=(--as-cran)
  ((QUICK)) && args+=(--ignore-vignettes --no-build-vignettes)
  _R_CHECK_FORCE_SUGGESTS_=false MAKEFLAGS="-j$JOBS" R CMD check "${args[@]}" "$TARBALL" || true
  local log="$CHECK_DIR/$(package_name).Rcheck/00check.log"
  [[ -f "$log" ]] || { echo "no check log produced" >&2; return 1; }
  local status
  status="$(grep -E '^Status:' "$log" | tail -n 1)"
  echo "$status"
  grep -E '^\* checking .* \.\.\. (WARNING|ERROR|NOTE)' "$log" | sed 's/^/  /' || true
  [[ "$status" != *ERROR* && "$status" != *WARNING* ]]
}

coverage() {
  ((QUICK)) && return 0
  step "covr"
  rm -rf "$COV_DIR"
  mkdir -p "$COV_DIR"
  r "cov <- covr::package_coverage(type = 'tests'); print(cov);
     covr::report(cov, file = '$COV_DIR/index.html', browse = FALSE);
     cat(sprintf('%.1f\n', covr::percent_coverage(cov)), file = '$COV_DIR/percent.txt')"
  echo "coverage: $(cat "$COV_DIR/percent.txt")% (report in coverage/index.html)"
}

spelling() {
  step "spelling"
  Rscript -e 'res <- spelling::spell_check_package(); if (nrow(res)) print(res) else cat("no spelling issues\n")'
}

urls() {
  ((CRAN)) || return 0
  step "URL check"
  Rscript -e 'urlchecker::url_check()' || echo "some URLs need attention (see above)"
}

news_entry() {
  step "NEWS.md"
  local version
  version="$(package_version)"
  if grep -qE "^# $(package_name) $version" NEWS.md 2>/dev/null; then
    echo "NEWS.md has an entry for $version"
  else
    echo "NEWS.md has no entry for $version (add one before release)"
    ((CRAN)) && return 1
  fi
  return 0
}

session_info() {
  step "session"
  r 'cat(R.version.string, "\n"); cat("platform:", R.version$platform, "\n")'
  r 'ip <- installed.packages(); cat(nrow(ip), "packages in the library\n")'
}

reverse_deps() {
  # packages in the monorepo that import this one must still load
  ((QUICK)) && return 0
  step "reverse dependencies in the monorepo"
  local me dir
  me="$(package_name)"
  for dir in "$PKG_DIR"/../*/; do
    [[ -f "$dir/DESCRIPTION" ]] || continue
    [[ "$(cd "$dir" && pwd)" == "$PKG_DIR" ]] && continue
    if grep -Eq "^(Imports|Depends):.*\b$me\b" "$dir/DESCRIPTION"; then
      echo "  loading $(basename "$dir")"
      Rscript -e "pkgload::load_all('$dir', quiet = TRUE)" >/dev/null || return 1
    fi
  done
}

summary() {
  step "summary"
  printf '%-10s %s\n' package "$(package_name) $(package_version)"
  printf '%-10s %s\n' tarball "$(basename "${TARBALL:-none}")"
  [[ -f "$COV_DIR/percent.txt" ]] && printf '%-10s %s%%\n' coverage "$(cat "$COV_DIR/percent.txt")"
  return 0
}

main() {
  command -v Rscript >/dev/null || { echo "R is not installed" >&2; exit 1; }
  local failed=0
  session_info
  restore
  document || failed=1
  lint || failed=1
  build_tarball
  check || failed=1
  coverage
  spelling
  urls
  news_entry || failed=1
  reverse_deps || failed=1
  summary
  if ((failed)); then
    echo "checks failed" >&2
    exit 1
  fi
  echo "all checks passed"
}

main
