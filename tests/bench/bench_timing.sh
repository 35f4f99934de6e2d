#!/usr/bin/env bash
# Prints the timing model's speed (warp-instructions per second, one core) on a synthetic
# kernel of 256 CTAs x 256 threads, in perfect-memory mode (gt200-jin) and with the
# fixed-latency memory and the Fermi-like pipeline (fermi-turner), for pdom and template.
# Usage: tests/bench/bench_timing.sh [build-dir]   (default: build)
set -euo pipefail
# One core: the run is pinned with taskset (CPU $SIMT_BENCH_CPU, default 0) when taskset exists;
# unpinned, the scheduler may move it between cores mid-run and its caches with it (on the 2-core
# development machines that made the same run 1.6 instead of 2.5 M warp-instructions/s).
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${SIMT_BENCH_CPU:-0}")
cd "$(dirname "$0")/../.."
build=${1:-build}
cmake --build "$build" --target timing_bench >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for cfg in gt200-jin fermi-turner; do
    for pol in pdom template; do
        "${pin[@]}" "$build/bin/timing_bench" --config "$cfg" --policy "$pol" --ctas 256 --threads 256 \
            --trip 16 --out "$tmp/bench.trace"
    done
done
