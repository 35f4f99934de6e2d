# openmp_host.cmake - builds a .cu whose host code uses OpenMP with -Xcompiler -fopenmp and
# runs it (cudart.simtcc.openmp_host).
#   cmake -DSIMTCC=<simt-cc> -DSRC=<file.cu> -DOUT=<exe> -P openmp_host.cmake
file(REMOVE ${OUT})
execute_process(COMMAND ${SIMTCC} -O2 -Xcompiler -fopenmp -o ${OUT} ${SRC}
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT})
  message(FATAL_ERROR "simt-cc -Xcompiler -fopenmp failed (${rc}):\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env SIMT_FUNCTIONAL=1 OMP_NUM_THREADS=2 ${OUT}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "sum 496 threads 2")
  message(FATAL_ERROR "${OUT} failed (${rc}):\n${out}\n${err}")
endif()
message("${out}")
