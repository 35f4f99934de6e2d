#!/usr/bin/env bash
# compare_builds.sh - replays every trace in a folder on two builds of simt-sim over a matrix of
# presets, policies and memory-system settings, and compares the statistics JSON byte for byte.
# For speed work that must change no result: exit 0 when every run agrees, 1 when one differs
# (its name and the first differing lines are printed), 2 on a usage error. A run that fails
# with the same message in both builds is listed and counted, not taken as a difference.
# Usage: tests/bench/compare_builds.sh BASE_BUILD NEW_BUILD TRACE_DIR [--quick]
#                                      [--policies "p1 p2 ..."] [--ignore KEY]...
#   --quick: only the first three settings (and only pdom and dwf unless --policies).
#   --policies: these policies instead of pdom, dwf and ukernel.
#   --ignore KEY: leave out every member named KEY before comparing (for a change that is
#     meant to alter only a statistic of the simulator's own work, e.g. sm_steps).
set -euo pipefail
usage="usage: $0 BASE_BUILD NEW_BUILD TRACE_DIR [--quick] [--policies LIST] [--ignore KEY]..."
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
base=$1/bin/simt-sim new=$2/bin/simt-sim dir=$3 quick="" policies="pdom dwf ukernel" pset="" ignore=()
shift 3
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=--quick ;;
    --policies | --ignore)
        [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
        if [ "$1" = --policies ]; then policies=$2 pset=1; else ignore+=("$2"); fi
        shift
        ;;
    *) echo "$usage" >&2; exit 2 ;;
    esac
    shift
done
for s in "$base" "$new"; do [ -x "$s" ] || { echo "compare_builds.sh: $s is not built" >&2; exit 2; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
settings=(
    "fermi-turner|"
    "fermi-turner|--set hazard.mode=replay"
    "fermi-turner|--set hazard.tracker=credit --set hazard.predictor=saturating"
    "fermi-turner|--set hazard.tracker=naive --set hazard.predictor=oracle"
    # (with 17 eight-byte banks without broadcast: shared-memory bank conflicts of every degree)
    "fermi-turner|--set gpu.interconnect=mesh --set dram.scheduler=fifo --set l1d.write_policy=write-back --set l1d.set_hash=true --set mem.partition_hash=true --set smem.banks=17 --set smem.bank_bytes=8 --set smem.broadcast=false"
    "ampere-like|--set memstage.model=hierarchy"
    "gt200-jin|"
)
if [ "$quick" = --quick ]; then
    settings=("${settings[@]:0:3}")
    [ -n "$pset" ] || policies="pdom dwf"
fi
if [ ${#ignore[@]} -gt 0 ]; then command -v jq >/dev/null || { echo "compare_builds.sh: --ignore needs jq" >&2; exit 2; }; fi
runs=0 bad=0 errs=0
for tr in "$dir"/*.trace; do
    for st in "${settings[@]}"; do
        cfg=${st%%|*} extra=${st#*|}
        for pol in $policies; do
            runs=$((runs + 1))
            failed=0
            for which in base new; do
                sim=$base
                [ $which = new ] && sim=$new
                rm -f "$tmp/$which.json" # a failed run writes none: no stale file to compare
                # shellcheck disable=SC2086
                if ! "$sim" --config "$cfg" --policy "$pol" $extra --quiet --stats-json "$tmp/$which.json" "$tr" \
                    >"$tmp/$which.out" 2>&1; then
                    failed=$((failed + 1))
                    { echo "error"; cat "$tmp/$which.out"; } >"$tmp/$which.json"
                fi
            done
            if [ $failed = 0 ] && [ ${#ignore[@]} -gt 0 ]; then
                for which in base new; do
                    jq 'walk(if type == "object" then with_entries(select(.key as $k |
                            $ARGS.positional | index($k) | not)) else . end)' \
                        "$tmp/$which.json" --args "${ignore[@]}" >"$tmp/$which.f" &&
                        mv "$tmp/$which.f" "$tmp/$which.json"
                done
            fi
            if [ $failed = 2 ] && cmp -s "$tmp/base.json" "$tmp/new.json"; then
                # the same error from both (e.g. a CTA that does not fit a preset): not a
                # difference, but said, so that a matrix of failing runs is not taken for a pass
                errs=$((errs + 1))
                echo "error in both: $(basename "$tr") --config $cfg --policy $pol $extra: $(head -c 200 "$tmp/base.out")"
            elif ! cmp -s "$tmp/base.json" "$tmp/new.json"; then
                bad=$((bad + 1))
                echo "DIFFERS: $(basename "$tr") --config $cfg --policy $pol $extra"
                diff "$tmp/base.json" "$tmp/new.json" | head -8 || true
            fi
        done
    done
done
echo "compare_builds.sh: $runs runs, $bad differ, $errs fail the same way in both builds"
[ $bad -eq 0 ]
