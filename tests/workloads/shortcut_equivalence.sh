#!/usr/bin/env bash
# timing.shortcuts.<workload>: a memory-bound workload's trace replayed on fermi-turner (full
# hierarchy), stalling and replaying, with the core's speed shortcuts on (the defaults) and
# off: the statistics must be identical (docs/TIMING.md, docs/MEMORY.md "Simulation speed").
# sim.collector_skip: the operand collector is not rescanned while it is quiet.
# Usage: shortcut_equivalence.sh BIN_DIR WORKLOAD WORKDIR
set -euo pipefail
bin=$1 wl=$2 work=$3
. "$(dirname "$0")/trace_tiny.sh"
trace_tiny "$bin" "$wl" "$work"
drop='del(.config.sim.collector_skip)'
for mode in stall replay; do
    for skip in true false; do
        "$bin/simt-sim" --config fermi-turner --set hazard.mode=$mode \
            --set sim.collector_skip=$skip --quiet --stats-json "$work/$mode.$skip.json" "$trace"
    done
    cmp -s <(jq -S "$drop" "$work/$mode.true.json") <(jq -S "$drop" "$work/$mode.false.json") ||
        { echo "FAIL: $wl ($mode): statistics differ with sim.collector_skip=false"; exit 1; }
    echo "$wl ($mode): identical, $(jq '.totals.cycles' "$work/$mode.true.json") cycles"
done
echo "timing.shortcuts.$wl: PASS"
