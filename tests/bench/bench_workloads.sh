#!/usr/bin/env bash
# Prints the timing model's speed on real programs, not only on the synthetic kernel of
# bench_timing.sh: every workload built in BUILD/bin is traced once (--size S, default small;
# traces kept in --traces DIR, default a temporary folder) and replayed with pdom on the
# perfect-memory preset (gt200-jin) and on the full-hierarchy preset (fermi-turner). For each
# replay: warp-instructions, the smallest user+system CPU time of --reps runs (the machine is
# shared) and M warp-instructions per second; then the minimum, the geometric mean and the
# total over the workloads. Issue figures: >= 2 M/s in perfect-memory mode, >= 1 M/s with
# the hierarchy. Figures only, no assertions. Needs jq and GNU time (/usr/bin/time).
# Usage: tests/bench/bench_workloads.sh [--build DIR] [--size tiny|small|default] [--reps R]
#                                       [--traces DIR] [--only w1,w2] [--configs c1,c2]
#                                       [--workloads DIR]   (workload binaries; default BUILD/bin)
set -euo pipefail
# One core: the run is pinned with taskset (CPU $SIMT_BENCH_CPU, default 0) when taskset exists;
# unpinned, the scheduler may move it between cores mid-run and its caches with it (on the 2-core
# development machines that made the same run 1.6 instead of 2.5 M warp-instructions/s).
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${SIMT_BENCH_CPU:-0}")
cd "$(dirname "$0")/../.."
build=build size=small reps=3 traces="" only="" configs="gt200-jin fermi-turner" wbin=""
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || { echo "bench_workloads.sh: $1 needs a value (see the usage in the file header)" >&2; exit 2; }
    case $1 in
    --build) build=$2 ;;
    --size) size=$2 ;;
    --reps) reps=$2 ;;
    --traces) traces=$2 ;;
    --only) only=${2//,/ } ;;
    --configs) configs=${2//,/ } ;;
    --workloads) wbin=$2 ;;
    *)
        echo "bench_workloads.sh: unknown option $1 (see the usage in the file header)" >&2
        exit 2
        ;;
    esac
    shift 2
done
for t in jq /usr/bin/time; do
    command -v "$t" >/dev/null || { echo "bench_workloads.sh: '$t' is not installed" >&2; exit 2; }
done
sim=$build/bin/simt-sim
wbin=${wbin:-$build/bin}
[ -x "$sim" ] || { echo "bench_workloads.sh: $sim is not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$traces" ]; then traces=$tmp/traces; fi
mkdir -p "$traces"
# the workloads: the CUDA programs of workloads/ (one folder each), those that are built
if [ -z "$only" ]; then
    for d in workloads/*/; do
        w=$(basename "$d")
        [ -x "$wbin/$w" ] && only+="$w "
    done
fi
printf '%-16s %-13s %12s %8s %9s\n' workload config warp-instr "CPU s" "M/s"
for cfg in $configs; do
    n=0 sumlog=0 min="" tw=0 tt=0
    for w in $only; do
        tr=$traces/$w-$size.trace
        if [ ! -s "$tr" ]; then
            if [ ! -x "$wbin/$w" ]; then
                echo "bench_workloads.sh: $wbin/$w is not built (left out)" >&2
                continue
            fi
            if ! SIMT_TRACE=$tr.tmp SIMT_QUIET=1 "$wbin/$w" --size "$size" >"$tmp/out" 2>&1; then
                echo "bench_workloads.sh: $w --size $size failed (left out): $(tail -1 "$tmp/out")" >&2
                rm -f "$tr.tmp"
                continue
            fi
            mv "$tr.tmp" "$tr"
        fi
        best=""
        for ((r = 0; r < reps; r++)); do
            if ! "${pin[@]}" /usr/bin/time -f "%U %S" -o "$tmp/time" "$sim" --config "$cfg" --policy pdom --quiet \
                --stats-json "$tmp/s.json" "$tr" >/dev/null 2>"$tmp/err"; then
                echo "bench_workloads.sh: $w on $cfg: $(head -c 300 "$tmp/err")" >&2
                best=""
                break
            fi
            t=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")
            if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
        done
        [ -n "$best" ] || continue
        wi=$(jq '.totals.warp_instructions' "$tmp/s.json")
        rate=$(awk -v w="$wi" -v t="$best" 'BEGIN { printf "%.2f", (t > 0 ? w / t / 1e6 : 0) }')
        printf '%-16s %-13s %12d %8.3f %9s\n' "$w" "$cfg" "$wi" "$best" "$rate"
        if awk -v t="$best" 'BEGIN { exit !(t >= 0.05) }'; then # too short to time: left out
            n=$((n + 1))
            sumlog=$(awk -v s="$sumlog" -v r="$rate" 'BEGIN { printf "%.6f", s + log(r) }')
            if [ -z "$min" ] || awk -v a="$rate" -v b="$min" 'BEGIN { exit !(a < b) }'; then min=$rate; fi
        fi
        tw=$((tw + wi))
        tt=$(awk -v a="$tt" -v b="$best" 'BEGIN { printf "%.3f", a + b }')
    done
    if [ "$n" -gt 0 ]; then
        printf '%-16s %-13s min %.2f  geomean %.2f M/s over %d workloads (>= 0.05 s)  total %d warp-instr in %.2f s = %.2f M/s\n' \
            "all" "$cfg" "$min" "$(awk -v s="$sumlog" -v n="$n" 'BEGIN { print exp(s / n) }')" "$n" "$tw" "$tt" \
            "$(awk -v w="$tw" -v t="$tt" 'BEGIN { print (t > 0 ? w / t / 1e6 : 0) }')"
    fi
done
