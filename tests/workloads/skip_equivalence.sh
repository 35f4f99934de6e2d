#!/usr/bin/env bash
# timing.skip_cycles.<workload>: the core steps an SM only in the cycles where something can
# happen in it, and the memory hierarchy jumps over idle stretches of its shared part; the
# timing and every per-cycle statistic (MSHR occupancy sums, cache, interconnect and DRAM
# cycles, the clock domains' cycles) must still be what stepping every SM in every cycle
# gives (sim.skip_cycles=false). The workload's tiny trace is replayed both ways on
# fermi-turner (stalling, replay, and mesh + FIFO DRAM + write-back L1), on ampere-like with
# the hierarchy (108 SMs, 4 LD/ST units, separated collector), on gt200-jin, and with the
# buffered front end while issue rounds repeat without an issue (replay pending on
# fermi-turner with 2-lane SIMD units, a busy scheduler on ampere-like: the empty-buffer checks
# of those rounds, found short by the twenty-ninth session's sweep), and with results waiting
# for write-back ports (4-thread warps, one port: the waiting list wakes the SM), with pdom and
# dwf; the statistics JSON must be identical but for sim.sm_steps (the steps taken) and the
# parameter itself. Not for ukernel: its idle() hook sees every stepped cycle that issued
# nothing (policies/simt_policy.h), so stepping every cycle is another schedule for it.
# Usage: skip_equivalence.sh BIN_DIR WORKLOAD WORKDIR
set -euo pipefail
bin=$1 wl=$2 work=$3
. "$(dirname "$0")/trace_tiny.sh"
trace_tiny "$bin" "$wl" "$work"
drop='walk(if type == "object" then del(.sm_steps) | del(.skip_cycles) else . end)'
settings=(
    "fermi-turner|"
    "fermi-turner|--set hazard.mode=replay"
    "fermi-turner|--set gpu.interconnect=mesh --set dram.scheduler=fifo --set l1d.write_policy=write-back"
    "ampere-like|--set memstage.model=hierarchy"
    "gt200-jin|"
    "fermi-turner|--set hazard.mode=replay --set core.simd_width=2 --set sched.dual_issue=false"
    "ampere-like|--set sched.issue_blocking=true --set units.issue_cycles=8"
    "gt200-jin|--set core.warp_size=4 --set core.simd_width=4 --set core.wb_ports=1"
)
n=0
for st in "${settings[@]}"; do
    cfg=${st%%|*} extra=${st#*|}
    for pol in pdom dwf; do
        for skip in true false; do
            # shellcheck disable=SC2086
            "$bin/simt-sim" --config "$cfg" --policy $pol $extra --set sim.skip_cycles=$skip \
                --quiet --stats-json "$work/skip.$skip.json" "$trace"
        done
        if ! cmp -s <(jq -S "$drop" "$work/skip.true.json") <(jq -S "$drop" "$work/skip.false.json"); then
            echo "FAIL: $wl --config $cfg --policy $pol $extra: statistics differ with sim.skip_cycles=false"
            diff <(jq -S "$drop" "$work/skip.true.json") <(jq -S "$drop" "$work/skip.false.json") | head -20
            exit 1
        fi
        n=$((n + 1))
    done
done
echo "$wl: $n replays identical ($(jq '.stats.sim.sm_steps' "$work/skip.true.json") SM steps against $(jq '.stats.sim.sm_steps' "$work/skip.false.json") stepping every cycle, last run)"
echo "timing.skip_cycles.$wl: PASS"
