#!/usr/bin/env bash
# timing.bench.compare_builds: compare_builds.sh reports no difference between a build and
# itself, and finds one when the "new" build replays with another model (a wrapper that adds
# --set sched.count=1, which changes the cycles), exiting 1 and naming the run.
# Usage: compare_builds_smoke.sh BUILD_DIR
set -euo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/traces" "$tmp/other/bin"
SIMT_TRACE=$tmp/traces/w.trace SIMT_QUIET=1 "$build/bin/micro_ifelse_half" --size tiny >/dev/null
printf '#!/usr/bin/env bash\nexec "%s" --set sched.count=1 "$@"\n' "$(cd "$build" && pwd)/bin/simt-sim" \
    >"$tmp/other/bin/simt-sim"
chmod +x "$tmp/other/bin/simt-sim"
bash "$here/compare_builds.sh" "$build" "$build" "$tmp/traces" --quick | tee "$tmp/same"
grep -q ', 0 differ, 0 fail' "$tmp/same"
rc=0
bash "$here/compare_builds.sh" "$build" "$tmp/other" "$tmp/traces" --quick >"$tmp/diff" || rc=$?
cat "$tmp/diff"
[ "$rc" = 1 ] || { echo "compare_builds_smoke: expected exit 1, got $rc" >&2; exit 1; }
grep -q '^DIFFERS: w.trace --config fermi-turner --policy pdom' "$tmp/diff"
echo "compare_builds_smoke: ok"
