#!/bin/sh
# sim_cli.sh SIMT_SIM CASE : command-line checks of simt-sim (exit codes, messages, presets).
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
*)
    echo "sim_cli.sh: unknown case $2" >&2; exit 2 ;;
esac
