#!/bin/sh
# device_check.sh SIMT_CC BUILD_DIR: scripts/device-check end to end without a GPU - simt-cc
# stands in for nvcc (and no ncu), so the "GPU" runs are the tracer's own and `compare` must
# find every run identical. Guards the script that is run by hand where a GPU is lent.
set -e
here=$(cd "$(dirname "$0")/../.." && pwd)
cc=$1 build=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
SIMT_FUNCTIONAL=1 SIMT_QUIET=1 NVCC="$cc" ARCH=sm_70 NCU=/nonexistent/ncu \
    "$here/scripts/device-check" gpu --out "$out" --jobs 2 --deadline 0 \
    --only 'bfs|micro_ifelse_half|cudart_api_launch'
for want in '=== bfs|--size tiny|rc=0' '=== micro_ifelse_half|--size default|rc=0' \
    '=== cudart_api_launch||rc=0'; do
    grep -qF "$want" "$out/runs.txt" || { echo "device_check: no '$want' in runs.txt" >&2; exit 1; }
done
[ "$(grep -c '	0	' "$out/build.tsv")" = 3 ] || { echo "device_check: builds failed" >&2; cat "$out/build.tsv" >&2; exit 1; }
"$here/scripts/device-check" compare "$out" --build "$build" > "$out/compare.md"
cat "$out/compare.md"
grep -q "^7 runs agree, 0 differ, 0 not built here" "$out/compare.md"
