#!/bin/sh
# trace_replay.sh PROGRAM SIMT_SIM SIMT_TRACE CONFIG POLICY...: traces the program, verifies the
# trace and replays it on CONFIG under each POLICY: every traced thread-instruction is issued.
set -e
prog=$1 sim=$2 trace=$3 cfg=$4
shift 4
name=$(basename "$prog")
SIMT_QUIET=1 SIMT_TRACE="$name.trace" "$prog"
"$trace" verify "$name.trace"
want=$("$trace" info --json "$name.trace" | jq .thread_instructions)
for pol in "$@"; do
    "$sim" --quiet --config "$cfg" --policy "$pol" --stats-json "$name.json" "$name.trace"
    got=$(jq .totals.thread_instructions "$name.json")
    echo "$name: $got of $want thread-instructions replayed on $cfg under $pol"
    [ "$got" -eq "$want" ] ||
        { echo "trace_replay: $pol issued $got thread-instructions, the trace holds $want" >&2; exit 1; }
done
