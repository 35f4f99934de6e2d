#!/usr/bin/env bash
# Prints the trace container's figures: bytes per thread-instruction, write and decode
# throughput (one core, CPU time; decode in batches, with one simt_cursor_next() per event, and
# as the timing model reads: a cursor per thread, batches of 8), for four synthetic kernels of
# 128 CTAs x 256 threads; then bytes per
# thread-instruction and decode throughput of any real traces named on the command line
# (e.g. those the workloads write with SIMT_TRACE=...).
# Usage: tests/bench/bench_trace.sh [build-dir [TRACE...]]   (default build dir: build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
shift || true
cmake --build "$build" --target trace_bench simt-trace >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for k in loop switch calls lookup; do
    "$build/bin/trace_bench" --kernel "$k" --ctas 128 --threads 256 --trip 16 --out "$tmp/$k.simtrace"
done
for t in "$@"; do
    "$build/bin/simt-trace" info --json "$t" |
        sed -E 's/.*"thread_instructions": ([0-9]+).*"bytes": ([0-9]+), "bytes_per_thread_instruction": ([0-9.]+).*/\1 thread-instructions, \2 bytes, \3 bytes\/thread-instruction/' |
        sed "s|^|$(basename "$t"): |"
    "$build/bin/trace_bench" --read "$t" --repeat 1 | sed -n -e 's/^ *decode: */    decode: /p' -e 's/^ *sim: */    sim:    /p'
done
