/*
 * simt_tracer.h - the tracer: an interpreter of CUDA device code (LLVM IR as clang 16
 * emits it for NVPTX) that runs warps of 32 threads in lockstep and writes a per-thread
 * trace through traceformat/simt_trace.h.
 *
 * Users: the CUDA runtime replacement (tracer/runtime/), the tracer's tests, tools.
 *
 * Model:
 *   - A simt_device is the simulated GPU: its global memory (host-mapped at the
 *     deterministic addresses of SIMT_WIN_GLOBAL_BASE.., so a device pointer is also a valid
 *     host pointer for managed memory), the loaded modules, the open trace, the settings.
 *   - A simt_module is one device bitcode image (one translation unit's device side).
 *   - simt_launch() runs a kernel to completion (functionally), CTA after CTA, and appends
 *     the launch to the trace when tracing is on.
 * Errors found while running (out-of-bounds access, barrier misuse, deadlock, trap, ...)
 * return an error whose message names the kernel, source line, IR instruction, CTA and
 * thread; the trace is then abandoned (never half-written).
 */
#ifndef SIMT_TRACER_H
#define SIMT_TRACER_H

#include <stddef.h>
#include <stdint.h>

#include "simt_error.h"
#include "simt_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simt_device simt_device;
typedef struct simt_module simt_module;

/* How `contract`-flagged fmul feeding fadd/fsub is evaluated (docs/TRACER.md). */
enum simt_fma_mode {
    SIMT_FMA_FUSE = 0,     /* fuse as the NVPTX back end does (default): one rounding */
    SIMT_FMA_SEPARATE = 1, /* round the product, then add (IEEE, as written) */
};

struct simt_device_config {
    const char *trace_path;    /* NULL: functional only, no trace written */
    const char *kernel_filter; /* glob on kernel names (mangled or demangled); NULL = all */
    uint64_t launch_first;     /* trace launches [first, last] (0-based, counting all launches) */
    uint64_t launch_last;      /* UINT64_MAX = no limit */
    enum simt_fma_mode fma;
    uint32_t stack_bytes_per_thread;    /* local memory per thread; 0 = default (16 KiB) */
    uint64_t heap_bytes;                /* device malloc heap; 0 = default (8 MiB) */
    uint64_t global_bytes_max;          /* cap on cudaMalloc total; 0 = default (16 GiB) */
    int progress;                       /* print a progress line on stderr during long launches */
    const struct simt_trace_meta *meta; /* producer/program/argv for the trace header */
};

/*! simt_device_create() : an empty device. The trace file (if any) is created lazily at
 *  the first traced launch. */
simt_err simt_device_create(const struct simt_device_config *cfg, simt_device **out);

/*! simt_device_finish() : completes the trace (index, footer, rename) if one is open.
 *  Call once at program end; afterwards only simt_device_free() is allowed. */
simt_err simt_device_finish(simt_device *d);

/*! simt_device_free() : releases everything; an unfinished trace is aborted (removed). */
void simt_device_free(simt_device *d);

/* Figures for the runtime's one-line summary at exit. */
struct simt_device_stats {
    uint64_t launches, traced_launches;
    uint64_t thread_instructions; /* executed, all launches */
    uint64_t trace_bytes;         /* after finish */
};
void simt_device_stats(const simt_device *d, struct simt_device_stats *out);

/*! simt_device_set_watchdog() : deadlock watchdog. A CTA that executes `branches` branches
 *  without changing memory (store, atomic that changes its word), reaching a barrier or
 *  exiting ends the launch with SIMT_ERR_DEADLOCK. 0 restores the default: 2^27 (about 15 s
 *  of spinning) without a trace, 2^22 with one (about 5 s and 3 GB: a spinning thread's
 *  events are kept until its CTA ends, about 700 bytes per warp-branch, so 2^24 took 12 GB).
 *  The runtime takes SIMT_WATCHDOG_BRANCHES. */
#define SIMT_WATCHDOG_DEFAULT (1ull << 27)
#define SIMT_WATCHDOG_TRACED  (1ull << 22)
void simt_device_set_watchdog(simt_device *d, uint64_t branches);

/* --- global memory ------------------------------------------------------------------------- */

/*! simt_dev_malloc() : `bytes` of global memory (256-byte aligned, zero-filled), mapped in
 *  the host address space at the returned device address (deterministic across runs). */
simt_err simt_dev_malloc(simt_device *d, uint64_t bytes, uint64_t *addr);
/*! simt_dev_free() : frees an allocation returned by simt_dev_malloc (addr must be its start). */
simt_err simt_dev_free(simt_device *d, uint64_t addr);
/*! simt_dev_check() : SIMT_ERR_OK if [addr, addr+bytes) lies inside one live allocation
 *  (global) or inside a module's constant/global variable; else MEMORY_FAULT with a message. */
