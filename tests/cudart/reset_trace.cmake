# reset_trace.cmake - cudart.trace.device_reset: runs the cudart.api.device_reset program with
# a trace and checks the traces cudaDeviceReset produced.
#   cmake -DPROG=<exe> -DSIMT_TRACE_TOOL=<simt-trace> -DOUT=<dir/stem> -P reset_trace.cmake
# Expected: <stem>.trace holds the launch before the first reset (bump_bias), <stem>.1.trace
# the launch after the second one (add_bias); the launches between (add_bias, then the
# faulting write_far) are discarded; no other trace or temporary file is left.
set(first ${OUT}.trace)
set(second ${OUT}.1.trace)
set(none ${OUT}.2.trace)
file(REMOVE ${first} ${first}.tmp ${second} ${second}.tmp ${none} ${none}.tmp)
get_filename_component(dir ${OUT} DIRECTORY)
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=SIMT_FUNCTIONAL --unset=SIMT_QUIET
                        SIMT_TRACE=${first} ${PROG}
  WORKING_DIRECTORY ${dir}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
message("exit status: ${rc}\n--- stdout ---\n${out}--- stderr ---\n${err}--------------")
set(fail "")
if(NOT rc STREQUAL "0")
  string(APPEND fail "exit status ${rc}, expected 0\n")
endif()
if(NOT out MATCHES "cudart.api.device_reset: PASS")
  string(APPEND fail "the program did not PASS\n")
endif()
if(NOT err MATCHES "cudaDeviceReset: the trace of the [0-9]+ traced launches .* is discarded \\(device error cudaErrorIllegalAddress\\)")
  string(APPEND fail "no message that the faulted part of the trace is discarded\n")
endif()
if(NOT err MATCHES "simt-cudart: [0-9]+ launches \\(2 traced\\), [0-9]+ thread-instructions, trace [^ ]*reset.trace [0-9]+ bytes, trace [^ ]*reset.1.trace [0-9]+ bytes, [0-9]+ traced launches discarded by a device error, 2 device resets, [0-9.]+ s")
  string(APPEND fail "the summary line does not list both traces and the two resets\n")
endif()
foreach(f ${none} ${first}.tmp ${second}.tmp ${none}.tmp)
  if(EXISTS ${f})
    string(APPEND fail "${f} exists but must not\n")
  endif()
endforeach()
foreach(pair "${first}|bump_bias" "${second}|add_bias")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 f)
  list(GET pair 1 kernel)
  if(NOT EXISTS ${f})
    string(APPEND fail "${f} was not written\n")
    continue()
  endif()
  execute_process(COMMAND ${SIMT_TRACE_TOOL} verify ${f} RESULT_VARIABLE vrc
                  OUTPUT_VARIABLE vout ERROR_VARIABLE verr)
  if(NOT vrc STREQUAL "0")
    string(APPEND fail "simt-trace verify ${f}: ${vrc}\n${vout}${verr}\n")
  endif()
  execute_process(COMMAND ${SIMT_TRACE_TOOL} info ${f} RESULT_VARIABLE irc
                  OUTPUT_VARIABLE iout ERROR_VARIABLE ierr)
  message("--- simt-trace info ${f} ---\n${iout}${ierr}")
  if(NOT irc STREQUAL "0" OR NOT iout MATCHES "${kernel}")
    string(APPEND fail "${f} does not hold a launch of ${kernel}\n")
  endif()
endforeach()
if(fail)
  message(FATAL_ERROR "${fail}")
endif()
