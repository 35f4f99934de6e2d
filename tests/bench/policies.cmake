# divergence-policy benchmark: tests/bench/bench_policies.sh prints every registered policy's
# simulation time relative to PDOM on a generated random-program trace (figures only).
# The smoke run checks the script still works on a tiny trace; it asserts no timing.
if(TARGET simt-sim AND TARGET policy_extra_tests)
  simt_add_test(NAME policy.bench.smoke
                COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/bench_policies.sh --no-build
                        --build ${CMAKE_BINARY_DIR} --ctas 4 --reps 1)
endif()