simt_err simt_dev_check(const simt_device *d, uint64_t addr, uint64_t bytes);
/*! simt_dev_host_ptr() : host pointer through which the host reads/writes device bytes at
 *  `addr` (global or constant window); NULL if not mapped. */
void *simt_dev_host_ptr(const simt_device *d, uint64_t addr);

/* --- modules and symbols ------------------------------------------------------------------- */

/*! simt_module_load() : parses device bitcode (or textual IR) and translates it; globals
 *  (__device__, __constant__, __shared__) are laid out and initialised. `name` is used in
 *  messages. The device owns the module. */
simt_err simt_module_load(simt_device *d, const void *image, size_t size, const char *name,
                          simt_module **out);

/*! simt_module_symbol() : device address and size of a global variable by (mangled) name. */
simt_err simt_module_symbol(simt_module *m, const char *name, uint64_t *addr, uint64_t *bytes);

/*! simt_module_has_kernel() : 1 if the module defines kernel `name`, else 0. */
int simt_module_has_kernel(const simt_module *m, const char *name);

/* Kernel attributes, for cudaFuncGetAttributes. */
struct simt_kernel_attrs {
    uint32_t num_params;
    uint32_t param_bytes;
    uint32_t static_shared_bytes;
    uint32_t local_bytes_per_thread;
    uint32_t regs_per_thread; /* estimate */
    uint32_t max_threads_per_block;
};
simt_err simt_module_kernel_attrs(simt_module *m, const char *name, struct simt_kernel_attrs *out);
/*! simt_module_kernel_param_bytes() : the size of kernel `name`'s parameter i (what
 *  cudaLaunchKernel's args[i] points at), for callers that keep a launch's arguments (graphs). */
simt_err simt_module_kernel_param_bytes(simt_module *m, const char *name, uint32_t i,
                                        uint32_t *bytes);

/* --- textures and surfaces ------------------------------------------------------------------ */

/* What a texture reference, texture object or surface object reads. Integer fetches
 * (tex1Dfetch) clamp to the extent; tex1D/2D/3D sample with the sampling state below (point or
 * linear filtering, normalised coordinates, address modes); surfaces use only the extent. */
struct simt_texture_binding {
    uint64_t base;       /* device address of texel (0,0,0) */
    uint32_t elem_bytes; /* bytes per texel (e.g. 4 for float, 16 for float4) */
    uint32_t channels;   /* 1, 2 or 4 */
    uint32_t is_float;   /* channel kind: 1 float, 0 integer */
    uint32_t is_signed;
    uint64_t width, height, depth; /* in texels; height/depth 1 for lower dimensions */
    uint64_t pitch_bytes;          /* row pitch (0 = width * elem_bytes) */
    uint32_t normalized_float;     /* read mode "normalized float": 8/16-bit integer channels
                                      arrive as floats, unsigned in [0,1], signed in [-1,1]
                                      (texture objects; references convert in the header) */
    /* sampling by tex1D/2D/3D (texture objects; fetches by integer index ignore these) */
    uint32_t filter_linear;     /* 1: linear filtering (float results only), 0: point */
    uint32_t normalized_coords; /* 1: coordinates in [0,1) of the extent */
    uint32_t address[3];        /* per dimension, enum simt_tex_address */
};
enum simt_tex_address { /* (0, the zero-initialised default, clamps as before) */
                        SIMT_TEX_CLAMP = 0,
                        SIMT_TEX_WRAP,
                        SIMT_TEX_MIRROR,
                        SIMT_TEX_BORDER
};

/*! simt_module_bind_texture() : binds the texture reference variable `symbol` (mangled
 *  name) of module m; a NULL binding unbinds it. */
simt_err simt_module_bind_texture(simt_module *m, const char *symbol,
                                  const struct simt_texture_binding *b);

/*! simt_device_create_texture() : a texture object of device d reading memory as described
 *  by b; *handle (never 0) is what kernels pass to __simt_tex_fetch in place of a reference's
 *  address. Handles are not reused while the device lives, so runs number them alike.
 *  simt_device_destroy_texture() ends it; fetches through a destroyed handle are errors. */
simt_err simt_device_create_texture(simt_device *d, const struct simt_texture_binding *b,
                                    uint64_t *handle);
simt_err simt_device_destroy_texture(simt_device *d, uint64_t handle);

/* --- launching ----------------------------------------------------------------------------- */

/*! simt_launch() : runs kernel `name` of module m with `args` as cudaLaunchKernel passes
 *  them (args[i] points at the i-th parameter's value). Validates the configuration as a
 *  GPU would (SIMT_ERR_LAUNCH). Deterministic. Appends the launch to the trace when it is
 *  selected for tracing. */
simt_err simt_launch(simt_device *d, simt_module *m, const char *name, struct simt_dim3 grid,
                     struct simt_dim3 block, uint32_t dynamic_shared_bytes, void **args);

#ifdef __cplusplus
}
#endif
#endif
