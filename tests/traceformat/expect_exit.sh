#!/bin/sh
# expect_exit.sh CODE 'shell command' [PATTERN] : passes if the command exits with exactly
# CODE and (when given) its standard output contains PATTERN (grep basic regexp).
want=$1
cmd=$2
pattern=$3
out=$(sh -c "$cmd")
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne "$want" ]; then
    echo "expect_exit: exit status $rc, expected $want: $cmd" >&2
    exit 1
fi
if [ -n "$pattern" ] && ! printf '%s\n' "$out" | grep -q -- "$pattern"; then
    echo "expect_exit: output lacks \"$pattern\": $cmd" >&2
    exit 1
fi
exit 0
