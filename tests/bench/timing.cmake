# timing model benchmark: tests/bench/bench_timing.sh prints warp-instructions/s.
add_executable(timing_bench ${CMAKE_CURRENT_LIST_DIR}/timing_bench.c)
target_link_libraries(timing_bench PRIVATE simt_testsynth)
# smoke run on a tiny input (checks the benchmark still works; asserts no timing)
simt_add_test(NAME timing.bench.smoke
              COMMAND timing_bench --ctas 2 --threads 64 --trip 2
                      --out ${CMAKE_CURRENT_BINARY_DIR}/timing_bench_smoke.trace)
# real-program benchmark: tests/bench/bench_workloads.sh traces the built workloads and prints
# the replay speed per workload (figures only); the smoke run checks that it still works on
# one tiny workload and prints its line for both presets. It asserts no timing.
if(TARGET simt-sim AND TARGET micro_ifelse_half)
  simt_add_test(NAME timing.bench.workloads_smoke
                COMMAND bash -c "out=$(bash ${CMAKE_CURRENT_LIST_DIR}/bench_workloads.sh --build ${CMAKE_BINARY_DIR} --only micro_ifelse_half --size tiny --reps 1) && echo \"$out\" && [ $(echo \"$out\" | grep -c '^micro_ifelse_half ') = 2 ]")
endif()
# tests/bench/compare_builds.sh (identical statistics between two builds, for speed work):
# no difference between a build and itself, a difference found when the model changes
if(TARGET simt-sim AND TARGET micro_ifelse_half)
  simt_add_test(NAME timing.bench.compare_builds
                COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/compare_builds_smoke.sh ${CMAKE_BINARY_DIR})
endif()
