#!/usr/bin/env bash
# Prints the tracer engine's speed: thread-instructions per second on one core, tracing on
# (and off for comparison), for a uniform and a divergent compute-bound kernel.
# Usage: tests/bench/bench_tracer.sh [build-dir] [ctas]   (defaults: build, 64)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
ctas=${2:-64}
cmake --build "$build" --target tracer_bench >/dev/null
"$build/bin/tracer_bench" "$build/tests/bench/tracer_bench.bc" --ctas "$ctas"
"$build/bin/tracer_bench" "$build/tests/bench/tracer_bench.bc" --ctas "$ctas" --notrace
