#!/bin/sh
# named_replay.sh PROGRAM SIMT_SIM: traces the named-barrier program (named_barriers.cu) and
# replays it on two presets. generations (4 CTAs) completes its counted barrier twice per CTA,
# pairs (4 CTAs) releases barriers 1 and 2 separately and then __syncthreads(): 4 x 2 + 4 x 3 =
# 20 releases (12, were the named barriers replayed CTA-wide). computed (4 CTAs) computes its
# barrier id at run time: replayed CTA-wide (4 releases), its 4 x 4 warp arrivals counted in
# barriers_runtime_named, and simt-sim warns. 24 releases in all.
set -e
prog=$1 sim=$2
SIMT_QUIET=1 SIMT_TRACE=named.trace "$prog"
for c in gt200-jin fermi-turner; do
    "$sim" --quiet --config "$c" --stats-json named.json named.trace 2> named.err
    b=$(jq .stats.barriers named.json) d=$(jq .stats.barriers_runtime_named named.json)
    echo "$c: $b barrier releases, $d warp arrivals at run-time named barriers"
    [ "$b" = 24 ] || { echo "named_replay: expected 24 barrier releases on $c" >&2; exit 1; }
    [ "$d" = 16 ] || { echo "named_replay: expected 16 run-time named arrivals on $c" >&2; exit 1; }
    grep -q "replayed as CTA-wide" named.err ||
        { echo "named_replay: no warning about run-time named barriers on $c" >&2; exit 1; }
done
