#!/usr/bin/env bash
# bench_bfs16k.sh - times the 16K-vertex BFS end to end (trace, then replay on two GPU presets)
# and prints the ratio to GPGPU-Sim's 27.2 s for a 16K-vertex BFS on its GTX480 config (wall
# clock and, with GNU time, CPU time).
# usage: tests/bench/bench_bfs16k.sh [BUILD_DIR]   (default build); writes a temporary trace.
set -euo pipefail
# One core: the run is pinned with taskset (CPU $SIMT_BENCH_CPU, default 0) when taskset exists;
# unpinned, the scheduler may move it between cores mid-run and its caches with it (on the 2-core
# development machines that made the same run 1.6 instead of 2.5 M warp-instructions/s).
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${SIMT_BENCH_CPU:-0}")
build=${1:-build}
bin=$build/bin
for t in bfs simt-sim; do
  [[ -x $bin/$t ]] || { echo "bench_bfs16k: $bin/$t not built" >&2; exit 2; }
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
trace=$dir/bfs16k.trace
now() { date +%s.%N; }
t0=$(now)
SIMT_TRACE=$trace SIMT_QUIET=1 "$bin/bfs" --size 16k > "$dir/bfs.out"
t1=$(now)
grep -q "bfs: PASS" "$dir/bfs.out" || { echo "bench_bfs16k: bfs did not pass" >&2; exit 1; }
awk -v a="$t0" -v b="$t1" 'BEGIN { printf "trace    bfs --size 16k             %6.2f s\n", b - a }'
# wall clock (what a user waits) and CPU time (user + system: what the shared machine's load
# disturbs least), each against GPGPU-Sim's 27.2 s
for cfg in fermi-turner gt200-jin; do
  s0=$(now)
  if [[ -x /usr/bin/time ]]; then
    "${pin[@]}" /usr/bin/time -f "%U %S" -o "$dir/cpu" "$bin/simt-sim" --config "$cfg" --policy pdom --quiet "$trace"
  else
    "$bin/simt-sim" --config "$cfg" --policy pdom --quiet "$trace"
    echo "0 0" > "$dir/cpu"
  fi
  s1=$(now)
  awk -v a="$s0" -v b="$s1" -v c="$cfg" -v cpu="$(awk '{ print $1 + $2 }' "$dir/cpu")" 'BEGIN {
    printf "replay   %-12s --policy pdom  %6.2f s wall (%.0fx)  %6.2f s CPU (%s)   GPGPU-Sim: 27.2 s\n",
           c, b - a, 27.2 / (b - a), cpu, (cpu > 0 ? sprintf("%.0fx", 27.2 / cpu) : "n/a") }'
done
