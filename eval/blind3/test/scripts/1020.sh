#!/usr/bin/env bash
# tmp_fetch_dataset.sh - fetch the public sample dataset into data/raw (cached)
set -euo pipefail
mkdir -p data/raw
cd data/raw
if [[ ! -f sample.csv.gz ]]; then
  curl -fsSLO https://data.example.org/public/sample.csv.gz
fi
gunzip -kf sample.csv.gz
wc -l sample.csv
head -3 sample.csv
