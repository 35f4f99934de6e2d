#!/bin/sh
# timing.sim.decoupled: SMs stepped one after another between CTA dispatches (sim.decoupled,
# the default where nothing couples them) must give the statistics of lockstep stepping. Three
# SMs of two CTA slots each, so that CTAs are dispatched again as others finish (several in the
# same cycle), on perfect memory (gt200-jin) and on ampere-like's fixed-latency model, under
# every policy (the HWS variants run decoupled too unless hws.sync_sms shares state).
# Usage: decoupled.sh SIMT_SIM TRACE   (a trace whose CTAs take different times)
set -e
sim=$1 trace=$2
policies=$("$sim" --list-policies | awk '{ print $1 }')
[ -n "$policies" ] || { echo "FAIL: no policies listed"; exit 1; }
for c in gt200-jin ampere-like; do
    for p in $policies; do
        for d in true false; do
            "$sim" --quiet --config "$c" --policy "$p" --set gpu.nsms=3 --set core.max_ctas=2 \
                --set sim.decoupled=$d --stats-json "dc_$d.json" "$trace"
            jq -S 'del(.config.sim.decoupled)' "dc_$d.json" > "dc_$d.norm"
        done
        cmp dc_true.norm dc_false.norm ||
            { echo "FAIL: $c, $p: decoupled and lockstep differ"; exit 1; }
        [ "$(jq '.totals.cycles' dc_true.json)" -gt 0 ] || { echo "FAIL: $c, $p: no cycles"; exit 1; }
        echo "$c, $p: identical ($(jq '.totals.cycles' dc_true.json) cycles)"
    done
done
