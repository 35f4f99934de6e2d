#!/bin/sh
# sim_hier.sh GEN SIMT_SIM CHECKJSON : a small memory-heavy trace through simt-sim with the full
# hierarchy (fermi-turner preset, stalling and replay): it finishes, every memory level saw
# traffic, the hazards of seed 003 1.1.7 are counted, and two runs give identical statistics.
gen=$1
sim=$2
check=$3
set -e
"$gen" mem.trace 4 4 >/dev/null
for mode in stall replay; do
    "$sim" --quiet --config fermi-turner --set memstage.model=hierarchy \
        --set hazard.mode=$mode --stats-json h1.json mem.trace
    "$sim" --quiet --config fermi-turner --set memstage.model=hierarchy \
        --set hazard.mode=$mode --stats-json h2.json mem.trace
    cmp h1.json h2.json
    "$check" h1.json
done
# variants finish too: mesh, FIFO DRAM scheduling, write-back L1, XOR partition hash
for v in gpu.interconnect=mesh dram.scheduler=fifo l1d.write_policy=write-back \
    mem.partition_hash=true; do
    "$sim" --quiet --config fermi-turner --set memstage.model=hierarchy --set $v \
        --stats-json v.json mem.trace
done
