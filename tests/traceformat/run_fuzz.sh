#!/bin/sh
# run_fuzz.sh FUZZER GENERATOR GOLDEN DIR SECONDS : seeds DIR/corpus with real traces (the
# golden file and the generator's variants) and runs the libFuzzer harness for SECONDS.
set -e
fuzzer=$1 gen=$2 golden=$3 dir=$4 secs=$5
rm -rf "$dir"
mkdir -p "$dir/corpus" "$dir/artifacts"
cp "$golden" "$dir/corpus/golden.simtrace"
# the format version 1 golden file next to it: the version 1 paths of the reader too
if [ -f "$(dirname "$golden")/small_v1.simtrace" ]; then
    cp "$(dirname "$golden")/small_v1.simtrace" "$dir/corpus/golden_v1.simtrace"
fi
for v in normal modified bad-space exit-barrier bad-count; do
    "$gen" "$dir/corpus/$v.simtrace" --variant "$v"
done
# payload mode seeds: 'P' + which real CTA payload, unmodified (see trace_fuzz.c)
for i in 0 1 2 3 4; do
    printf "P\\00$i" > "$dir/corpus/payload$i"
done
exec "$fuzzer" "$dir/corpus" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
    -max_len=16384 -print_final_stats=1 -artifact_prefix="$dir/artifacts/"
