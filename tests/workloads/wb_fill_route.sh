#!/usr/bin/env bash
# timing.mem.wb_fill_route: a store the hierarchy takes through the L1D although its address
# lies in the constant or parameter window (MIMD's mixed groups make such requests) must get
# its write-back line fill back in the L1D. The reply used to be routed by the address's
# window to the L1C, which held no MSHR for it: "l1c: fill for line 0x30000000080 that no
# MSHR waits for" (quasirandom, hotspot). Replays the workload's tiny trace with mimd and a
# write-back L1D, and with pdom as a control.
# Usage: wb_fill_route.sh BIN_DIR WORKLOAD WORKDIR
set -euo pipefail
bin=$1 wl=$2 work=$3
. "$(dirname "$0")/trace_tiny.sh"
trace_tiny "$bin" "$wl" "$work"
for pol in mimd pdom; do
    "$bin/simt-sim" --config fermi-turner --policy $pol --set l1d.write_policy=write-back \
        --quiet --stats-json "$work/$pol.json" "$trace" ||
        { echo "FAIL: $wl --policy $pol with a write-back L1D"; exit 1; }
    echo "$wl $pol: $(jq '.totals.cycles' "$work/$pol.json") cycles, $(jq '.stats.mem.l1d.fills' "$work/$pol.json") L1D fills"
done
echo "timing.mem.wb_fill_route.$wl: PASS"
