#!/usr/bin/env bash
# yara-sweep: compile the project's YARA rules and sweep evidence exports.
#
#   tools/yara-sweep.sh                       # rules/ against case/extracted and out/carved
#   tools/yara-sweep.sh --rules rules/apt --target "case/extracted/Users"
#   tools/yara-sweep.sh --check-only          # compile + lint rules, no scan
#
# - every rules/**/*.yar is compiled once with yarac into build/yara/<set>.yarc
#   (a broken rule file is reported and skipped, the sweep continues)
# - scanning uses `yara -C` with the compiled set, a per-file timeout and
#   --fast-scan; output is written as TSV: rule<TAB>file<TAB>sha256
# - hits are de-duplicated by sha256 so the same dropped file in ten user
#   profiles is reported once, with all its paths
# Scanning is read-only; nothing outside build/ and out/ is written.
set -Eeuo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
rules_dir="$top/rules"
targets=("$top/case/extracted" "$top/out/carved")
build="$top/build/yara"
report_dir="$top/out/yara"
check_only=false
threads=$(nproc 2>/dev/null || echo 4)
timeout=60
tmp=$(mktemp -d)

trap 'rm -rf -- "$tmp"' EXIT

echo_err() { echo "yara-sweep: $*" >&2; }
bail() { echo_err "$*"; exit 2; }

custom_targets=()
while (( $# )); do
  case $1 in
    --rules) rules_dir=$(realpath -- "$2"); shift 2 ;;
    --target) custom_targets+=("$(realpath -- "$2")"); shift 2 ;;
    --check-only) check_only=true; shift ;;
    --threads) threads=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) bail "unknown argument: $1" ;;
  esac
