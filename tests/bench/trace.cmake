# trace container benchmark: tests/bench/bench_trace.sh prints the figures.
add_executable(trace_bench ${CMAKE_CURRENT_LIST_DIR}/trace_bench.c)
target_link_libraries(trace_bench PRIVATE trace_testlib)
# smoke run on a tiny input (checks the benchmark still works; asserts no timing)
simt_add_test(NAME trace.bench.smoke
              COMMAND trace_bench --ctas 2 --threads 32 --trip 2
                      --out ${CMAKE_CURRENT_BINARY_DIR}/trace_bench_smoke.simtrace)
# the decode-only mode on a real file (the golden trace; asserts no timing)
simt_add_test(NAME trace.bench.read_smoke
              COMMAND trace_bench --read ${CMAKE_SOURCE_DIR}/tests/traceformat/golden/small.simtrace
                      --repeat 1)
