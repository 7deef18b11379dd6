#!/usr/bin/env bash
# install-cli.sh - make the project's helper commands available everywhere.
#
# Creates small wrapper scripts in ~/.local/bin that call the tools of this
# checkout, so `tiles-build` and `tiles-serve` work from any directory.
set -euo pipefail

proj=$(cd "$(dirname "$0")/.." && pwd)
bindir="$HOME/.local/bin"
mkdir -p "$bindir"

make_wrapper() {
  local name=$1 target=$2
  cat > "$bindir/$name" <<SH
#!/usr/bin/env bash
exec "$proj/$target" "\$@"
SH
  chmod +x "$bindir/$name"
  echo "installed $bindir/$name -> $target"
}

make_wrapper tiles-build tools/build_tiles.sh
make_wrapper tiles-serve tools/serve_tiles.sh
make_wrapper tiles-clean tools/clean_tiles.sh

case ":$PATH:" in
  *":$bindir:"*) ;;
  *) echo "note: $bindir is not on your PATH" ;;
esac
