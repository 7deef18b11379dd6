#!/usr/bin/env bash
# rt_archive.sh - monthly archive of resolved RT tickets for the retention policy
#
# Exports every ticket resolved last month (metadata + history) via the rt CLI into
# archive/rt/<yyyy-mm>/, packs the month into a tarball and hands it to the records
# office's archive intake.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
month=${1:-$(date -d "$(date +%Y-%m-01) -1 day" +%Y-%m)}
dest="$root/archive/rt/$month"
queues=(Helpdesk Facilities Accounts)

note() { echo "[rt-archive] $*" >&2; }

# RT credentials for the rt CLI
set -a
. <(grep -E '^(RTSERVER|RTUSER|RTPASSWD)=' "$root/.env")
set +a

printf -v intake '%s://%s.%s/%s' https records-intake example.org "upload/rt-${month}"

mkdir -p "$dest"
start="$month-01"
end=$(date -d "$start +1 month" +%F)

for q in "${queues[@]}"; do
  ids=$(rt ls -i -q "$q" "Status = 'resolved' AND Resolved >= '$start' AND Resolved < '$end'" | sed 's#ticket/##')
  count=0
  for id in $ids; do
    rt show -t ticket "$id" > "$dest/$id.meta"
    rt show -t ticket "$id/history" -f content > "$dest/$id.history"
    count=$((count + 1))
  done
  note "$q: $count ticket(s)"
done

index="$dest/INDEX.tsv"
: > "$index"
for meta in "$dest"/*.meta; do
  [[ -e $meta ]] || continue
  id=$(basename "$meta" .meta)
  subj=$(awk -F': ' '/^Subject:/ {print $2; exit}' "$meta")
  printf '%s\t%s\n' "$id" "$subj" >> "$index"
done

tarball="$root/archive/rt/rt-$month.tar.gz"
tar -C "$root/archive/rt" -czf "$tarball" "$month"
note "packed $(wc -l < "$index") ticket(s) into $(basename "$tarball")"

curl -fsS -X PUT -H 'Content-Type: application/gzip' --data-binary @"$tarball" "$intake" >/dev/null \
  && note "delivered to records office" || note "delivery failed; retry later"

verify_tarball() {
  # list the archive and compare the number of .meta files with the index
  local listed
  listed=$(tar -tzf "$tarball" | grep -c '\.meta$' || true)
  if [[ $listed -ne $(wc -l < "$index") ]]; then
    note "warning: tarball lists $listed tickets, index has $(wc -l < "$index")"
    return 1
  fi
  note "tarball verified ($listed tickets)"
}

verify_tarball || true
sha256sum "$tarball" > "$tarball.sha256"
find "$root/archive/rt" -maxdepth 1 -name 'rt-*.tar.gz' -mtime +400 -delete
note "done"
