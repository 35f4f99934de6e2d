#!/bin/sh
# sim_cli.sh SIMT_SIM CASE : command-line checks of simt-sim (exit codes, messages, presets,
# launch sampling, the per-instruction profile).
sim=$1
case $2 in
presets)
    for p in gt200-jin fermi-turner ampere-like; do
        "$sim" --quiet --config "$p" sim.trace || exit 1
    done ;;
bad_key)
    "$sim" --set core.warpsize=8 sim.trace 2>err.txt
    test $? = 1 && grep -q "did you mean 'core.warp_size'" err.txt ;;
usage)
    "$sim" --bogus 2>/dev/null
    test $? = 2 ;;
missing_trace)
    "$sim" no-such.trace 2>/dev/null
    test $? = 1 ;;
bad_config)
    printf '[core]\nwarp_size = 1000\n' > bad_range.ini
    "$sim" --config bad_range.ini sim.trace 2>err2.txt
    test $? = 1 && grep -q 'bad_range.ini:2' err2.txt ;;
cta_too_big)
    # a launch whose CTA does not fit an SM: exit 1, the trace, launch and keys named with
    # the values that would fit (label unit, so the error path also runs under ASan+UBSan)
    "$sim" --quiet --config fermi-turner --set core.registers=1 sim.trace 2>err8.txt
    test $? = 1 && grep -q "sim.trace: launch 0 (synthetic_kernel): a CTA needs" err8.txt &&
        grep -q "(core.registers)" err8.txt && grep -q "one CTA fits with --set core.registers=" err8.txt ;;
model_failure)
    # the watchdog (an ALU latency far beyond sim.watchdog_cycles): exit 3, not 1 - the model
    # failed, not the input - with the stuck warps named
    "$sim" --quiet --config gt200-jin --set units.alu_latency=5000 --set sim.watchdog_cycles=100 \
        sim.trace 2>err9.txt
    test $? = 3 && grep -q "no progress since cycle" err9.txt && grep -q "stuck warps" err9.txt ;;
launches)
    # sim.launches (kernel sampling) on the 2-launch sim.trace: a prefix of the launches
    # replays exactly as in the full run; a later launch alone is reported under its own
    # index; "0-" and "0-1" are the full run; indices past the end and malformed lists are
    # errors naming the key (and the trace)
    "$sim" --quiet --config fermi-turner --stats-json all.json sim.trace || exit 1
    "$sim" --quiet --config fermi-turner --set sim.launches=0 --stats-json l0.json sim.trace || exit 1
    "$sim" --quiet --config fermi-turner --set sim.launches=1 --stats-json l1.json sim.trace || exit 1
    "$sim" --quiet --config fermi-turner --set sim.launches=0- --stats-json lo.json sim.trace || exit 1
    "$sim" --quiet --config fermi-turner --set sim.launches=1,0-1 --stats-json lr.json sim.trace || exit 1
    test "$(jq '.traces[0].launches[0]' all.json)" = "$(jq '.traces[0].launches[0]' l0.json)" || exit 1
    test "$(jq -c '.traces[0] | [(.launches | length), .launches[0].launch, .launches_replayed, .launches_in_trace]' l0.json)" = "[1,0,1,2]" || exit 1
    test "$(jq '.totals.cycles' l0.json)" = "$(jq '.traces[0].launches[0].cycles' all.json)" || exit 1
    test "$(jq -c '.traces[0] | [(.launches | length), .launches[0].launch, .launches_replayed]' l1.json)" = "[1,1,1]" || exit 1
    test "$(jq '.totals.cycles' l1.json)" -gt 0 || exit 1
    for f in lo.json lr.json; do
        test "$(jq -c '[.totals, .traces[0].launches]' all.json)" = "$(jq -c '[.totals, .traces[0].launches]' $f)" || exit 1
    done
    "$sim" --quiet --set sim.launches=2 sim.trace 2>err3.txt
    test $? = 1 && grep -q "sim.trace: sim.launches = \"2\" selects launch 2, but the trace has 2 launches" err3.txt || exit 1
    "$sim" --quiet --set sim.launches=1-0 sim.trace 2>err4.txt
    test $? = 1 && grep -q 'sim.launches = "1-0": "1-0" is not' err4.txt || exit 1
    # sim.kernels: the trace's one (C) kernel by its exact name; a part of it is an error
    "$sim" --quiet --config fermi-turner --set sim.kernels=synthetic_kernel --stats-json lk.json sim.trace || exit 1
    test "$(jq -c '[.totals, .traces[0].launches]' all.json)" = "$(jq -c '[.totals, .traces[0].launches]' lk.json)" || exit 1
    "$sim" --quiet --set sim.kernels=synthetic sim.trace 2>err5.txt
    test $? = 1 && grep -q 'names no kernel of the trace (its kernels: synthetic_kernel)' err5.txt ;;
pc_profile)
    # --pc-profile: one CSV row per static instruction that issued; its groups and threads sum
    # to the run's warp- and thread-instructions, every efficiency is threads / (32 groups);
    # a file that cannot be written is an error that leaves nothing behind
    "$sim" --quiet --config fermi-turner --policy dwf --stats-json pc.json --pc-profile pc.csv sim.trace || exit 1
    python3 - pc.csv "$(jq '.totals.warp_instructions' pc.json)" "$(jq '.totals.thread_instructions' pc.json)" <<'PY' || exit 1
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows, "no rows"
assert list(rows[0])[:3] == ["trace", "kernel", "pc"], list(rows[0])
g = sum(int(r["groups"]) for r in rows)
t = sum(int(r["thread_instructions"]) for r in rows)
assert (g, t) == (int(sys.argv[2]), int(sys.argv[3])), (g, t, sys.argv[2:])
for r in rows:
    eff = int(r["thread_instructions"]) / (32 * int(r["groups"]))
    assert abs(float(r["simd_efficiency"]) - eff) < 1e-4, r
    assert r["kernel"] == "synthetic_kernel" and r["trace"] == "sim.trace", r
    assert int(r["diverged"]) <= int(r["groups"]), r
PY
    "$sim" --quiet --pc-profile no-such-dir/pc.csv sim.trace 2>err6.txt
    test $? = 1 && grep -q -- "--pc-profile no-such-dir/pc.csv: cannot create" err6.txt &&
        ! ls no-such-dir/pc.csv* 2>/dev/null || exit 1
    # scripts/pc-compare: two policies' profiles side by side; a file that is not a profile
    # is an error naming it
    cmp=$(dirname "$0")/../../scripts/pc-compare
    "$sim" --quiet --config fermi-turner --policy pdom --pc-profile pd.csv sim.trace || exit 1
    python3 "$cmp" pd.csv pc.csv --top 3 >cmp.txt || exit 1
    grep -q "^base  pd.csv: [0-9]* warp instructions" cmp.txt && grep -q "^other pc.csv" cmp.txt &&
        test "$(grep -c "synthetic_kernel" cmp.txt)" = 3 || exit 1
    python3 "$cmp" pc.json pc.csv 2>err7.txt
    test $? = 1 && grep -q "pc-compare: pc.json: line 1: not a --pc-profile file" err7.txt ;;
*)
    echo "sim_cli.sh: unknown case $2" >&2; exit 2 ;;
esac
