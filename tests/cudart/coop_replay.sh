#!/bin/sh
# coop_replay.sh PROGRAM SIMT_SIM: traces the cooperative-groups program (two launches of 8
# CTAs, each with one __syncthreads() and one this_grid().sync()) and replays the trace on two
# presets; each must release 2 x 8 x 2 = 32 barriers (grid barriers are released per CTA).
set -e
prog=$1 sim=$2
SIMT_QUIET=1 SIMT_TRACE=coop_grid.trace "$prog"
for c in gt200-jin fermi-turner; do
    "$sim" --quiet --config "$c" --stats-json coop_grid.json coop_grid.trace
    b=$(jq .stats.barriers coop_grid.json)
    echo "$c: $b barrier releases"
    [ "$b" = 32 ] || { echo "coop_replay: expected 32 barrier releases on $c" >&2; exit 1; }
done
