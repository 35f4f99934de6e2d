#!/bin/sh
# pipeline.sh TESTS SIMT_SIM SEED: writes the trace of random program SEED and runs it through
# the real timing core (simt-sim) under every registered policy and two GPU presets.
# fermi-turner runs with the ideal front end: its buffered front end keeps one instruction
# buffer per static warp and redirects it to each group's pc, which livelocks when one static
# warp's threads sit in several groups at different pcs (serial, mimd, the DWF family,
# ukernel); reported to the timing core's owner.
set -eu
tests=$1 sim=$2 seed=$3
trace=random$seed.trace
"$tests" gentrace "$trace" "$seed" 60
for p in $("$sim" --list-policies | cut -d' ' -f1); do
    for c in gt200-jin fermi-turner; do
        set -- --quiet --config "$c" --policy "$p"
        if [ "$c" = fermi-turner ]; then
            set -- "$@" --set frontend.model=ideal
        fi
        if ! "$sim" "$@" "$trace"; then
            echo "policy $p ($c) failed on $trace" >&2
            exit 1
        fi
    done
done
echo "every policy ran $trace"
