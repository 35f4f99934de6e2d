# SimtCuda.cmake - building CUDA programs with simt-cc (tracer/cc) for the simt tracer.
#
#   add_cuda_program(NAME <target> SOURCES <files...> [LIBS <libs...>] [FLAGS <simt-cc opts>]
#                    [OUTPUT_DIRECTORY <dir>])
#
# builds the executable target <NAME> (in ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}, i.e. build/bin,
# unless OUTPUT_DIRECTORY is given): every source (.cu, .c, .cpp) is compiled by `simt-cc -c`
# (device pass, container, host pass; header dependencies through -MD), and the objects are
# linked with the simt CUDA runtime, the tracer and their dependencies. LIBS are linked too
# (targets, names or paths); FLAGS go to every simt-cc compile (-I, -D, -O, ...).
# Because <NAME> is an executable target, add_test(COMMAND <NAME> ...) finds the program.
# Included by tracer/cc/CMakeLists.txt.

# _simt_cuda_link_items(<out-var> <targets or libs...>)
# The full link line of the given libraries, walking CMake targets transitively: one
# "<file name>|<path>" entry per static/shared library target, "|<path>" per other library
# file, "|<flag>" per flag. Entries are generator expressions (evaluated by file(GENERATE)).
function(_simt_cuda_link_items out)
  set(result)
  set(queue ${ARGN})
  set(seen)
  while(queue)
    list(POP_FRONT queue it)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" it "${it}")
    if(it STREQUAL "" OR it MATCHES "^\\$<" OR it MATCHES "-NOTFOUND$")
      continue()
    endif()
    list(FIND seen "${it}" idx)
    if(NOT idx EQUAL -1)
      continue()
    endif()
    list(APPEND seen "${it}")
    if(TARGET ${it})
      get_target_property(aliased ${it} ALIASED_TARGET)
      if(aliased)
        list(APPEND queue ${aliased})
        continue()
      endif()
      get_target_property(type ${it} TYPE)
      get_target_property(imported ${it} IMPORTED)
      set(deps)
      get_target_property(ill ${it} INTERFACE_LINK_LIBRARIES)
      if(ill)
        list(APPEND deps ${ill})
      endif()
      if(imported)
        get_target_property(loc ${it} IMPORTED_LOCATION)
        if(loc)
          list(APPEND result "|${loc}")
        endif()
        get_target_property(ilo ${it} INTERFACE_LINK_OPTIONS)
        if(ilo)
          foreach(f ${ilo})
            list(APPEND result "|${f}")
          endforeach()
        endif()
      elseif(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "SHARED_LIBRARY")
        list(APPEND result "$<TARGET_FILE_NAME:${it}>|$<TARGET_FILE:${it}>")
        get_target_property(ll ${it} LINK_LIBRARIES)
        if(ll)
          list(APPEND deps ${ll})
        endif()
      endif()
      list(APPEND queue ${deps})
    elseif(it MATCHES "^/")
      list(APPEND result "|${it}")
    elseif(it MATCHES "^-")
      list(APPEND result "|${it}")
    else()
      list(APPEND result "|-l${it}")
    endif()
  endwhile()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# add_cuda_library(NAME <target> SOURCE <file.cu>): a static library (lib<target>.a in the
# archive directory) of one .cu file compiled by simt-cc at -O2, as a program's would be: the
# NVIDIA-library subsets (tracer/cublas, tracer/cufft) that simt-cc links for -lcublas/-lcufft.
function(add_cuda_library)
  cmake_parse_arguments(L "" "NAME;SOURCE" "" ${ARGN})
  get_filename_component(abs ${L_SOURCE} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  set(obj ${CMAKE_CURRENT_BINARY_DIR}/${L_NAME}.o)
  add_custom_command(
    OUTPUT ${obj}
    COMMAND $<TARGET_FILE:simt-cc> -O2 -MD -MF ${obj}.d -MT ${obj} -c ${abs} -o ${obj}
    DEPENDS ${abs} simt-cc simt_cuda_headers ${SIMT_CUDA_HEADER_FILES}
    DEPFILE ${obj}.d
    COMMENT "simt-cc: compiling ${L_SOURCE} (${L_NAME})"
    VERBATIM)
  set_source_files_properties(${obj} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  add_library(${L_NAME} STATIC ${obj})
  set_target_properties(${L_NAME} PROPERTIES LINKER_LANGUAGE CXX)
endfunction()

# add_cuda_program() exists only when the tracer library does (programs cannot link without
# it); workloads/ and tests/cudart/ test for it with if(COMMAND add_cuda_program).
if(TARGET simt_tracer)
function(add_cuda_program)
  cmake_parse_arguments(P "" "NAME;OUTPUT_DIRECTORY" "SOURCES;LIBS;FLAGS" ${ARGN})
  if(NOT P_NAME OR NOT P_SOURCES)
    message(FATAL_ERROR "add_cuda_program: NAME and SOURCES are required")
  endif()
  set(objdir ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${P_NAME}.simtcc)
  set(objs)
  foreach(s ${P_SOURCES})
    get_filename_component(abs ${s} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR} ${abs})
    string(REGEX REPLACE "[^A-Za-z0-9_.-]" "_" rel "${rel}")
    set(obj ${objdir}/${rel}.o)
    add_custom_command(
      OUTPUT ${obj}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${objdir}
      COMMAND $<TARGET_FILE:simt-cc> ${P_FLAGS} -MD -MF ${obj}.d -MT ${obj} -c ${abs} -o ${obj}
      DEPENDS ${abs} simt-cc simt_cuda_headers ${SIMT_CUDA_HEADER_FILES}
      DEPFILE ${obj}.d
      COMMENT "simt-cc: compiling ${s} (${P_NAME})"
      VERBATIM)
    list(APPEND objs ${obj})
  endforeach()
  # The objects from simt-cc are linked by CMake with the runtime and everything it needs
  # (the same libraries simt-cc links; see tracer/cc/CMakeLists.txt).
  add_executable(${P_NAME} ${objs})
  set_target_properties(${P_NAME} PROPERTIES LINKER_LANGUAGE CXX)
  if(P_OUTPUT_DIRECTORY)
    set_target_properties(${P_NAME} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${P_OUTPUT_DIRECTORY})
  endif()
  target_link_options(${P_NAME} PRIVATE -no-pie)
  target_link_libraries(${P_NAME} PRIVATE simt_cudart ${P_LIBS} m pthread)
endfunction()
endif()
