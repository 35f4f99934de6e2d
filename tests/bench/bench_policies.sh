#!/usr/bin/env bash
# Prints every registered divergence policy's simulation time relative to PDOM on the same
# trace (the issue's bound: no policy should cost more than 2x PDOM). By default the trace is a
# generated random structured program (policy_extra_tests gentrace: warp 32, 96-thread CTAs,
# if/else, loops, calls, barriers, loads and stores); --trace uses an existing trace instead
# (e.g. one written by a workload with SIMT_TRACE=...). Each policy runs --reps times and the
# smallest user+system CPU time counts (the machine is shared). A policy that issues more
# groups or simulates more cycles (serial, DWF on irregular code) does more work: the last
# column normalises by the warp instructions (groups) issued (totals.warp_instructions).
# --instr counts executed instructions under valgrind's callgrind instead (millions, one run per
# policy; deterministic, so comparable across runs on a loaded machine; needs valgrind).
# The default 8000 CTAs make PDOM's run about 0.3 s, so that /usr/bin/time's 10 ms resolution
# moves a ratio by a few percent (2000 CTAs: 0.08 s, +-12 %); with --instr the default is 2000.
# Figures only, no assertions.
# Usage: tests/bench/bench_policies.sh [--build DIR] [--config PRESET] [--ctas N] [--seed S]
#                                      [--reps R] [--trace FILE] [--no-build] [--instr]
set -euo pipefail
# One core: the timed runs are pinned with taskset (CPU $SIMT_BENCH_CPU, default 0) when taskset
# exists, as in the other bench scripts; unpinned on the 2-core development VM, the same PDOM run
# took 0.49-0.88 s and moved every ratio with it.
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${SIMT_BENCH_CPU:-0}")
cd "$(dirname "$0")/../.."
build=build config=gt200-jin ctas= seed=3 reps=3 trace= dobuild=1 instr=0
while [ $# -gt 0 ]; do
    case $1 in
    --no-build)
        dobuild=0
        shift
        continue
        ;;
    --instr)
        instr=1
        reps=1
        shift
        continue
        ;;
    --build) build=$2 ;;
    --config) config=$2 ;;
    --ctas) ctas=$2 ;;
    --seed) seed=$2 ;;
    --reps) reps=$2 ;;
    --trace) trace=$2 ;;
    *)
        echo "bench_policies.sh: unknown option $1 (see the usage in the file header)" >&2
        exit 2
        ;;
    esac
    shift 2
done
[ -n "$ctas" ] || ctas=$([ "$instr" = 1 ] && echo 2000 || echo 8000)
sim=$build/bin/simt-sim
gen=$build/bin/policy_extra_tests
if [ "$dobuild" = 1 ]; then
    cmake --build "$build" --target simt-sim policy_extra_tests >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$trace" ]; then
    trace=$tmp/random$seed.trace
    "$gen" gentrace "$trace" "$seed" "$ctas" >/dev/null
    what="random program $seed, $ctas CTAs of 96 threads"
else
    what=$trace
fi
# CPU seconds (user + system) of one run of policy $1, or with --instr millions of instructions
run_once() {
    if [ "$instr" = 1 ]; then
        valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$sim" --quiet \
            --config "$config" --policy "$1" --stats-json "$tmp/$1.json" "$trace" \
            >/dev/null 2>&1
        awk '/^(summary|totals):/ { printf "%.1f\n", $2 / 1e6; exit }' "$tmp/cg.out"
        return
    fi
    local TIMEFORMAT='%3U %3S' t
    t=$({ time "${pin[@]}" "$sim" --quiet --config "$config" --policy "$1" \
        --stats-json "$tmp/$1.json" "$trace" >/dev/null 2>&1; } 2>&1)
    awk -v t="$t" 'BEGIN { split(t, p, " "); printf "%.3f\n", p[1] + p[2] }'
}
best() {
    local b= t
    for _ in $(seq "$reps"); do
        t=$(run_once "$1")
        if [ -z "$b" ] || awk -v x="$t" -v y="$b" 'BEGIN { exit !(x < y) }'; then b=$t; fi
    done
    echo "$b"
}
# warp instructions (groups) issued in the last run of policy $1
groups() {
    awk '/"totals":/ { in_t = 1 } in_t && /"warp_instructions":/ { gsub(/[^0-9]/, ""); print; exit }' \
        "$tmp/$1.json"
}
unit=seconds
if [ "$instr" = 1 ]; then
    unit=Minstr
    echo "policy simulation cost relative to pdom ($config; $what; instructions, callgrind)"
else
    echo "policy simulation time relative to pdom ($config; $what; best of $reps)"
fi
base=$(best pdom)
bgroups=$(groups pdom)
printf '%-12s %9s %8s %12s %14s\n' policy $unit xPDOM groups 'xPDOM/group'
for p in $("$sim" --list-policies | cut -d' ' -f1); do
    if [ "$p" = pdom ]; then t=$base; else t=$(best "$p"); fi
    awk -v p="$p" -v t="$t" -v b="$base" -v n="$(groups "$p")" -v bn="$bgroups" 'BEGIN {
        r = b > 0 ? t / b : 0
        printf "%-12s " (t >= 100 ? "%9.1f" : "%9.3f") " %8.2f %12d %14.2f%s\n", p, t, r, n, (n > 0 && bn > 0 ? r * bn / n : 0),
            (r > 2 ? "  (> 2x)" : "") }'
done
