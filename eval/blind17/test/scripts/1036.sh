#!/usr/bin/env bash
# jobs/run-local.sh — run the PySpark jobs of `tributary` on the laptop.
#
#   jobs/run-local.sh <job> [job args...]   spark-submit --master local[N] jobs/<job>.py
#   jobs/run-local.sh --list                list jobs
#   jobs/run-local.sh --clean               remove spark-warehouse/, metastore_db/,
#                                           derby.log and .spark-tmp/ of this repo
#
# Uses the pinned Spark from .tools/spark (downloaded by `make tools`), a temp
# dir under the repo (.spark-tmp) and the sample data in data/sample/.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SPARK_HOME="${SPARK_HOME:-$REPO/.tools/spark}"
TMP_ROOT="$REPO/.spark-tmp"
CORES="${SPARK_CORES:-$(( $(nproc 2>/dev/null || echo 4) - 1 ))}"
DRIVER_MEM="${SPARK_DRIVER_MEMORY:-4g}"
EVENT_LOG="$TMP_ROOT/events"

die() { echo "run-local: $*" >&2; exit 1; }

# never let a globally exported HADOOP_CONF_DIR point the local run at a cluster
unset HADOOP_CONF_DIR YARN_CONF_DIR
if (( CORES < 1 )); then
  CORES=1
fi

list_jobs() {
  local f
  for f in "$REPO"/jobs/*.py; do
    [[ "$(basename "$f")" == _* ]] && continue
    printf '%-28s %s\n' "$(basename "$f" .py)" "$(sed -n '2s/^# *//p' "$f")"
  done
}

clean() {
  local d
  for d in spark-warehouse metastore_db .spark-tmp; do
    if [[ -e "$REPO/$d" ]]; then
      rm -rf -- "${REPO:?}/$d"
      echo "removed $d"
    fi
  done
  rm -f -- "$REPO/derby.log"
}

check_java() {
  command -v java >/dev/null || die "java not found (Spark needs JDK 17)"
  local v
  v="$(java -version 2>&1 | awk -F'"' '/version/ {print $2}' | cut -d. -f1)"
  [[ "$v" -ge 17 ]] || die "Java $v found; Spark 3.5 here is configured for 17+"
}

py_files_zip() {
  # ship the shared library code to the executors as a zip
  local zip="$TMP_ROOT/tributary-lib.zip"
  mkdir -p "$TMP_ROOT"
  (cd "$REPO/src" && zip -qr "$zip" tributary -x '*/__pycache__/*')
  echo "$zip"
}

spark_conf() {
  local -a conf=(
    --conf "spark.local.dir=$TMP_ROOT/local"
    --conf "spark.sql.warehouse.dir=$REPO/spark-warehouse"
    --conf "spark.sql.shuffle.partitions=$(( CORES * 2 ))"
    --conf "spark.eventLog.enabled=true"
    --conf "spark.eventLog.dir=file://$EVENT_LOG"
    --conf "spark.ui.host=127.0.0.1"
    --conf "spark.driver.bindAddress=127.0.0.1"
    --conf "spark.sql.session.timeZone=UTC"
  )
  printf '%s\n' "${conf[@]}"
}

run_job() {
  local job="$1"; shift
  local script="$REPO/jobs/$job.py"
  [[ -f "$script" ]] || die "no job named $job (see --list)"
  [[ -x "$SPARK_HOME/bin/spark-submit" ]] || die "Spark not found at $SPARK_HOME (run: make tools)"
  check_java
  mkdir -p "$EVENT_LOG" "$TMP_ROOT/local"
  local libzip
  libzip="$(py_files_zip)"
  local -a conf
  mapfile -t conf < <(spark_conf)
  export PYSPARK_PYTHON="${PYSPARK_PYTHON:-$REPO/.venv/bin/python}"
  echo "running $job on local[$CORES] (driver $DRIVER_MEM)"
  local started=$SECONDS
  "$SPARK_HOME/bin/spark-submit" \
    --master "local[$CORES]" \
    --driver-memory "$DRIVER_MEM" \
    --py-files "$libzip" \
    "${conf[@]}" \
    "$script" --input "$REPO/data/sample" --output "$TMP_ROOT/out/$job" "$@" \
    2> >(grep -vE 'WARN (NativeCodeLoader|Utils: Service)' >&2)
  echo "finished in $(( SECONDS - started ))s; output in .spark-tmp/out/$job"
}

