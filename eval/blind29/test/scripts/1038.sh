#!/usr/bin/env bash
# edi-pull: fetch inbound EDI documents from the trading partners' SFTP
# servers into inbound/<partner>/ and acknowledge them.
#
#   scripts/edi-pull.sh                     # all partners in config/partners/*.conf
#   scripts/edi-pull.sh globex initech
#   scripts/edi-pull.sh --list              # what is waiting remotely, no download
#
# Partner config (shell-style key=value, parsed – never sourced):
#   host=sftp.globex-partner.internal
#   user=edi_ourco
#   remote_out=/outbound/ourco          # where the partner drops files for us
#   identity=config/keys/globex_ed25519
#   archive_remote=yes                  # partner wants files moved to /outbound/ourco/fetched
#
# Transfers use lftp "mirror" *without* -R and without --delete, so nothing
# local is uploaded and nothing remote is deleted.  When archive_remote=yes the
# fetched files are *renamed* into the partner's fetched/ subfolder, which is
# how the partner contract defines the acknowledgement.  Host keys are pinned in
# config/known_hosts.
set -Eeuo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
confdir="$repo/config/partners"
known_hosts="$repo/config/known_hosts"
list_only=0
tmpdir="$(mktemp -d)"
trap 'rm -rf -- "$tmpdir"' EXIT

log()   { printf '%(%F %T)T [edi-pull] %s\n' -1 "$*" >&2; }
fatal() { log "fatal: $*"; exit 1; }

conf_get() {
  # conf_get FILE KEY – value of key=value, ignoring comments and quotes
  sed -n -E "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*\"?([^\"#]*)\"?.*$/\1/p" "$1" | head -n 1 | sed 's/[[:space:]]*$//'
}

partners=()
for arg in "$@"; do
  case $arg in
    --list) list_only=1 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) fatal "unknown option $arg" ;;
    *) partners+=("$arg") ;;
  esac
