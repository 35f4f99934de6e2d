#!/usr/bin/env bash
# Prints the timing model's speed (warp-instructions per second, one core) on a synthetic
# kernel of 256 CTAs x 256 threads, in perfect-memory mode (gt200-jin) and with the
# fixed-latency memory and the Fermi-like pipeline (fermi-turner), for pdom and template.
# Usage: tests/bench/bench_timing.sh [build-dir]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
cmake --build "$build" --target timing_bench >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for cfg in gt200-jin fermi-turner; do
    for pol in pdom template; do
        "$build/bin/timing_bench" --config "$cfg" --policy "$pol" --ctas 256 --threads 256 \
            --trip 16 --out "$tmp/bench.trace"
    done
done
