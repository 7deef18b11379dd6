#!/usr/bin/env bash
# Share lint and editor configuration with the sibling repositories and the
# user's k9s / lazygit setup so everyone uses the same settings.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
siblings=(../app-mobile ../app-admin ../infra)

for s in "${siblings[@]}"; do
  target="$repo/$s"
  [[ -d $target ]] || continue
  cp "$repo/.editorconfig" "$repo/.prettierrc.json" "$target/"
  echo "updated $(basename "$target")"
done

mkdir -p "$HOME/.config/lazygit" "$HOME/.config/k9s"
cp "$repo/ops/lazygit.yml" "$HOME/.config/lazygit/config.yml"
cp "$repo/ops/k9s-views.yaml" "$HOME/.config/k9s/views.yaml"
echo "updated lazygit and k9s config"
echo "remember to commit the changes in the sibling repositories"
