#!/usr/bin/env bash
# Export the darktable previews of the current shoot to the shared
# "Client Deliveries" folder in the user's Documents.
set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
SHOOT="${1:-$(date +%Y-%m-%d)}"
SRC="$PROJECT/build/previews/$SHOOT"
DEST="$HOME/Documents/Client Deliveries/$SHOOT"

[[ -d "$SRC" ]] || { echo "no previews for $SHOOT"; exit 1; }
mkdir -p "$DEST"
cp -n "$SRC"/*.jpg "$DEST/"
exiftool -q -overwrite_original -Copyright="Studio North $(date +%Y)" "$DEST"/*.jpg
ln -sfn "$DEST" "$HOME/Desktop/latest-delivery"

# leave a note for the client manager
cat > "$DEST/README.txt" <<EOF
Shoot: $SHOOT
Exported: $(date '+%Y-%m-%d %H:%M')
Files: $(ls "$DEST"/*.jpg | wc -l)
EOF
echo "copied $(ls "$SRC"/*.jpg | wc -l) previews to $DEST"
