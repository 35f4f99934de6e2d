/*
 * simt_fatbin.h - the device-image container that simt-cc embeds in each host object (via
 * clang's -fcuda-include-gpubinary) and that the runtime's __cudaRegisterFatBinary reads.
 *
 * clang places the file's bytes in section .nv_fatbin (8-byte aligned) and passes
 * {magic 0x466243b1, version 1, data, NULL} to __cudaRegisterFatBinary; the container tells
 * the size, which the wrapper does not. Layout (little-endian):
 *   offset 0   char     magic[8] = "SIMTDEV1"
 *   offset 8   uint64_t name_bytes   source file name, NUL included, padded to 8
 *   offset 16  uint64_t image_bytes  LLVM bitcode of the translation unit's device side
 *   offset 24  name, then the image (at 24 + name_bytes)
 */
#ifndef SIMT_FATBIN_H
#define SIMT_FATBIN_H

#include <stdint.h>

#define SIMT_FATBIN_MAGIC        "SIMTDEV1"
#define SIMT_FATBIN_HEADER_BYTES 24u
#define SIMT_FATBIN_NAME_MAX     4096u
#define SIMT_CUDA_WRAPPER_MAGIC  0x466243b1u /* clang's __cuda_fatbin_wrapper magic */

struct simt_fatbin_wrapper {
    int magic;
    int version;
    const void *data;
    void *unused;
};

#endif
