#!/bin/sh
# pipeline.sh TESTS SIMT_SIM SEED: writes the trace of random program SEED and runs it through
# the real timing core (simt-sim) under every registered policy and two GPU presets.
# fermi-turner runs with its buffered front end (one instruction buffer per issuing group).
set -eu
tests=$1 sim=$2 seed=$3
trace=random$seed.trace
"$tests" gentrace "$trace" "$seed" 60
for p in $("$sim" --list-policies | cut -d' ' -f1); do
    for c in gt200-jin fermi-turner; do
        set -- --quiet --config "$c" --policy "$p"
        if ! "$sim" "$@" "$trace"; then
            echo "policy $p ($c) failed on $trace" >&2
            exit 1
        fi
    done
done
echo "every policy ran $trace"
