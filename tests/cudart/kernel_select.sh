#!/bin/sh
# kernel_select.sh PROGRAM SIMT_SIM: sim.kernels on a trace with C++ (mangled, templated)
# kernel names - the cuBLAS test's: a function's own name selects every instantiation of it
# and nothing else, a list selects the union, and a name that is only part of an identifier is
# an error listing the trace's kernels.
set -e
prog=$1 sim=$2
SIMT_QUIET=1 SIMT_TRACE=ks.trace "$prog" > /dev/null
"$sim" --quiet --config gt200-jin --stats-json ks_all.json ks.trace
"$sim" --quiet --config gt200-jin --set sim.kernels=simt_cublas_gemm --stats-json ks_gemm.json ks.trace
"$sim" --quiet --config gt200-jin --set sim.kernels=simt_cublas_gemm,simt_cublas_dot \
    --stats-json ks_two.json ks.trace
total=$(jq '.traces[0].launches | length' ks_all.json)
gemm_all=$(jq '[.traces[0].launches[] | select(.kernel | startswith("_Z16simt_cublas_gemmI"))] | length' ks_all.json)
dot_all=$(jq '[.traces[0].launches[] | select(.kernel | startswith("_Z15simt_cublas_dotI"))] | length' ks_all.json)
gemm=$(jq '.traces[0].launches_replayed' ks_gemm.json)
others=$(jq '[.traces[0].launches[] | select(.kernel | startswith("_Z16simt_cublas_gemmI") | not)] | length' ks_gemm.json)
two=$(jq '.traces[0].launches_replayed' ks_two.json)
echo "kernel_select: $total launches, gemm $gemm of $gemm_all, gemm+dot $two of $((gemm_all + dot_all))"
[ "$gemm_all" -gt 1 ] && [ "$gemm" -eq "$gemm_all" ] && [ "$others" -eq 0 ] && [ "$gemm" -lt "$total" ]
[ "$two" -eq $((gemm_all + dot_all)) ]
# both float and double instantiations of gemm were selected
jq -e '[.traces[0].launches[].kernel] | (any(test("gemmIf")) and any(test("gemmId")))' ks_gemm.json > /dev/null
if "$sim" --quiet --config gt200-jin --set sim.kernels=cublas_gemm ks.trace 2> ks_err.txt; then
    echo "kernel_select: a partial identifier was accepted" >&2
    exit 1
fi
grep -q 'sim.kernels = "cublas_gemm": "cublas_gemm" names no kernel of the trace (its kernels: _Z' ks_err.txt