done
if (( ${#partners[@]} == 0 )); then
  for f in "$confdir"/*.conf; do
    [[ -e $f ]] && partners+=("$(basename "$f" .conf)")
  done
fi
(( ${#partners[@]} )) || fatal "no partner configurations in ${confdir#"$repo"/}"
command -v lftp >/dev/null || fatal "lftp is required"
[[ -f $known_hosts ]] || fatal "pinned host keys missing: ${known_hosts#"$repo"/}"

pull_partner() {
  local name=$1 conf="$confdir/$1.conf"
  [[ $name =~ ^[a-z0-9_-]+$ ]] || { log "skip '$name': invalid name"; return 1; }
  [[ -f $conf ]] || { log "skip $name: no config"; return 1; }

  local host user remote identity archive
  host=$(conf_get "$conf" host)
  user=$(conf_get "$conf" user)
  remote=$(conf_get "$conf" remote_out)
  identity="$repo/$(conf_get "$conf" identity)"
  archive=$(conf_get "$conf" archive_remote)

  [[ $host == *.internal ]] || { log "skip $name: host $host is not on the partner VPN"; return 1; }
  [[ -n $user && -n $remote ]] || { log "skip $name: user/remote_out missing"; return 1; }
  [[ -f $identity ]] || { log "skip $name: identity ${identity#"$repo"/} missing"; return 1; }
  chmod 600 -- "$identity"

  local local_dir="$repo/inbound/$name"
  mkdir -p -- "$local_dir"
  local ssh_cmd="ssh -a -x -i $identity -o BatchMode=yes -o StrictHostKeyChecking=yes -o UserKnownHostsFile=$known_hosts"
  local script="$tmpdir/$name.lftp"

  if (( list_only )); then
    cat > "$script" <<EOF
set sftp:connect-program "$ssh_cmd"
set net:max-retries 3
set net:timeout 30
open sftp://$user:@$host
cls -l --sort=date $remote
bye
EOF
    log "$name: waiting on $host:$remote"
    lftp -f "$script" | sed 's/^/    /'
    return 0
  fi

  local before after
  before=$(find "$local_dir" -maxdepth 1 -type f | wc -l)
  cat > "$script" <<EOF
set sftp:connect-program "$ssh_cmd"
set net:max-retries 3
set net:reconnect-interval-base 10
set net:timeout 30
set xfer:clobber off
open sftp://$user:@$host
mirror --only-newer --no-perms --no-umask --parallel=2 --exclude-glob fetched/ --exclude-glob *.part $remote $local_dir
bye
EOF
  if ! lftp -f "$script" > "$tmpdir/$name.log" 2>&1; then
    log "$name: transfer failed – $(tail -n 1 "$tmpdir/$name.log")"
    return 1
  fi
  after=$(find "$local_dir" -maxdepth 1 -type f | wc -l)
  local new=$(( after - before ))
  log "$name: $new new file(s)"

  if [[ $archive == yes && $new -gt 0 ]]; then
    # acknowledge by renaming the fetched files into fetched/ on the partner side
    local ack="$tmpdir/$name.ack"
    {
      printf 'set sftp:connect-program "%s"\n' "$ssh_cmd"
      printf 'open sftp://%s:@%s\n' "$user" "$host"
      printf 'mkdir -f %s/fetched\n' "$remote"
      find "$local_dir" -maxdepth 1 -type f -newer "$tmpdir/$name.lftp" -printf '%f\n' | while read -r f; do
        printf 'mv %s/%s %s/fetched/%s\n' "$remote" "$f" "$remote" "$f"
      done
      printf 'bye\n'
    } > "$ack"
    lftp -f "$ack" > /dev/null 2>&1 && log "$name: acknowledged $new file(s)" || log "$name: acknowledgement failed"
  fi

  # light validation: every X12 file must start with ISA and end with IEA
  local bad=0 f
  while IFS= read -r -d '' f; do
    head -c 3 "$f" | grep -q '^ISA' || { log "$name: ${f##*/} does not start with ISA"; bad=$((bad + 1)); }
    tail -c 200 "$f" | tr -d '\r\n' | grep -q 'IEA\*[0-9]*\*[0-9]*[~]*$' || { log "$name: ${f##*/} has no IEA trailer"; bad=$((bad + 1)); }
  done < <(find "$local_dir" -maxdepth 1 -type f -name '*.x12' -newer "$tmpdir/$name.lftp" -print0)
  (( bad == 0 )) || log "$name: $bad file(s) need manual review"
  return 0
}

sort_documents() {
  # move fetched X12 files into per-type folders (850/810/856/997…) based on
  # the ST01 transaction set id, inside the partner's inbound folder
  local name=$1 dir="$repo/inbound/$1" f type dest moved=0
  while IFS= read -r -d '' f; do
    type=$(tr -d '\r\n' < "$f" | grep -o 'ST\*[0-9]\{3\}' | head -n 1 | cut -d'*' -f2)
    [[ -n $type ]] || type=unknown
    dest="$dir/$type"
    mkdir -p -- "$dest"
    if [[ -e $dest/${f##*/} ]]; then
      log "$name: ${f##*/} already sorted, keeping both"
      mv -- "$f" "$dest/${f##*/}.$(date +%s)"
    else
      mv -- "$f" "$dest/"
    fi
    moved=$((moved + 1))
  done < <(find "$dir" -maxdepth 1 -type f -name '*.x12' -print0)
  (( moved )) && log "$name: sorted $moved document(s) by transaction type"
  return 0
}

failed=0
for p in "${partners[@]}"; do
  if pull_partner "$p"; then
    (( list_only )) || sort_documents "$p"
  else
    failed=$((failed + 1))
  fi
done

# daily journal of what arrived (append-only, inside the repo)
journal="$repo/inbound/JOURNAL.tsv"
[[ -f $journal ]] || printf 'date\tpartner\tfiles\n' > "$journal"
if (( ! list_only )); then
  for p in "${partners[@]}"; do
    n=$(find "$repo/inbound/$p" -maxdepth 1 -type f -newermt "$(date +%F)" 2>/dev/null | wc -l)
    printf '%s\t%s\t%s\n' "$(date +%F)" "$p" "$n" >> "$journal"
  done
fi

log "${#partners[@]} partner(s), $failed failure(s)"

# warn about partners that have not delivered for a week (from the journal)
if [[ -f $journal ]]; then
  week_ago=$(date -d '7 days ago' +%F)
  for p in "${partners[@]}"; do
    recent=$(awk -F'\t' -v p="$p" -v d="$week_ago" '$2 == p && $1 >= d { s += $3 } END { print s + 0 }' "$journal")
    (( recent > 0 )) || log "note: no documents from $p in the last 7 days"
  done
fi
(( failed == 0 ))
