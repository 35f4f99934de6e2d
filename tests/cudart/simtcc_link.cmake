# simtcc_link.cmake - builds a program with one simt-cc command (device + host compiles of
# several .cu/.cpp files and the link) and runs it (cudart.simtcc.link_and_run).
#   cmake -DSIMTCC=<simt-cc> -DSRCDIR=<dir> -DOUT=<exe> -P simtcc_link.cmake
file(REMOVE ${OUT})
execute_process(COMMAND ${SIMTCC} -O2 -I${SRCDIR} -o ${OUT} ${SRCDIR}/multi_tu_a.cu
                        ${SRCDIR}/multi_tu_b.cu ${SRCDIR}/multi_tu_host.cpp -lm
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT})
  message(FATAL_ERROR "simt-cc failed (${rc}):\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env SIMT_FUNCTIONAL=1 ${OUT}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "cudart.multi_tu: PASS")
  message(FATAL_ERROR "${OUT} failed (${rc}):\n${out}\n${err}")
endif()
message("${out}")
