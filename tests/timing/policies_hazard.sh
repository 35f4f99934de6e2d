#!/bin/sh
# policies_hazard.sh GENTRACE SIMT_SIM SEED: every registered policy on fermi-turner with its
# buffered front end (one instruction buffer per issuing group, so groups drawn from one static
# warp at different pcs do not flush each other), under stalling, replay, and replay with the
# credit tracker (seed 003 chapters 5 and 6): each run must finish; stall and replay issue the
# same instructions.
set -eu
gen=$1 sim=$2 seed=$3
trace=hz_random$seed.trace
"$gen" gentrace "$trace" "$seed" 60
for p in $("$sim" --list-policies | cut -d' ' -f1); do
    for m in "hazard.mode=stall" "hazard.mode=replay" \
        "hazard.mode=replay --set hazard.tracker=credit --set hazard.predictor=saturating"; do
        # shellcheck disable=SC2086
        out=hz$seed.out err=hz$seed.err
        if ! "$sim" --config fermi-turner --policy "$p" --set $m "$trace" >$out 2>$err; then
            echo "policy $p (fermi-turner, $m) failed on $trace:" >&2
            cat $err >&2
            exit 1
        fi
        grep 'thread instructions' $out >"hz$seed.$p.$(echo "$m" | cut -c13-18).txt"
    done
    cmp "hz$seed.$p.stall.txt" "hz$seed.$p.replay.txt"
done
echo "every policy ran $trace on fermi-turner, stalling and replaying"
