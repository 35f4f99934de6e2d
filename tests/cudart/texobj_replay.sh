#!/bin/sh
# texobj_replay.sh PROGRAM SIMT_SIM: traces the texture-object program (texture_object.cu) and
# replays it on fermi-turner: its fetches must be texture-space loads, served by the L1
# texture cache (l1t).
set -e
prog=$1 sim=$2
SIMT_QUIET=1 SIMT_TRACE=texobj.trace "$prog"
"$sim" --quiet --config fermi-turner --stats-json texobj.json texobj.trace
r=$(jq .stats.mem.l1t.reads texobj.json)
echo "fermi-turner: $r L1 texture cache reads"
[ "$r" -gt 0 ] || { echo "texobj_replay: no texture-space reads" >&2; exit 1; }
