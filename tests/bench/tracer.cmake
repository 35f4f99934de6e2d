# tracer engine benchmark: tests/bench/bench_tracer.sh prints thread-instructions per second
# (tracing on) for compute-bound kernels. Not a test.
if(TARGET simt_tracer)
  set(TRACER_BENCH_BC ${CMAKE_CURRENT_BINARY_DIR}/tracer_bench.bc)
  add_custom_command(
    OUTPUT ${TRACER_BENCH_BC}
    COMMAND ${SIMT_CLANG} -x cuda --cuda-device-only -nocudainc -nocudalib
            --cuda-path=/nonexistent --cuda-gpu-arch=sm_70 -O2 -emit-llvm -c
            ${CMAKE_CURRENT_LIST_DIR}/tracer_bench.cu -o ${TRACER_BENCH_BC}
    DEPENDS ${CMAKE_CURRENT_LIST_DIR}/tracer_bench.cu
    COMMENT "clang-16 tracer_bench.bc"
    VERBATIM)
  add_custom_target(tracer_bench_bc DEPENDS ${TRACER_BENCH_BC})
  add_executable(tracer_bench ${CMAKE_CURRENT_LIST_DIR}/tracer_bench.c)
  target_link_libraries(tracer_bench PRIVATE simt_tracer)
  add_dependencies(tracer_bench tracer_bench_bc)
endif()
