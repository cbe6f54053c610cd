#!/usr/bin/env bash
# Builds pdb78r's tables once, runs the 8 slices of compare.sbatch, then
# merges them into runs/korf100.json and runs/korf100.html; each step
# starts when the one before has succeeded.
#   cd examples/cluster && ./submit.sh
set -euo pipefail
cd "$(dirname "$0")"
export IDAVIZ_CACHE_DIR="${IDAVIZ_CACHE_DIR:-$HOME/.cache/idaviz}"
mkdir -p runs
tables=$(sbatch --parsable --job-name=idaviz-tables --cpus-per-task=2 --mem=3G --output=runs/tables.log \
  --wrap "viz pdb build 15puzzle --heuristic pdb78r")
shards=$(sbatch --parsable --dependency=afterok:"$tables" compare.sbatch)
sbatch --dependency=afterok:"$shards" --job-name=idaviz-merge --output=runs/merge.log \
  --wrap "viz compare --merge --json --html runs/korf100.html runs/shard-*.json > runs/korf100.json"
