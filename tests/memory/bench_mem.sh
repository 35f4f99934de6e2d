#!/bin/sh
# bench_mem.sh BUILD_DIR : speed figures of the memory hierarchy (not a test).
#  1. the hierarchy alone (bench_mem_hier: 10 SMs offering one warp memory instruction per
#     cycle each);
#  2. the whole simulator on a memory-heavy synthetic trace (bench_mem_gen), fermi-turner,
#     with memstage.model = fixed and = hierarchy.
set -e
b=${1:-build}
"$b/bin/bench_mem_hier" 200000
t=$(mktemp -d)
"$b/bin/bench_mem_gen" "$t/mem.trace" 60 8
for m in fixed hierarchy; do
    printf 'simt-sim memstage.model=%s: ' $m
    "$b/bin/simt-sim" --config fermi-turner --set memstage.model=$m "$t/mem.trace" 2>&1 |
        grep -E 'wall clock' | sed 's/^ *//'
done
rm -rf "$t"
