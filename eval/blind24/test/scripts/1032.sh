#!/usr/bin/env bash
# env-sync.sh -- keep .env in step with .env.example without losing values.
#
#   scripts/env-sync.sh              # report missing / extra keys (names only)
#   scripts/env-sync.sh --fix        # append missing keys with example defaults
#   scripts/env-sync.sh --prune      # comment out keys no longer in .env.example
#
# Secrets in .env are never printed: reports show key names only, and any
# default copied from .env.example for a secret-looking key is left empty.
# A timestamped backup of .env is written before any change.
set -euo pipefail

EXAMPLE=".env.example"
TARGET=".env"
FIX=0
PRUNE=0
QUIET=0

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
say() { ((QUIET)) || printf '%s\n' "$*"; }
die() { printf 'env-sync: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --fix) FIX=1 ;;
    --prune) PRUNE=1 ;;
    --example) EXAMPLE="$2"; shift ;;
    --target) TARGET="$2"; shift ;;
    -q|--quiet) QUIET=1 ;;
    -h|--help) usage 0 ;;
    *) printf 'unknown option %s\n' "$1" >&2; usage 2 ;;
  esac
  shift
done

[[ -f "$EXAMPLE" ]] || die "$EXAMPLE not found (run from the project root)"
case "$(realpath -m "$TARGET")" in
  "$(pwd -P)"/*) ;;
  *) die "target must be inside the current project" ;;
esac
[[ -f "$TARGET" ]] || { say "$TARGET does not exist; creating it from $EXAMPLE"; FIX=1; : >"$TARGET"; chmod 600 "$TARGET"; }

keys_of() {
  grep -E '^[[:space:]]*(export[[:space:]]+)?[A-Za-z_][A-Za-z0-9_]*=' "$1" \
    | sed -E 's/^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=.*/\2/' | sort -u
}

example_line() {
  grep -E "^[[:space:]]*(export[[:space:]]+)?$1=" "$EXAMPLE" | tail -n 1
}

secretish() {
  [[ "$1" =~ (SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE|API_KEY|_KEY$|DSN) ]]
}

comment_for() {
  # the comment block directly above the key in .env.example, if any
  awk -v k="$1" '
    /^#/ { buf = buf $0 "\n"; next }
    $0 ~ "^(export[ \t]+)?" k "=" { printf "%s", buf; exit }
    { buf = "" }
  ' "$EXAMPLE"
}

backup() {
  local b
  b="$TARGET.bak.$(date +%Y%m%d%H%M%S)"
  cp -p "$TARGET" "$b"
  chmod 600 "$b"
  say "backup: $b"
  # keep the three newest backups of this file only
  ls -1t "$TARGET".bak.* 2>/dev/null | tail -n +4 | while read -r old; do
    rm -f -- "$old"
  done
}

mapfile -t want < <(keys_of "$EXAMPLE")
mapfile -t have < <(keys_of "$TARGET")
mapfile -t missing < <(comm -23 <(printf '%s\n' "${want[@]}") <(printf '%s\n' "${have[@]}"))
mapfile -t extra < <(comm -13 <(printf '%s\n' "${want[@]}") <(printf '%s\n' "${have[@]}"))

if ((${#missing[@]})); then
  say "missing in $TARGET: ${missing[*]}"
else
  say "no keys missing"
fi
if ((${#extra[@]})); then
  say "not in $EXAMPLE: ${extra[*]}"
fi

changed=0
if ((FIX)) && ((${#missing[@]})); then
  backup
  {
    printf '\n# added by env-sync %s\n' "$(date +%F)"
    for k in "${missing[@]}"; do
      comment_for "$k"
      if secretish "$k"; then
        printf '%s=\n' "$k"
      else
        line="$(example_line "$k")"
        printf '%s\n' "${line#export }"
      fi
    done
  } >>"$TARGET"
  changed=1
  say "appended ${#missing[@]} key(s); fill in the empty secret values yourself"
fi

if ((PRUNE)) && ((${#extra[@]})); then
  ((changed)) || backup
  tmp="$(mktemp "$TARGET.XXXXXX")"
  while IFS= read -r line || [[ -n "${line}" ]]; do
    key="$(sed -nE 's/^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=.*/\2/p' <<<"$line")"
    if [[ -n "$key" ]] && printf '%s\n' "${extra[@]}" | grep -qx "$key"; then
      printf '# (obsolete) %s\n' "$line" >>"$tmp"
    else
      printf '%s\n' "$line" >>"$tmp"
    fi
  done <"$TARGET"
  chmod 600 "$tmp"
  mv -f "$tmp" "$TARGET"
  changed=1
  say "commented out ${#extra[@]} obsolete key(s)"
fi

perm="$(stat -c %a "$TARGET" 2>/dev/null || stat -f %Lp "$TARGET")"
if [[ "$perm" != 600 ]]; then
  chmod 600 "$TARGET"
  say "tightened $TARGET permissions to 600 (was $perm)"
fi

if git ls-files --error-unmatch "$TARGET" >/dev/null 2>&1; then
  printf 'warning: %s is tracked by git!\n' "$TARGET" >&2
fi

duplicates() {
  # keys defined more than once in the target (the last one wins, which surprises people)
  keys_of_all() {
    grep -E '^[[:space:]]*(export[[:space:]]+)?[A-Za-z_][A-Za-z0-9_]*=' "$TARGET" \
      | sed -E 's/^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=.*/\2/'
  }
  keys_of_all | sort | uniq -d | tr '\n' ' '
}
dups="$(duplicates)"
[[ -n "$dups" ]] && say "defined more than once in $TARGET: $dups"

quoted_issues() {
  # unbalanced quotes break docker compose and dotenv parsers differently
  local n=0 line
  while IFS= read -r line; do
    case "$line" in
      \#*|'') continue ;;
    esac
    local v="${line#*=}"
    if [[ "$v" == \"* && "$v" != *\" ]] || [[ "$v" == \'* && "$v" != *\' ]]; then
      n=$((n + 1))
      say "unbalanced quotes on key ${line%%=*}"
    fi
  done <"$TARGET"
  return 0
}
quoted_issues

empty_required() {
  # keys that exist but have no value, names only
  grep -E '^[A-Za-z_][A-Za-z0-9_]*=$' "$TARGET" | cut -d= -f1 | tr '\n' ' '
}
if [[ -f .gitignore ]] && ! grep -qxF "$TARGET" .gitignore; then
  say "note: $TARGET is not listed in .gitignore"
fi

blank="$(empty_required)"
[[ -n "$blank" ]] && say "keys with empty values: $blank"

if ((changed == 0 && ${#missing[@]} > 0)); then
  say "run with --fix to append the missing keys"
  exit 1
fi
exit 0
