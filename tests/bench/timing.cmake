# timing model benchmark: tests/bench/bench_timing.sh prints warp-instructions/s.
add_executable(timing_bench ${CMAKE_CURRENT_LIST_DIR}/timing_bench.c)
target_link_libraries(timing_bench PRIVATE simt_testsynth)
# smoke run on a tiny input (checks the benchmark still works; asserts no timing)
simt_add_test(NAME timing.bench.smoke
              COMMAND timing_bench --ctas 2 --threads 64 --trip 2
                      --out ${CMAKE_CURRENT_BINARY_DIR}/timing_bench_smoke.trace)