done
(( ${#custom_targets[@]} )) && targets=("${custom_targets[@]}")

command -v yara >/dev/null || bail "yara not installed"
command -v yarac >/dev/null || bail "yarac not installed"
[[ -d $rules_dir ]] || bail "no rules directory $rules_dir"
for t in "${targets[@]}"; do
  case $t in
    "$top"/*) ;;
    *) bail "target $t is outside the project" ;;
  esac
done

mkdir -p -- "$build" "$report_dir"

# record tool versions with every sweep; results differ between yara releases
yara_version=$(yara --version 2>/dev/null || echo unknown)
echo_err "yara $yara_version, rules from ${rules_dir#"$top"/}"
if [[ -f $rules_dir/VERSION ]]; then
  echo_err "rule set version: $(head -n 1 "$rules_dir/VERSION")"
fi

# --- compile ------------------------------------------------------------------------
good=()
bad=0
while IFS= read -r -d '' rule; do
  rel=${rule#"$rules_dir"/}
  if yarac -w "$rule" "$tmp/probe.yarc" 2> "$tmp/err.txt"; then
    good+=("$rule")
  else
    bad=$((bad + 1))
    echo_err "rule file $rel does not compile: $(head -n 1 "$tmp/err.txt")"
  fi
done < <(find "$rules_dir" -type f \( -name '*.yar' -o -name '*.yara' \) -print0 | sort -z)

(( ${#good[@]} )) || bail "no compilable rules"
set_name=$(basename -- "$rules_dir")
compiled="$build/$set_name.yarc"
yarac -w "${good[@]}" "$compiled.part"
mv -f -- "$compiled.part" "$compiled"
echo_err "compiled ${#good[@]} rule file(s) into ${compiled#"$top"/} ($bad skipped)"

# simple lint: rules without meta description or with very short strings
for rule in "${good[@]}"; do
  awk -v f="${rule#"$rules_dir"/}" '
    /^[[:space:]]*rule[[:space:]]/ { name = $2; has_desc = 0 }
    /description[[:space:]]*=/ { has_desc = 1 }
    /^[[:space:]]*\$[a-zA-Z0-9_]*[[:space:]]*=[[:space:]]*"[^"]{1,3}"/ { printf "lint: %s %s: very short string %s\n", f, name, $1 }
    /^}/ { if (name != "" && !has_desc) printf "lint: %s %s: no meta description\n", f, name; name = "" }
  ' "$rule" >&2
done

$check_only && exit 0

# --- scan -------------------------------------------------------------------------------
raw="$tmp/hits.txt"
: > "$raw"
for t in "${targets[@]}"; do
  [[ -e $t ]] || { echo_err "skip missing target ${t#"$top"/}"; continue; }
  echo_err "scanning ${t#"$top"/} ($threads threads)"
  yara -C -r -w -f -p "$threads" -a "$timeout" "$compiled" "$t" >> "$raw" 2> "$tmp/scan-err.txt" || true
  if [[ -s $tmp/scan-err.txt ]]; then
    echo_err "$(wc -l < "$tmp/scan-err.txt") scan warning(s), first: $(head -n 1 "$tmp/scan-err.txt")"
  fi
done

stamp=$(date +%Y%m%d-%H%M%S)
tsv="$report_dir/hits-$stamp.tsv"
printf 'rule\tfile\tsha256\n' > "$tsv"
while read -r rule file; do
  [[ -n $file && -f $file ]] || continue
  printf '%s\t%s\t%s\n' "$rule" "${file#"$top"/}" "$(sha256sum -- "$file" | cut -d' ' -f1)"
done < "$raw" >> "$tsv"

hits=$(( $(wc -l < "$tsv") - 1 ))
unique=$(awk -F'\t' 'NR > 1 { print $3 }' "$tsv" | sort -u | wc -l)
summary="$report_dir/summary-$stamp.md"
{
  echo "# YARA sweep $stamp"
  echo
  echo "- rule set: ${compiled#"$top"/} (${#good[@]} files, $bad skipped)"
  echo "- targets: ${targets[*]#"$top"/}"
  echo "- hits: $hits ($unique unique files)"
  echo
  echo "## hits per rule"
  awk -F'\t' 'NR > 1 { print $1 }' "$tsv" | sort | uniq -c | sort -rn | sed 's/^/    /'
  echo
  echo "## unique files"
  awk -F'\t' 'NR > 1 { paths[$3] = paths[$3] ? paths[$3] ", " $2 : $2; rules[$3] = rules[$3] ? rules[$3] " " $1 : $1 }
              END { for (h in paths) printf "- %s: %s (%s)\n", substr(h, 1, 16), rules[h], paths[h] }' "$tsv"
} > "$summary"

echo_err "$hits hit(s), $unique unique file(s); report ${summary#"$top"/}"

# --- compare with the previous sweep -----------------------------------------------
previous=$(ls -1 "$report_dir"/hits-*.tsv 2>/dev/null | grep -v -- "$stamp" | tail -n 1 || true)
if [[ -n $previous ]]; then
  awk -F'\t' 'NR > 1 { print $1 "\t" $3 }' "$previous" | sort -u > "$tmp/prev.txt"
  awk -F'\t' 'NR > 1 { print $1 "\t" $3 }' "$tsv" | sort -u > "$tmp/curr.txt"
  new_hits=$(comm -13 "$tmp/prev.txt" "$tmp/curr.txt" | wc -l)
  gone_hits=$(comm -23 "$tmp/prev.txt" "$tmp/curr.txt" | wc -l)
  {
    echo
    echo "## compared with ${previous##*/}"
    echo
    echo "- new rule/file pairs: $new_hits"
    echo "- no longer matching: $gone_hits"
    comm -13 "$tmp/prev.txt" "$tmp/curr.txt" | head -n 50 | awk -F'\t' '{ printf "  - NEW %s %s\n", $1, substr($2, 1, 16) }'
  } >> "$summary"
  echo_err "vs previous sweep: $new_hits new, $gone_hits gone"
fi

# --- hit inventory for the evidence locker ------------------------------------------------
# list (do not move or copy) the matching files with size and timestamps so
# the case officer can decide what to extract from the images
inventory="$report_dir/inventory-$stamp.tsv"
printf 'sha256\tsize\tmtime\tpath\n' > "$inventory"
awk -F'\t' 'NR > 1 && !seen[$3]++ { print $2 }' "$tsv" | while IFS= read -r rel; do
  abs="$top/$rel"
  [[ -f $abs ]] || continue
  printf '%s\t%s\t%s\t%s\n' \
    "$(sha256sum -- "$abs" | cut -d' ' -f1)" \
    "$(stat -c %s -- "$abs")" \
    "$(date -r "$abs" -Iseconds)" \
    "$rel"
done >> "$inventory"
echo_err "inventory: ${inventory#"$top"/}"

# keep the last 20 sweeps of this project (our own report files only)
mapfile -t old_reports < <(ls -1t "$report_dir"/hits-*.tsv 2>/dev/null | tail -n +21)
for f in "${old_reports[@]}"; do
  s=${f##*/hits-}
  s=${s%.tsv}
  rm -f -- "$f" "$report_dir/summary-$s.md" "$report_dir/inventory-$s.tsv"
done
(( ${#old_reports[@]} )) && echo_err "pruned ${#old_reports[@]} old sweep report(s)"

(( hits == 0 ))
