# compare_generated.cmake - runs a generator and checks its output equals the checked-in file.
#   cmake -DGEN=<exe> -DOUT=<file> -DREF=<file> -P compare_generated.cmake
execute_process(COMMAND ${GEN} ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GEN} failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT} ${REF} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${REF} differs from the generator's output ${OUT}: regenerate it")
endif()