history_server() {
  # browse past runs of this repo at http://127.0.0.1:18080
  [[ -d "$EVENT_LOG" ]] || die "no event logs yet"
  SPARK_HISTORY_OPTS="-Dspark.history.fs.logDirectory=file://$EVENT_LOG -Dspark.history.ui.port=18080" \
    "$SPARK_HOME/sbin/start-history-server.sh"
  echo "history server on http://127.0.0.1:18080 (stop with $SPARK_HOME/sbin/stop-history-server.sh)"
}

compare_output() {
  # compare a job's output with the golden files in tests/golden/<job>
  local job="${1:?job}"
  local out="$TMP_ROOT/out/$job" golden="$REPO/tests/golden/$job"
  [[ -d "$out" && -d "$golden" ]] || die "need both $out and $golden"
  "$REPO/.venv/bin/python" - "$out" "$golden" <<'PY'
import sys, pyarrow.parquet as pq
out, golden = sys.argv[1], sys.argv[2]
a = pq.read_table(out).to_pandas().sort_values(by=list(pq.read_table(out).column_names)).reset_index(drop=True)
b = pq.read_table(golden).to_pandas().sort_values(by=list(pq.read_table(golden).column_names)).reset_index(drop=True)
print("rows", len(a), "vs", len(b))
sys.exit(0 if a.equals(b) else 1)
PY
}

fetch_sample() {
  # regenerate data/sample from the checked-in generator (no network)
  local rows="${1:-50000}"
  mkdir -p "$REPO/data/sample"
  "$REPO/.venv/bin/python" "$REPO/tools/make_sample.py" --rows "$rows" --out "$REPO/data/sample"
  du -sh "$REPO/data/sample"
}

profile_job() {
  # run a job with the Python profiler on the driver to find slow UDFs
  local job="${1:?job}"
  shift
  mkdir -p "$TMP_ROOT/profiles"
  SPARK_CORES=1 SPARK_DRIVER_MEMORY=2g \
    PYSPARK_DRIVER_PYTHON="$REPO/.venv/bin/python" \
    PYSPARK_DRIVER_PYTHON_OPTS="-m cProfile -o $TMP_ROOT/profiles/$job.prof" \
    run_job "$job" "$@"
  "$REPO/.venv/bin/python" -c "
import pstats, sys
p = pstats.Stats('$TMP_ROOT/profiles/$job.prof')
p.sort_stats('cumulative').print_stats(15)
"
}

disk_report() {
  # how much the local Spark state of this repo takes
  local d
  for d in .spark-tmp spark-warehouse metastore_db; do
    [[ -e "$REPO/$d" ]] && du -sh "$REPO/$d"
  done
  return 0
}

stop_history() {
  if [[ -x "$SPARK_HOME/sbin/stop-history-server.sh" ]]; then
    "$SPARK_HOME/sbin/stop-history-server.sh"
  fi
}

env_report() {
  echo "SPARK_HOME=$SPARK_HOME"
  "$SPARK_HOME/bin/spark-submit" --version 2>&1 | grep -E 'version [0-9]' | head -n 1
  java -version 2>&1 | head -n 1
  "${PYSPARK_PYTHON:-$REPO/.venv/bin/python}" --version
  echo "cores=$CORES driver_memory=$DRIVER_MEM"
}

case "${1:-}" in
  ""|-h|--help) sed -n '2,10p' "$0" | cut -c3- ;;
  --sample) shift; fetch_sample "$@" ;;
  --profile) shift; profile_job "$@" ;;
  --du) disk_report ;;
  --stop-history) stop_history ;;
  --env) env_report ;;
  --list) list_jobs ;;
  --clean) clean ;;
  --history) history_server ;;
  --compare) shift; compare_output "$@" ;;
  *) run_job "$@" ;;
esac
