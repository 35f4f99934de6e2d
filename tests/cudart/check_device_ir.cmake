# check_device_ir.cmake - compiles a .cu file's device side with `simt-cc --emit-llvm` and
# checks that the IR calls only what the tracer implements (docs/CUDA_SUPPORT.md): __nv_*
# libdevice functions, llvm.* intrinsics, vprintf, malloc, free, __assertfail,
# __simt_tex_fetch; and that it holds no inline assembly.
#   cmake -DSIMTCC=<simt-cc> -DLLVM_DIS=<llvm-dis> -DSRC=<file.cu> -DOUT=<file.bc>
#         [-DINC=<dir>] -P check_device_ir.cmake
execute_process(COMMAND ${SIMTCC} -I${INC} -c --emit-llvm ${SRC} -o ${OUT}
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "simt-cc --emit-llvm failed:\n${err}")
endif()
execute_process(COMMAND ${LLVM_DIS} ${OUT} -o - RESULT_VARIABLE rc OUTPUT_VARIABLE ir)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "llvm-dis failed on ${OUT}")
endif()
string(REGEX MATCHALL "\ndeclare [^\n]*@[\"A-Za-z0-9_.$]+\\(" decls "${ir}")
set(bad "")
set(n 0)
foreach(d ${decls})
  string(REGEX REPLACE ".*@\"?([A-Za-z0-9_.$]+)\"?\\($" "\\1" name "${d}")
  math(EXPR n "${n} + 1")
  if(NOT name MATCHES "^(__nv_[a-z0-9_]+|llvm\\..+|vprintf|malloc|free|__assertfail|__simt_tex_fetch|__simt_tex_sample|__simt_tex_sample_n|__simt_tex_sample_layer|__simt_tex_sample_cube|__simt_surf_read|__simt_surf_write)$")
    string(APPEND bad " ${name}")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "device code of ${SRC} calls functions the tracer does not provide:${bad}")
endif()
if(ir MATCHES " asm ")
  message(FATAL_ERROR "device code of ${SRC} contains inline assembly")
endif()
if(n LESS 10)
  message(FATAL_ERROR "only ${n} external declarations found in ${SRC}: test input too small?")
endif()
message("${SRC}: ${n} external declarations, all provided by the tracer")
