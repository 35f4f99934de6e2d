/*
 * simt_cudart.c - the CUDA runtime replacement (library simt_cudart).
 *
 * CUDA programs compiled by simt-cc call this library exactly as they would call NVIDIA's
 * libcudart: the host objects' constructors register the device images, kernels, variables
 * and texture references (__cudaRegister*), <<<>>> launches go through
 * __cudaPush/PopCallConfiguration + cudaLaunchKernel, and the API calls (memory, symbols,
 * textures, streams, events, devices) map onto the tracer library (tracer/simt_tracer.h).
 *
 * Behaviour (docs/CUDA_SUPPORT.md):
 *   - One simulated device; everything runs synchronously and in order (streams are
 *     in-order queues that are always drained). Device memory is host-mapped, so copies are
 *     checked memcpy()s (simt_dev_check).
 *   - Errors are returned as CUDA does and recorded for cudaGetLastError. A fault inside a
 *     kernel (bad address, trap/assert, barrier misuse, deadlock) is sticky: every later call
 *     returns it until cudaDeviceReset, and the trace since the last reset is discarded.
 *   - The trace is finished by an atexit handler, which prints a one-line summary on stderr.
 *   - cudaDeviceReset frees the device and everything in it (memory, modules, texture
 *     bindings, streams, events, errors) and completes the trace so far; the next call
 *     creates a new device and reloads the registered images lazily; later traces are
 *     numbered (prog.trace, prog.1.trace, ...).
 *   - Run-time control: SIMT_TRACE (trace path, default <program>.trace), SIMT_TRACE_KERNELS
 *     (glob), SIMT_TRACE_LAUNCHES ("a-b", "a", "a-"), SIMT_FUNCTIONAL=1 (no trace),
 *     SIMT_DEVICE_SMS (reported SM count), SIMT_WATCHDOG_BRANCHES (deadlock watchdog),
 *     SIMT_QUIET=1 (no summary line).
 * The library never exits the process: it prints a message and returns an error code.
 * Not thread-safe: calls must come from one host thread at a time (as in the workloads).
 */
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cuda_runtime_api.h"
#include "simt_rt_internal.h"
#include "simt_fatbin.h"
#include "simt_tracer.h"

/* ---------------------------------------------------------------------------------------------
 * The reported GPU (cudaGetDeviceProperties / cudaDeviceGetAttribute). The launch limits are
 * those of compute capability 7.0, the architecture the device code is compiled for.
 * ------------------------------------------------------------------------------------------- */
static const struct {
    const char *name;
    int major, minor;
    int sm_count;
    int max_threads_per_block;
    int max_block[3];
    int max_grid[3];
    int warp_size;
    size_t shared_per_block;
    size_t shared_per_block_optin; /* with cudaFuncAttributeMaxDynamicSharedMemorySize */
    size_t shared_per_sm;
    int regs_per_block;
    int max_threads_per_sm;
    int max_blocks_per_sm;
    size_t const_bytes;
    int clock_khz;
    int mem_clock_khz;
    int bus_width;
    int l2_bytes;
} simt_gpu = {
    .name = "SIMT virtual GPU (sm_70 limits)",
    .major = 7,
    .minor = 0,
    .sm_count = 28, /* Jin (000_59533a9d6fd130a9.txt) Table 5.1: 28 SMs */
    .max_threads_per_block = 1024,
    .max_block = {1024, 1024, 64},
    .max_grid = {2147483647, 65535, 65535},
    .warp_size = 32,
    .shared_per_block = 48 * 1024,
    .shared_per_block_optin = 96 * 1024, /* compute capability 7.0: 96 KB opted in */
    .shared_per_sm = 96 * 1024,
    .regs_per_block = 65536,
    .max_threads_per_sm = 2048,
    .max_blocks_per_sm = 32,
    .const_bytes = 64 * 1024,
    .clock_khz = 1380000,
    .mem_clock_khz = 877000,
    .bus_width = 4096,
    .l2_bytes = 6 * 1024 * 1024,
};

/* ---------------------------------------------------------------------------------------------
 * Registration tables.
 * ------------------------------------------------------------------------------------------- */
struct rt_image {
    const void *image; /* bitcode inside the container */
    size_t image_bytes;
    char *name;          /* source file name */
    simt_module *module; /* NULL until loaded */
    int load_failed;
};

struct rt_func {
    const void *stub;
    char *name; /* mangled kernel name */
    struct rt_image *img;
    int max_dyn_shared; /* cudaFuncAttributeMaxDynamicSharedMemorySize; -1: not set */
};

struct rt_var {
    const void *host; /* host shadow */
    char *name;
    struct rt_image *img;
    size_t bytes;
    int constant;
    int managed;                 /* __managed__: the shadow mirrors the device copy */
    const simt_module *mirrored; /* the module whose copy the shadow mirrors */
};

struct rt_tex {
    const void *host; /* host textureReference */
    char *name;
    struct rt_image *img;
    int dim, read_mode;
};

struct rt_alloc { /* a live allocation (cudaMalloc and friends) */
    uint64_t addr, bytes;
    struct CUmemPoolHandle_st *pool; /* the stream-ordered allocations' pool, else NULL */
};

/* A stream-ordered memory pool (cudaMallocAsync, cudaMemPool*). Every call completes before
 * it returns, so a pool is bookkeeping over ordinary device allocations: what is in use, what
 * it would keep reserved (released down to the threshold at each free, which is a
 * synchronisation here), the high-water marks and the reuse flags, all read back through the
 * attributes. */
struct CUmemPoolHandle_st {
    struct CUmemPoolHandle_st *next; /* live pools created by cudaMemPoolCreate */
    uint64_t used, used_high, reserved, reserved_high, threshold;
    int reuse[3];  /* cudaMemPoolReuse* (attributes 1..3) */
    int destroyed; /* destroyed with allocations outstanding: freed with the last of them */
    int ready;     /* the default pool: its reuse flags were set to CUDA's defaults */
};

/* Streams, events and arrays are kept in lists of live handles, so that cudaDeviceReset
 * can destroy them and a handle that was destroyed (or reset) is rejected rather than used. */
struct cudaArray {
    uint64_t addr;
    struct cudaChannelFormatDesc desc;
    size_t width, height, depth, elem_bytes; /* texels; dense rows and slices */
    struct cudaArray *next;
};

struct rt_texobj {
    cudaTextureObject_t handle; /* the tracer's (simt_device_create_texture) */
    struct cudaResourceDesc res;
    struct cudaTextureDesc tex;
    int surface; /* a surface object (cudaCreateSurfaceObject): tex is unused */
};

struct rt_hostreg {
    uintptr_t base;
    size_t size;
};

struct CUstream_st {
    unsigned long long id; /* cudaStreamGetId: 2, 3, ... in creation order (0, 1: the defaults) */
    unsigned int flags;
    int priority;               /* as created; recorded only (work runs in call order, see below) */
    struct CUgraph_st *capture; /* cudaStreamBeginCapture: its work is recorded here */
    struct CUstream_st *next;
};

/* A graph: its nodes in the order they were captured or added, which is an order their
 * dependencies allow (a node's dependencies exist when it is added), so they run in it.
 * A node is an object of its own (its handle, cudaGraphNode_t): it knows its graph and its
 * position there, so node-level calls need no graph, and the handle stays valid while the
 * graph lives (a clone or an instantiation makes new node objects, each remembering the node
 * it was copied from: cudaGraphNodeFindInClone and the cudaGraphExec*SetParams calls find
 * theirs through it). Kernel nodes own a copy of their arguments, child graph nodes their
 * own copy of the child graph; copy and memset nodes keep the pointers, as CUDA's do. */
#define RT_GNODE_MAGIC 0x476e6f64u /* a live node (cleared when it is destroyed) */
struct rt_galloc;
struct CUgraphNode_st {
    unsigned int magic;
    struct CUgraph_st *graph;
    size_t pos;                        /* graph->nodes[pos] is this node */
    const struct CUgraphNode_st *orig; /* the node this one copies (compared, never read) */
    struct CUgraphNode_st *next_dead;  /* destroyed nodes, freed with their graph */
    enum cudaGraphNodeType type;
    const void *func; /* kernel */
    dim3 grid, block;
    size_t shared;
    unsigned char *argbuf; /* the arguments back to back (argbytes), and their pointers */
    size_t argbytes, nargs;
    void **args;
    int copy3d;                    /* memcpy: a cudaMemcpy3DParms copy (else 1D: dst, src) */
    struct cudaMemcpy3DParms copy; /* (cudaGraphAddMemcpyNode, cudaGraphMemcpyNodeSetParams) */
    void *dst;                     /* memcpy (1D) / memset */
    const void *src;
    size_t count, pitch, width, height;
    enum cudaMemcpyKind kind;
    unsigned int value, elem;
    cudaHostFn_t fn; /* host */
    void *data;
    struct CUgraph_st *child; /* child graph (owned) */
    cudaEvent_t event;        /* event record / wait */
    struct rt_galloc *alloc;  /* memory allocation */
    void *dptr;               /* memory free */
};
/* The edges (dependencies) as pairs of node positions, from < to, each once: what
 * cudaGraphGetEdges reports and cudaGraphExecUpdate compares. A captured graph is a chain, each
 * node depending on the one captured before it (work runs in call order here). */
struct rt_gedge {
    size_t from, to;
};
struct CUgraph_st {
    struct CUgraphNode_st **nodes;
    size_t n, cap;
    struct rt_gedge *edges;
    size_t ne, ecap;
    struct CUgraphNode_st *dead;   /* cudaGraphDestroyNode'd: a stale handle reads as dead */
    unsigned long long capture_id; /* a capture's graph: cudaStreamGetCaptureInfo's id */
};
struct CUgraphExec_st {
    struct CUgraph_st g;      /* the graph as instantiated (later changes to it do not apply) */
    unsigned long long flags; /* cudaGraphInstantiateFlags */
};
/* A graph memory allocation (cudaGraphAddMemAllocNode, cudaMallocAsync in a capture). CUDA
 * returns its address when the node is added and the address stays the same at every launch,
 * so the memory is reserved when the node is added and stays reserved (at that address) while
 * an allocation node names it (in a graph, a clone, an instantiation) or it is allocated.
 * `live` is the allocation proper: from an allocation node's launch to the free (a free
 * node's launch, cudaFree or cudaFreeAsync). */
struct rt_galloc {
    struct rt_galloc *next;
    void *ptr;
    size_t bytes;
    unsigned int refs; /* allocation nodes naming it */
    int live;
    uint64_t resets; /* rt.resets when reserved: a cudaDeviceReset since took the memory */
};

struct CUevent_st {
    unsigned int flags;
    int recorded;
    struct CUgraph_st *capture; /* recorded in a capturing stream: waiting joins the capture */
    double ms;                  /* wall clock at record */
    struct CUevent_st *next;
};

struct rt_trace_file { /* a trace completed by cudaDeviceReset or at exit */
    char *path;
    uint64_t bytes;
};

struct rt_config {
    dim3 grid, block;
    size_t shared;
    void *stream;
};

#define RT_MAX_CONFIG_DEPTH 16
#define RT_MAX_ARGS         256
#define RT_ARG_BUF_BYTES    8192

static struct {
    int initialised; /* rt.dev exists (0 again after cudaDeviceReset until the next call) */
    int init_failed;
    int env_read; /* the environment and command line were read (once per process) */
    int finished; /* the exit handler ran: the device is gone */
    simt_device *dev;
    struct simt_trace_meta meta;
    char *trace_path;     /* SIMT_TRACE or <program>.trace; NULL with SIMT_FUNCTIONAL */
    char *dev_trace_path; /* the trace path of the current device (see rt_device_trace_path) */
    char *kernel_filter;
    uint64_t launch_first, launch_last; /* SIMT_TRACE_LAUNCHES, counting all launches */
    char *program;
    char **argv;
    int argc;
    int functional;
    double t0;

    /* Devices ended by cudaDeviceReset: their figures and the traces they completed. */
    uint64_t resets;
    struct simt_device_stats ended; /* sums over the ended devices (trace_bytes unused) */
    uint64_t abandoned_launches;    /* traced launches whose trace a device error discarded */
    struct rt_trace_file *trace_files;
    size_t ntrace_files, cap_trace_files;
    cudaError_t registration_error; /* unsupported registration: survives cudaDeviceReset */

    unsigned int device_flags;       /* cudaSetDeviceFlags, read back by cudaGetDeviceFlags */
    enum cudaFuncCache cache_config; /* cudaDeviceSetCacheConfig, read back */
    struct CUmemPoolHandle_st default_pool; /* the device's default pool */
    struct CUmemPoolHandle_st *pools;       /* pools created by cudaMemPoolCreate */
    struct CUmemPoolHandle_st *mem_pool;    /* the current pool (NULL: the default one) */
    struct rt_galloc *gallocs;              /* graph memory allocations (reserved) */
    uint64_t gmem_used_high, gmem_res_high; /* cudaDeviceGetGraphMemAttribute's marks */
    struct CUstream_st *streams;            /* live handles */
    unsigned long long streams_created;     /* for the ids of cudaStreamGetId */
    unsigned long long captures;            /* stream captures begun (their ids) */
    struct CUevent_st *events;
    struct cudaArray *arrays;

    struct rt_image **images;
    size_t nimages, cap_images;
    struct rt_func *funcs;
    size_t nfuncs, cap_funcs;
    struct rt_var *vars;
    size_t nvars, cap_vars;
    struct rt_tex *texs;
    size_t ntexs, cap_texs;
    struct rt_host_alloc {
        uint64_t addr;
        unsigned int flags; /* as given to cudaHostAlloc (cudaHostGetFlags) */
    } * host_allocs;
    size_t nhost_allocs, cap_host_allocs;
    struct rt_alloc *allocs;   /* live allocations, for cudaMemGetInfo */
    struct rt_texobj *texobjs; /* live texture objects of the current device */
    size_t ntexobjs, cap_texobjs;
    struct rt_hostreg *hostregs; /* cudaHostRegister'ed ranges */
    size_t nhostregs, cap_hostregs;
    size_t nallocs, cap_allocs;
    uint64_t used_bytes;

    cudaError_t last_error;
    cudaError_t sticky;

    struct rt_config configs[RT_MAX_CONFIG_DEPTH];
    int nconfigs;
    /* legacy cudaConfigureCall/cudaSetupArgument/cudaLaunch */
    unsigned char arg_buf[RT_ARG_BUF_BYTES];
    size_t arg_offsets[RT_MAX_ARGS];
    int nargs;
    int exit_registered;
} rt;

/* ---------------------------------------------------------------------------------------------
 * Small helpers.
 * ------------------------------------------------------------------------------------------- */
static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void rt_msg(const char *func, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rt_msg(const char *func, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "simt-cudart: %s: ", func);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* Records a (non-sticky) error of call `func` and returns it. */
static cudaError_t rt_fail(cudaError_t e)
{
    if (rt.sticky != cudaSuccess)
        return rt.sticky;
    rt.last_error = e;
    return e;
}

/* Records a sticky error (the context is corrupted: a kernel faulted). */
static cudaError_t rt_fail_sticky(cudaError_t e)
{
    if (rt.sticky == cudaSuccess)
        rt.sticky = e;
    rt.last_error = rt.sticky;
    return rt.sticky;
}

static void *rt_grow(void *p, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap)
        return p;
    size_t ncap = *cap ? *cap * 2 : 16;
    void *q = realloc(p, ncap * elem);
    if (!q)
        return NULL;
    *cap = ncap;
    return q;
}

static char *rt_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* 1 if `s` is a stream the program may use: the default (legacy or per-thread) stream or a
 * live stream; a destroyed one, or one created before cudaDeviceReset, is not. */
static int rt_stream_ok(cudaStream_t s)
{
    if (!s || s == cudaStreamLegacy || s == cudaStreamPerThread)
        return 1;
    for (struct CUstream_st *p = rt.streams; p; p = p->next)
        if (p == s)
            return 1;
    return 0;
}

/* The graph that stream s records into, or NULL (the default streams never capture). */
static struct CUgraph_st *rt_capturing(cudaStream_t s)
{
    return s && s != cudaStreamLegacy && s != cudaStreamPerThread ? s->capture : NULL;
}

/* 1 if `e` is a live event. */
static int rt_event_ok(cudaEvent_t e)
{
    for (struct CUevent_st *p = rt.events; p; p = p->next)
        if (p == e)
            return 1;
    return 0;
}

static cudaError_t rt_bad_handle(const char *api, const char *what, const void *h)
{
    rt_msg(api, "%s %p is not live (destroyed, or created before cudaDeviceReset)", what, h);
    return rt_fail(cudaErrorInvalidResourceHandle);
}

/* ---------------------------------------------------------------------------------------------
 * Start-up: environment, device, modules.
 * ------------------------------------------------------------------------------------------- */
static void rt_read_cmdline(void)
{
    FILE *f = fopen("/proc/self/cmdline", "rb");
    char buf[65536];
    size_t n = 0;
    if (f) {
        n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
    }
    buf[n] = '\0';
    int argc = 0;
    for (size_t i = 0; i < n; i += strlen(buf + i) + 1)
        argc++;
    rt.argv = calloc((size_t)argc + 1, sizeof *rt.argv);
    if (!rt.argv)
        return;
    int k = 0;
    for (size_t i = 0; i < n && k < argc; i += strlen(buf + i) + 1)
        rt.argv[k++] = rt_strdup(buf + i);
    rt.argc = k;
    const char *prog = k > 0 && rt.argv[0] ? rt.argv[0] : "cuda-program";
    const char *slash = strrchr(prog, '/');
    rt.program = rt_strdup(slash ? slash + 1 : prog);
}

/* Parses SIMT_TRACE_LAUNCHES: "a-b", "a", "a-" (0-based launch numbers). */
static int rt_parse_launches(const char *s, uint64_t *first, uint64_t *last)
{
    char *end;
    errno = 0;
    unsigned long long a = strtoull(s, &end, 10);
    if (end == s || errno)
        return -1;
    if (*end == '\0') {
        *first = *last = a;
        return 0;
    }
    if (*end != '-')
        return -1;
    const char *t = end + 1;
    if (*t == '\0') {
        *first = a;
        *last = UINT64_MAX;
        return 0;
    }
    unsigned long long b = strtoull(t, &end, 10);
    if (end == t || *end != '\0' || errno || b < a)
        return -1;
    *first = a;
    *last = b;
    return 0;
}

static void rt_at_exit(void);

/* Reads the run-time control from the environment and the command line (once). Returns 0,
 * or -1 with a message when a setting is invalid. */
static int rt_read_env(void)
{
    rt.t0 = now_ms();
    rt_read_cmdline();
    const char *func = getenv("SIMT_FUNCTIONAL");
    rt.functional = func && *func && strcmp(func, "0") != 0;
    if (!rt.functional) {
        const char *p = getenv("SIMT_TRACE");
        if (p && *p) {
            rt.trace_path = rt_strdup(p);
        } else {
            const char *prog = rt.program ? rt.program : "cuda-program";
            size_t n = strlen(prog) + 7;
            rt.trace_path = malloc(n);
            if (rt.trace_path)
                snprintf(rt.trace_path, n, "%s.trace", prog);
        }
    }
    const char *kf = getenv("SIMT_TRACE_KERNELS");
    if (kf && *kf)
        rt.kernel_filter = rt_strdup(kf);
    rt.launch_first = 0;
    rt.launch_last = UINT64_MAX;
    const char *lr = getenv("SIMT_TRACE_LAUNCHES");
    if (lr && *lr && rt_parse_launches(lr, &rt.launch_first, &rt.launch_last) != 0) {
        rt_msg("initialisation",
               "SIMT_TRACE_LAUNCHES='%s' is not a launch range; use \"a-b\", \"a\" or \"a-\" "
               "(0-based launch numbers)",
               lr);
        return -1;
    }
    rt.meta.producer = "simt-cudart 0.1";
    rt.meta.program = rt.program ? rt.program : "cuda-program";
    rt.meta.argc = rt.argc;
    rt.meta.argv = (const char *const *)rt.argv;
    return 0;
}

/* The trace path of a new device. The first trace that is written goes to rt.trace_path;
 * after cudaDeviceReset has completed k >= 1 traces, the next one goes to the same path with
 * ".k" before a final ".trace" ("bfs.trace" -> "bfs.1.trace"), or appended otherwise. So a
 * reset before the first traced launch, or after the last one, changes no file name. */
static char *rt_device_trace_path(void)
{
    if (!rt.trace_path)
        return NULL;
    size_t k = rt.ntrace_files;
    if (k == 0)
        return rt_strdup(rt.trace_path);
    size_t n = strlen(rt.trace_path);
    const char *ext = ".trace";
    const char *slash = strrchr(rt.trace_path, '/');
    size_t stem = n;
    if (n > 6 && strcmp(rt.trace_path + n - 6, ext) == 0 &&
        (!slash || slash < rt.trace_path + n - 6))
        stem = n - 6;
    else
        ext = "";
    size_t len = n + 24;
    char *p = malloc(len);
    if (p)
        snprintf(p, len, "%.*s.%zu%s", (int)stem, rt.trace_path, k, ext);
    return p;
}

/* Creates the device on first use (and again on the first use after cudaDeviceReset).
 * Returns cudaSuccess or an initialisation error. */
static cudaError_t rt_init(void)
{
    if (rt.initialised)
        return cudaSuccess;
    if (rt.init_failed)
        return cudaErrorInitializationError;
    if (!rt.env_read) {
        rt.env_read = 1;
        if (rt_read_env() != 0) {
            rt.init_failed = 1;
            return cudaErrorInitializationError;
        }
    }
    struct simt_device_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.kernel_filter = rt.kernel_filter;
    /* Launch numbers in SIMT_TRACE_LAUNCHES count every launch of the process; a device
     * created after a reset numbers its launches from 0 again. */
    uint64_t before = rt.ended.launches;
    int none_left = rt.launch_last != UINT64_MAX && rt.launch_last < before;
    cfg.launch_first = rt.launch_first > before ? rt.launch_first - before : 0;
    cfg.launch_last =
        rt.launch_last == UINT64_MAX || none_left ? UINT64_MAX : rt.launch_last - before;
    free(rt.dev_trace_path);
    rt.dev_trace_path = none_left ? NULL : rt_device_trace_path();
    if (rt.trace_path && !none_left && !rt.dev_trace_path) {
        rt_msg("initialisation", "out of memory");
        return cudaErrorInitializationError;
    }
    cfg.trace_path = rt.dev_trace_path;
    cfg.fma = SIMT_FMA_FUSE;
    cfg.progress = isatty(STDERR_FILENO);
    cfg.meta = &rt.meta;
    /* SIMT_WATCHDOG_BRANCHES: the deadlock watchdog's limit (simt_device_set_watchdog), for a
     * kernel that legitimately loops longer than the default without touching memory */
    const char *wd = getenv("SIMT_WATCHDOG_BRANCHES");
    unsigned long long wdn = 0;
    if (wd && *wd) {
        char *end;
        errno = 0;
        wdn = strtoull(wd, &end, 10);
        if (errno || *end || wdn == 0) {
            rt_msg("initialisation",
                   "SIMT_WATCHDOG_BRANCHES=\"%s\" is not a positive number of branches", wd);
            rt.init_failed = 1;
            return cudaErrorInitializationError;
        }
    }
    simt_err e = simt_device_create(&cfg, &rt.dev);
    if (e != SIMT_ERR_OK) {
        rt_msg("initialisation", "cannot create the simulated device: %s", simt_errmsg());
        rt.init_failed = 1;
        return cudaErrorInitializationError;
    }
    if (wdn)
        simt_device_set_watchdog(rt.dev, wdn);
    rt.initialised = 1;
    if (!rt.exit_registered) {
        atexit(rt_at_exit);
        rt.exit_registered = 1;
    }
    return cudaSuccess;
}

/* Loads image `img` into the device if not yet done. */
static cudaError_t rt_load_image(struct rt_image *img)
{
    if (img->module)
        return cudaSuccess;
    if (img->load_failed)
        return cudaErrorInvalidKernelImage;
    simt_err e = simt_module_load(rt.dev, img->image, img->image_bytes, img->name, &img->module);
    if (e != SIMT_ERR_OK) {
        rt_msg("module load", "device code of %s: %s", img->name, simt_errmsg());
        img->load_failed = 1;
        img->module = NULL;
        return e == SIMT_ERR_UNSUPPORTED ? cudaErrorNoKernelImageForDevice
                                         : cudaErrorInvalidKernelImage;
    }
    return cudaSuccess;
}

/* Every API entry that touches the device starts with this: sticky error, lazy init. */
#define RT_ENTER()                                                                                 \
    do {                                                                                           \
        if (rt.finished)                                                                           \
            return cudaErrorCudartUnloading;                                                       \
        if (rt.sticky != cudaSuccess)                                                              \
            return rt.sticky;                                                                      \
        cudaError_t rt_e_ = rt_init();                                                             \
        if (rt_e_ != cudaSuccess)                                                                  \
            return rt_fail(rt_e_);                                                                 \
    } while (0)

/* Ends the current device (at cudaDeviceReset and at exit): completes its trace, or discards
 * it after a device error (the launch that faulted left it incomplete, and a trace is never
 * half-written); adds its figures to rt.ended and frees it. Messages name `who`. Returns the
 * error of completing the trace. */
static simt_err rt_end_device(const char *who)
{
    if (!rt.dev)
        return SIMT_ERR_OK;
    struct simt_device_stats st;
    simt_err e = SIMT_ERR_OK;
    int faulted = rt.sticky != cudaSuccess;
    if (!faulted) {
        e = simt_device_finish(rt.dev);
        if (e != SIMT_ERR_OK)
            rt_msg(who, "finishing the trace %s failed: %s",
                   rt.dev_trace_path ? rt.dev_trace_path : "", simt_errmsg());
    }
    simt_device_stats(rt.dev, &st);
    rt.ended.launches += st.launches;
    rt.ended.thread_instructions += st.thread_instructions;
    if (faulted || e != SIMT_ERR_OK) {
        rt.abandoned_launches += st.traced_launches;
        if (faulted && st.traced_launches > 0 && strcmp(who, "exit") != 0)
            rt_msg(who,
                   "the trace of the %llu traced launches since the start or the last reset "
                   "is discarded (device error %s): a faulted launch leaves it incomplete",
                   (unsigned long long)st.traced_launches, cudaGetErrorName(rt.sticky));
    } else {
        rt.ended.traced_launches += st.traced_launches;
        if (st.traced_launches > 0 && rt.dev_trace_path) {
            struct rt_trace_file *n =
                rt_grow(rt.trace_files, &rt.cap_trace_files, rt.ntrace_files, sizeof *n);
            char *path = rt_strdup(rt.dev_trace_path);
            if (n && path) {
                rt.trace_files = n;
                rt.trace_files[rt.ntrace_files].path = path;
                rt.trace_files[rt.ntrace_files].bytes = st.trace_bytes;
                rt.ntrace_files++;
            } else {
                free(path);
            }
        }
    }
    simt_device_free(rt.dev); /* aborts (removes) an unfinished trace */
    rt.dev = NULL;
    rt.initialised = 0;
    free(rt.dev_trace_path);
    rt.dev_trace_path = NULL;
    return e;
}

/* The exit handler: completes the trace and prints the one-line summary of the whole run
 * (every device, when cudaDeviceReset ended some). */
static void rt_at_exit(void)
{
    if (!rt.env_read)
        return;      /* the device was never created */
    rt.finished = 1; /* calls from later exit handlers / static destructors: "unloading" */
    double secs = (now_ms() - rt.t0) / 1e3;
    int quiet = getenv("SIMT_QUIET") && strcmp(getenv("SIMT_QUIET"), "0") != 0;
    cudaError_t sticky = rt.sticky;
    simt_err e = rt_end_device("exit");
    const struct simt_device_stats *st = &rt.ended;
    if (e == SIMT_ERR_OK && !quiet) {
        if (sticky != cudaSuccess) {
            fprintf(stderr,
                    "simt-cudart: %llu launches, %llu thread-instructions, no trace written "
                    "(device error: %s)",
                    (unsigned long long)st->launches, (unsigned long long)st->thread_instructions,
                    cudaGetErrorName(sticky));
            if (rt.ntrace_files)
                fprintf(stderr, " since the last cudaDeviceReset");
        } else if (rt.ntrace_files == 0) {
            fprintf(stderr, "simt-cudart: %llu launches, %llu thread-instructions, no trace (%s)",
                    (unsigned long long)st->launches, (unsigned long long)st->thread_instructions,
                    rt.functional ? "SIMT_FUNCTIONAL" : "no launch selected");
        } else {
            fprintf(stderr, "simt-cudart: %llu launches (%llu traced), %llu thread-instructions",
                    (unsigned long long)st->launches, (unsigned long long)st->traced_launches,
                    (unsigned long long)st->thread_instructions);
        }
        if (sticky == cudaSuccess || rt.ntrace_files) {
            for (size_t i = 0; i < rt.ntrace_files; i++)
                fprintf(stderr, ", trace %s %llu bytes", rt.trace_files[i].path,
                        (unsigned long long)rt.trace_files[i].bytes);
        }
        if (rt.abandoned_launches && sticky == cudaSuccess)
            fprintf(stderr, ", %llu traced launches discarded by a device error",
                    (unsigned long long)rt.abandoned_launches);
        if (rt.resets)
            fprintf(stderr, ", %llu device resets", (unsigned long long)rt.resets);
        fprintf(stderr, ", %.2f s\n", secs);
    }
    for (size_t i = 0; i < rt.ntrace_files; i++)
        free(rt.trace_files[i].path);
    free(rt.trace_files);
    rt.trace_files = NULL;
    rt.ntrace_files = rt.cap_trace_files = 0;
}

/* ---------------------------------------------------------------------------------------------
 * Registration (called from the constructors clang emits in each host object).
 * ------------------------------------------------------------------------------------------- */
void **__cudaRegisterFatBinary(void *fat_cubin)
{
    const struct simt_fatbin_wrapper *w = fat_cubin;
    struct rt_image *img = calloc(1, sizeof *img);
    if (!img) {
        rt_msg("__cudaRegisterFatBinary", "out of memory");
        return NULL;
    }
    const unsigned char *c = w ? w->data : NULL;
    uint64_t name_bytes = 0, image_bytes = 0;
    if (!w || (unsigned)w->magic != SIMT_CUDA_WRAPPER_MAGIC || !c ||
        memcmp(c, SIMT_FATBIN_MAGIC, 8) != 0) {
        rt_msg("__cudaRegisterFatBinary",
               "the embedded device image is not a simt-cc container (magic \"%s\"); build "
               "every .cu file with simt-cc",
               SIMT_FATBIN_MAGIC);
        img->load_failed = 1;
        img->name = rt_strdup("<unknown>");
    } else {
        memcpy(&name_bytes, c + 8, 8);
        memcpy(&image_bytes, c + 16, 8);
        if (name_bytes == 0 || name_bytes > SIMT_FATBIN_NAME_MAX ||
            c[SIMT_FATBIN_HEADER_BYTES + name_bytes - 1] != '\0' || image_bytes > (1ull << 40)) {
            rt_msg("__cudaRegisterFatBinary", "corrupt simt-cc container header");
            img->load_failed = 1;
            img->name = rt_strdup("<corrupt>");
        } else {
            img->name = rt_strdup((const char *)c + SIMT_FATBIN_HEADER_BYTES);
            img->image = c + SIMT_FATBIN_HEADER_BYTES + name_bytes;
            img->image_bytes = (size_t)image_bytes;
        }
    }
    struct rt_image **n = rt_grow(rt.images, &rt.cap_images, rt.nimages, sizeof *n);
    if (!n) {
        free(img->name);
        free(img);
        return NULL;
    }
    rt.images = n;
    rt.images[rt.nimages++] = img;
    return (void **)img;
}

void __cudaRegisterFatBinaryEnd(void **handle)
{
    (void)handle;
}

void __cudaUnregisterFatBinary(void **handle)
{
    /* Modules live until the device is freed by the exit handler (which runs after the
     * host objects' destructors have unregistered): nothing to do here. */
    (void)handle;
}

static struct rt_image *rt_handle_image(void **handle)
{
    return (struct rt_image *)handle;
}

int __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun,
                           const char *device_name, int thread_limit, void *tid, void *bid,
                           void *bdim, void *gdim, int *wsize)
{
    (void)device_name, (void)thread_limit, (void)tid, (void)bid, (void)bdim, (void)gdim;
    (void)wsize;
    struct rt_func *n = rt_grow(rt.funcs, &rt.cap_funcs, rt.nfuncs, sizeof *n);
    if (!n || !handle)
        return 0;
    rt.funcs = n;
    struct rt_func *f = &rt.funcs[rt.nfuncs];
    f->stub = host_fun;
    f->name = rt_strdup(device_fun);
    f->img = rt_handle_image(handle);
    f->max_dyn_shared = -1;
    if (f->name)
        rt.nfuncs++;
    return 0;
}

/* __managed__ variables: host_defines.h puts their host shadows in section simt_managed (weak:
 * a program without any has no such section). */
extern char __start_simt_managed[] __attribute__((weak));
extern char __stop_simt_managed[] __attribute__((weak));

static void rt_managed_pull(struct rt_var *v);

void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *device_name,
                       int ext, size_t size, int constant, int global)
{
    (void)device_name, (void)ext, (void)global;
    struct rt_var *n = rt_grow(rt.vars, &rt.cap_vars, rt.nvars, sizeof *n);
    if (!n || !handle)
        return;
    rt.vars = n;
    struct rt_var *v = &rt.vars[rt.nvars];
    memset(v, 0, sizeof *v);
    v->host = host_var;
    v->name = rt_strdup(device_address);
    v->img = rt_handle_image(handle);
    v->bytes = size;
    v->constant = constant;
    v->managed =
        __start_simt_managed && host_var >= __start_simt_managed && host_var < __stop_simt_managed;
    if (!v->name)
        return;
    rt.nvars++;
    /* the shadow starts with the variable's initial value (the host compile leaves it 0), read
     * from the device copy now, before main can read the variable */
    if (v->managed)
        rt_managed_pull(v);
}

void __cudaRegisterManagedVar(void **handle, void **host_var_ptr, char *device_address,
                              const char *device_name, int ext, size_t size, int constant,
                              int global)
{
    (void)handle, (void)host_var_ptr, (void)device_address, (void)ext, (void)size;
    (void)constant, (void)global;
    rt_msg("__cudaRegisterManagedVar",
           "__managed__ variable '%s' is not supported (use cudaMallocManaged); every CUDA "
           "call will fail",
           device_name ? device_name : "?");
    rt.registration_error = rt.sticky = rt.last_error = cudaErrorNotSupported;
}

void __cudaRegisterTexture(void **handle, const void *host_var, const void **device_address,
                           const char *device_name, int dim, int norm, int ext)
{
    (void)device_name, (void)ext;
    struct rt_tex *n = rt_grow(rt.texs, &rt.cap_texs, rt.ntexs, sizeof *n);
    if (!n || !handle)
        return;
    rt.texs = n;
    struct rt_tex *t = &rt.texs[rt.ntexs];
    t->host = host_var;
    t->name = rt_strdup((const char *)device_address);
    t->img = rt_handle_image(handle);
    t->dim = dim;
    t->read_mode = norm;
    if (t->name)
        rt.ntexs++;
}

void __cudaRegisterSurface(void **handle, const void *host_var, const void **device_address,
                           const char *device_name, int dim, int ext)
{
    (void)handle, (void)host_var, (void)device_address, (void)dim, (void)ext;
    rt_msg("__cudaRegisterSurface",
           "surface reference '%s' is not supported; every CUDA call will fail",
           device_name ? device_name : "?");
    rt.registration_error = rt.sticky = rt.last_error = cudaErrorNotSupported;
}

static struct rt_func *rt_find_func(const void *stub)
{
    for (size_t i = 0; i < rt.nfuncs; i++)
        if (rt.funcs[i].stub == stub)
            return &rt.funcs[i];
    return NULL;
}

static struct rt_var *rt_find_var(const void *host)
{
    for (size_t i = 0; i < rt.nvars; i++)
        if (rt.vars[i].host == host)
            return &rt.vars[i];
    return NULL;
}

/* The device copy of managed variable v into its shadow (device -> host). */
static void rt_managed_pull(struct rt_var *v)
{
    uint64_t a, n;
    if (rt_init() != cudaSuccess || rt_load_image(v->img) != cudaSuccess ||
        simt_module_symbol(v->img->module, v->name, &a, &n) != SIMT_ERR_OK)
        return;
    const void *p = simt_dev_host_ptr(rt.dev, a);
    if (p)
        memcpy((void *)v->host, p, n < v->bytes ? n : v->bytes);
    v->mirrored = v->img->module;
}

/* Mirrors every managed variable: to_device 1 copies the shadows to the device (before a
 * launch or a read of the symbol), 0 the device copies to the shadows (after a launch or a
 * write of the symbol). A module loaded anew (cudaDeviceReset) first gives its initial values
 * to the shadows. */
static void rt_managed_sync(int to_device)
{
    for (size_t i = 0; i < rt.nvars; i++) {
        struct rt_var *v = &rt.vars[i];
        if (!v->managed || !v->img || rt_load_image(v->img) != cudaSuccess)
            continue;
        uint64_t a, n;
        if (simt_module_symbol(v->img->module, v->name, &a, &n) != SIMT_ERR_OK)
            continue;
        void *p = simt_dev_host_ptr(rt.dev, a);
        if (!p)
            continue;
        const size_t b = n < v->bytes ? n : v->bytes;
        if (v->mirrored != v->img->module || !to_device)
            memcpy((void *)v->host, p, b);
        else
            memcpy(p, v->host, b);
        v->mirrored = v->img->module;
    }
}

static struct rt_tex *rt_find_tex(const void *host)
{
    for (size_t i = 0; i < rt.ntexs; i++)
        if (rt.texs[i].host == host)
            return &rt.texs[i];
    return NULL;
}

/* ---------------------------------------------------------------------------------------------
 * Errors and devices.
 * ------------------------------------------------------------------------------------------- */
#define RT_ERROR_LIST(X)                                                                           \
    X(cudaSuccess, "no error")                                                                     \
    X(cudaErrorInvalidValue, "invalid argument")                                                   \
    X(cudaErrorMemoryAllocation, "out of memory")                                                  \
    X(cudaErrorInitializationError, "initialization error")                                        \
    X(cudaErrorCudartUnloading, "driver shutting down")                                            \
    X(cudaErrorProfilerDisabled, "profiler disabled")                                              \
    X(cudaErrorInvalidConfiguration, "invalid configuration argument")                             \
    X(cudaErrorInvalidPitchValue, "invalid pitch argument")                                        \
    X(cudaErrorInvalidSymbol, "invalid device symbol")                                             \
    X(cudaErrorInvalidHostPointer, "invalid host pointer")                                         \
    X(cudaErrorInvalidDevicePointer, "invalid device pointer")                                     \
    X(cudaErrorInvalidTexture, "invalid texture reference")                                        \
    X(cudaErrorInvalidTextureBinding, "texture is not bound to a valid memory region")             \
    X(cudaErrorInvalidChannelDescriptor, "invalid channel descriptor")                             \
    X(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy")                        \
    X(cudaErrorInvalidFilterSetting, "linear filtering not supported for this format")             \
    X(cudaErrorInvalidNormSetting, "read as normalized float not supported for this format")       \
    X(cudaErrorInsufficientDriver, "driver version is insufficient for runtime version")           \
    X(cudaErrorMissingConfiguration, "__global__ function call is not configured")                 \
    X(cudaErrorInvalidDeviceFunction, "invalid device function")                                   \
    X(cudaErrorNoDevice, "no CUDA-capable device is detected")                                     \
    X(cudaErrorInvalidDevice, "invalid device ordinal")                                            \
    X(cudaErrorInvalidKernelImage, "device kernel image is invalid")                               \
    X(cudaErrorNoKernelImageForDevice, "no kernel image is available for execution on the device") \
    X(cudaErrorInvalidSource, "device kernel image is invalid")                                    \
    X(cudaErrorFileNotFound, "file not found")                                                     \
    X(cudaErrorInvalidResourceHandle, "invalid resource handle")                                   \
    X(cudaErrorSymbolNotFound, "named symbol not found")                                           \
    X(cudaErrorNotReady, "device not ready")                                                       \
    X(cudaErrorIllegalAddress, "an illegal memory access was encountered")                         \
    X(cudaErrorLaunchOutOfResources, "too many resources requested for launch")                    \
    X(cudaErrorLaunchTimeout, "the launch timed out and was terminated")                           \
    X(cudaErrorAssert, "device-side assert triggered")                                             \
    X(cudaErrorIllegalInstruction, "an illegal instruction was encountered")                       \
    X(cudaErrorMisalignedAddress, "misaligned address")                                            \
    X(cudaErrorLaunchFailure, "unspecified launch failure")                                        \
    X(cudaErrorNotSupported, "operation not supported")                                            \
    X(cudaErrorUnknown, "unknown error")                                                           \
    X(cudaErrorProfilerNotInitialized, "profiler not initialized")                                 \
    X(cudaErrorProfilerAlreadyStarted, "profiler already started")                                 \
    X(cudaErrorProfilerAlreadyStopped, "profiler already stopped")                                 \
    X(cudaErrorAddressOfConstant, "address of a constant variable taken")                          \
    X(cudaErrorTextureFetchFailed, "texture fetch failed")                                         \
    X(cudaErrorTextureNotBound, "texture not bound")                                               \
    X(cudaErrorSynchronizationError, "synchronization failed")                                     \
    X(cudaErrorMixedDeviceExecution, "device and emulated device code mixed")                      \
    X(cudaErrorNotYetImplemented, "feature not yet implemented")                                   \
    X(cudaErrorMemoryValueTooLarge, "memory value too large")                                      \
    X(cudaErrorStubLibrary, "a stub driver library was loaded")                                    \
    X(cudaErrorCallRequiresNewerDriver, "the call needs a newer driver")                           \
    X(cudaErrorInvalidSurface, "invalid surface")                                                  \
    X(cudaErrorDuplicateVariableName, "two device variables share a name")                         \
    X(cudaErrorDuplicateTextureName, "two textures share a name")                                  \
    X(cudaErrorDuplicateSurfaceName, "two surfaces share a name")                                  \
    X(cudaErrorDevicesUnavailable, "every device is busy or unavailable")                          \
    X(cudaErrorIncompatibleDriverContext, "the current context does not fit this runtime")         \
    X(cudaErrorPriorLaunchFailure, "an earlier launch failed")                                     \
    X(cudaErrorLaunchMaxDepthExceeded, "device-side launch nested too deep")                       \
    X(cudaErrorLaunchFileScopedTex, "device-side launch of a kernel using texture references")     \
    X(cudaErrorLaunchFileScopedSurf, "device-side launch of a kernel using surface references")    \
    X(cudaErrorSyncDepthExceeded, "device-side synchronisation nested too deep")                   \
    X(cudaErrorLaunchPendingCountExceeded, "too many pending device-side launches")                \
    X(cudaErrorDeviceNotLicensed, "the device has no valid license")                               \
    X(cudaErrorSoftwareValidityNotEstablished, "runtime or driver self-test failed")               \
    X(cudaErrorStartupFailure, "runtime start-up failed")                                          \
    X(cudaErrorDeviceUninitialized, "no valid context")                                            \
    X(cudaErrorMapBufferObjectFailed, "buffer object could not be mapped")                         \
    X(cudaErrorUnmapBufferObjectFailed, "buffer object could not be unmapped")                     \
    X(cudaErrorArrayIsMapped, "the array is mapped")                                               \
    X(cudaErrorAlreadyMapped, "the resource is already mapped")                                    \
    X(cudaErrorAlreadyAcquired, "the resource is already acquired")                                \
    X(cudaErrorNotMapped, "the resource is not mapped")                                            \
    X(cudaErrorNotMappedAsArray, "the resource is not mapped as an array")                         \
    X(cudaErrorNotMappedAsPointer, "the resource is not mapped as a pointer")                      \
    X(cudaErrorECCUncorrectable, "uncorrectable ECC error")                                        \
    X(cudaErrorUnsupportedLimit, "limit not supported by the device")                              \
    X(cudaErrorDeviceAlreadyInUse, "exclusive device already in use")                              \
    X(cudaErrorPeerAccessUnsupported, "peer access not supported between these devices")           \
    X(cudaErrorInvalidPtx, "PTX compilation failed")                                               \
    X(cudaErrorInvalidGraphicsContext, "invalid graphics context")                                 \
    X(cudaErrorNvlinkUncorrectable, "uncorrectable NVLink error")                                  \
    X(cudaErrorJitCompilerNotFound, "PTX JIT compiler not found")                                  \
    X(cudaErrorUnsupportedPtxVersion, "unsupported PTX version")                                   \
    X(cudaErrorJitCompilationDisabled, "JIT compilation disabled")                                 \
    X(cudaErrorUnsupportedExecAffinity, "execution affinity not supported")                        \
    X(cudaErrorSharedObjectSymbolNotFound, "shared object symbol not found")                       \
    X(cudaErrorSharedObjectInitFailed, "shared object initialization failed")                      \
    X(cudaErrorOperatingSystem, "an operating system call failed")                                 \
    X(cudaErrorIllegalState, "resource in an invalid state for the operation")                     \
    X(cudaErrorLaunchIncompatibleTexturing, "launch uses an incompatible texturing mode")          \
    X(cudaErrorPeerAccessAlreadyEnabled, "peer access already enabled")                            \
    X(cudaErrorPeerAccessNotEnabled, "peer access not enabled")                                    \
    X(cudaErrorSetOnActiveProcess, "device already active in this process")                        \
    X(cudaErrorContextIsDestroyed, "context destroyed")                                            \
    X(cudaErrorTooManyPeers, "too many peers")                                                     \
    X(cudaErrorHostMemoryAlreadyRegistered, "host memory already registered")                      \
    X(cudaErrorHostMemoryNotRegistered, "host memory not registered")                              \
    X(cudaErrorHardwareStackError, "device call stack error")                                      \
    X(cudaErrorInvalidAddressSpace, "operation on an address of the wrong space")                  \
    X(cudaErrorInvalidPc, "invalid program counter")                                               \
    X(cudaErrorCooperativeLaunchTooLarge, "too many blocks for a cooperative launch")              \
    X(cudaErrorNotPermitted, "operation not permitted")                                            \
    X(cudaErrorSystemNotReady, "system not ready")                                                 \
    X(cudaErrorSystemDriverMismatch, "display and CUDA driver versions differ")                    \
    X(cudaErrorCompatNotSupportedOnDevice, "forward compatibility not supported on the device")    \
    X(cudaErrorStreamCaptureUnsupported, "operation not permitted while the stream is capturing")  \
    X(cudaErrorStreamCaptureInvalidated, "stream capture invalidated")                             \
    X(cudaErrorStreamCaptureMerge, "stream captures would merge")                                  \
    X(cudaErrorStreamCaptureUnmatched, "capture not started in this stream")                       \
    X(cudaErrorStreamCaptureUnjoined, "capture fork not joined")                                   \
    X(cudaErrorStreamCaptureIsolation, "dependency crosses the capture boundary")                  \
    X(cudaErrorStreamCaptureImplicit, "implicit dependency on a capture")                          \
    X(cudaErrorCapturedEvent, "event recorded in a capturing stream")                              \
    X(cudaErrorStreamCaptureWrongThread, "capture ended in another thread")                        \
    X(cudaErrorTimeout, "wait timed out")                                                          \
    X(cudaErrorGraphExecUpdateFailure, "graph update not performed")                               \
    X(cudaErrorApiFailureBase, "driver API failure")

const char *cudaGetErrorString(cudaError_t error)
{
    switch (error) {
#define RT_ERR_STR_(e, s)                                                                          \
    case e:                                                                                        \
        return s;
        RT_ERROR_LIST(RT_ERR_STR_)
#undef RT_ERR_STR_
    }
    return "unrecognized error code";
}

const char *cudaGetErrorName(cudaError_t error)
{
    switch (error) {
#define RT_ERR_NAME_(e, s)                                                                         \
    case e:                                                                                        \
        return #e;
        RT_ERROR_LIST(RT_ERR_NAME_)
#undef RT_ERR_NAME_
    }
    return "cudaErrorUnknown";
}

cudaError_t cudaGetLastError(void)
{
    cudaError_t e = rt.last_error;
    rt.last_error = rt.sticky; /* a sticky error is never cleared */
    return e;
}

cudaError_t cudaPeekAtLastError(void)
{
    return rt.last_error;
}

cudaError_t cudaGetDeviceCount(int *count)
{
    if (!count)
        return rt_fail(cudaErrorInvalidValue);
    *count = 1;
    return cudaSuccess;
}

cudaError_t cudaSetDevice(int device)
{
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    RT_ENTER();
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int *device)
{
    if (!device)
        return rt_fail(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
    rt.device_flags = flags; /* scheduling hints: the host thread runs the device anyway */
    return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags)
{
    if (!flags)
        return rt_fail(cudaErrorInvalidValue);
    *flags = rt.device_flags;
    return cudaSuccess;
}

static int rt_sm_count(void)
{
    const char *s = getenv("SIMT_DEVICE_SMS");
    if (s && *s) {
        long v = strtol(s, NULL, 10);
        if (v > 0 && v <= 1024)
            return (int)v;
    }
    return simt_gpu.sm_count;
}

static size_t rt_global_bytes(void)
{
    return (size_t)16 << 30; /* the tracer's default cap on cudaMalloc */
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device)
{
    if (!p)
        return rt_fail(cudaErrorInvalidValue);
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", simt_gpu.name);
    p->totalGlobalMem = rt_global_bytes();
    p->sharedMemPerBlock = simt_gpu.shared_per_block;
    p->regsPerBlock = simt_gpu.regs_per_block;
    p->warpSize = simt_gpu.warp_size;
    p->memPitch = (size_t)INT_MAX;
    p->maxThreadsPerBlock = simt_gpu.max_threads_per_block;
    for (int i = 0; i < 3; i++) {
        p->maxThreadsDim[i] = simt_gpu.max_block[i];
        p->maxGridSize[i] = simt_gpu.max_grid[i];
    }
    p->clockRate = simt_gpu.clock_khz;
    p->totalConstMem = simt_gpu.const_bytes;
    p->major = simt_gpu.major;
    p->minor = simt_gpu.minor;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 32;
    p->deviceOverlap = 0;
    p->multiProcessorCount = rt_sm_count();
    p->canMapHostMemory = 1;
    p->computeMode = cudaComputeModeDefault;
    p->maxTexture1D = 131072;
    p->maxTexture1DLinear = 1 << 27;
    p->maxTexture2D[0] = 131072;
    p->maxTexture2D[1] = 65536;
    p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
    p->concurrentKernels = 0;
    p->unifiedAddressing = 1;
    p->memoryClockRate = simt_gpu.mem_clock_khz;
    p->memoryBusWidth = simt_gpu.bus_width;
    p->l2CacheSize = simt_gpu.l2_bytes;
    p->maxThreadsPerMultiProcessor = simt_gpu.max_threads_per_sm;
    p->globalL1CacheSupported = 1;
    p->localL1CacheSupported = 1;
    p->sharedMemPerMultiprocessor = simt_gpu.shared_per_sm;
    p->regsPerMultiprocessor = simt_gpu.regs_per_block;
    p->managedMemory = 1;
    p->sharedMemPerBlockOptin = simt_gpu.shared_per_block_optin;
    p->maxBlocksPerMultiProcessor = simt_gpu.max_blocks_per_sm;
    /* as cudaDeviceGetAttribute answers them */
    p->singleToDoublePrecisionPerfRatio = 2;
    p->concurrentManagedAccess = 1;
    p->computePreemptionSupported = 1;
    p->cooperativeLaunch = 1;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    if (!value)
        return rt_fail(cudaErrorInvalidValue);
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    struct cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock:
        *value = p.maxThreadsPerBlock;
        break;
    case cudaDevAttrMaxBlockDimX:
    case cudaDevAttrMaxBlockDimY:
    case cudaDevAttrMaxBlockDimZ:
        *value = p.maxThreadsDim[attr - cudaDevAttrMaxBlockDimX];
        break;
    case cudaDevAttrMaxGridDimX:
    case cudaDevAttrMaxGridDimY:
    case cudaDevAttrMaxGridDimZ:
        *value = p.maxGridSize[attr - cudaDevAttrMaxGridDimX];
        break;
    case cudaDevAttrMaxSharedMemoryPerBlock:
    case cudaDevAttrMaxSharedMemoryPerBlockOptin:
        *value = (int)p.sharedMemPerBlock;
        break;
    case cudaDevAttrTotalConstantMemory:
        *value = (int)p.totalConstMem;
        break;
    case cudaDevAttrWarpSize:
        *value = p.warpSize;
        break;
    case cudaDevAttrMaxPitch:
        *value = INT_MAX;
        break;
    case cudaDevAttrMaxRegistersPerBlock:
    case cudaDevAttrMaxRegistersPerMultiprocessor:
        *value = p.regsPerBlock;
        break;
    case cudaDevAttrClockRate:
        *value = p.clockRate;
        break;
    case cudaDevAttrTextureAlignment:
        *value = (int)p.textureAlignment;
        break;
    case cudaDevAttrMultiProcessorCount:
        *value = p.multiProcessorCount;
        break;
    case cudaDevAttrGpuOverlap:
    case cudaDevAttrKernelExecTimeout:
    case cudaDevAttrIntegrated:
    case cudaDevAttrConcurrentKernels:
    case cudaDevAttrEccEnabled:
    case cudaDevAttrComputeMode:
        *value = 0;
        break;
    case cudaDevAttrCanMapHostMemory:
    case cudaDevAttrUnifiedAddressing:
    case cudaDevAttrManagedMemory:
        *value = 1;
        break;
    case cudaDevAttrMemoryClockRate:
        *value = p.memoryClockRate;
        break;
    case cudaDevAttrGlobalMemoryBusWidth:
        *value = p.memoryBusWidth;
        break;
    case cudaDevAttrL2CacheSize:
        *value = p.l2CacheSize;
        break;
    case cudaDevAttrMaxThreadsPerMultiProcessor:
        *value = p.maxThreadsPerMultiProcessor;
        break;
    case cudaDevAttrComputeCapabilityMajor:
        *value = p.major;
        break;
    case cudaDevAttrComputeCapabilityMinor:
        *value = p.minor;
        break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
        *value = (int)p.sharedMemPerMultiprocessor;
        break;
    case cudaDevAttrMaxBlocksPerMultiprocessor:
        *value = p.maxBlocksPerMultiProcessor;
        break;
    case cudaDevAttrMaxTexture1DWidth:
        *value = p.maxTexture1D;
        break;
    case cudaDevAttrMaxTexture2DWidth:
    case cudaDevAttrMaxTexture2DHeight:
        *value = p.maxTexture2D[attr - cudaDevAttrMaxTexture2DWidth];
        break;
    case cudaDevAttrMaxTexture3DWidth:
    case cudaDevAttrMaxTexture3DHeight:
    case cudaDevAttrMaxTexture3DDepth:
        *value = p.maxTexture3D[attr - cudaDevAttrMaxTexture3DWidth];
        break;
    case cudaDevAttrSurfaceAlignment:
        *value = (int)p.textureAlignment;
        break;
    case cudaDevAttrTexturePitchAlignment:
        *value = (int)p.texturePitchAlignment;
        break;
    case cudaDevAttrSingleToDoublePrecisionPerfRatio:
        *value = 2; /* compute capability 7.0 */
        break;
    /* what this device does: cooperative launches, registration (for copies), managed memory
     * the host reads directly at any time, caches */
    case cudaDevAttrGlobalL1CacheSupported:
    case cudaDevAttrLocalL1CacheSupported:
    case cudaDevAttrConcurrentManagedAccess:
    case cudaDevAttrComputePreemptionSupported:
    case cudaDevAttrCooperativeLaunch:
    case cudaDevAttrHostRegisterSupported:
    case cudaDevAttrHostRegisterReadOnlySupported:
    case cudaDevAttrDirectManagedMemAccessFromHost:
        *value = 1;
        break;
    /* and what it does not: one device on no bus, no stream priorities (the range is 0..0),
     * no kernel access to registered or pageable memory, no memory pools or persisting L2 */
    case cudaDevAttrPciBusId:
    case cudaDevAttrPciDeviceId:
    case cudaDevAttrPciDomainId:
    case cudaDevAttrTccDriver:
    case cudaDevAttrAsyncEngineCount:
    case cudaDevAttrStreamPrioritiesSupported:
    case cudaDevAttrIsMultiGpuBoard:
    case cudaDevAttrMultiGpuBoardGroupID:
    case cudaDevAttrHostNativeAtomicSupported:
    case cudaDevAttrPageableMemoryAccess:
    case cudaDevAttrCanUseHostPointerForRegisteredMem:
    case cudaDevAttrCooperativeMultiDeviceLaunch:
    case cudaDevAttrCanFlushRemoteWrites:
    case cudaDevAttrPageableMemoryAccessUsesHostPageTables:
    case cudaDevAttrMaxPersistingL2CacheSize:
    case cudaDevAttrMaxAccessPolicyWindowSize:
    case cudaDevAttrReservedSharedMemoryPerBlock:
    case cudaDevAttrSparseCudaArraySupported:
    case cudaDevAttrMemoryPoolsSupported:
        *value = 0;
        break;
    default:
        rt_msg("cudaDeviceGetAttribute", "attribute %d is not supported", (int)attr);
        return rt_fail(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId)
{
    if (!device || !pciBusId)
        return rt_fail(cudaErrorInvalidValue);
    if (strcasecmp(pciBusId, "0000:00:00.0") != 0 && strcasecmp(pciBusId, "00:00.0") != 0) {
        rt_msg("cudaDeviceGetByPCIBusId", "no device at '%s' (device 0 is at 0000:00:00.0)",
               pciBusId);
        return rt_fail(cudaErrorInvalidDevice);
    }
    *device = 0;
    return cudaSuccess;
}

/* No persisting L2 lines are modelled here: nothing to reset. */
cudaError_t cudaCtxResetPersistingL2Cache(void)
{
    RT_ENTER();
    return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
    (void)prop;
    if (!device)
        return rt_fail(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

/* Destroys everything the process created on the device, as CUDA documents: memory
 * (cudaMalloc, cudaMallocManaged, cudaHostAlloc, arrays), streams, events, texture bindings,
 * loaded modules (so __device__/__constant__ variables return to their initial values), and
 * the sticky error; the last error stays until cudaGetLastError reads it, and memory pools
 * (which belong to the device, not the context) stay with their attributes, emptied, as on
 * an H200 with CUDA 13 (docs/DEVICE_CHECK.md). The trace of the launches so far is completed (or
 * discarded after a device error) and the device is freed; the next call that needs the
 * device creates a new one, as at start-up, and loads each registered image again when one
 * of its kernels, variables or textures is used. The registrations themselves stay. */
cudaError_t cudaDeviceReset(void)
{
    if (rt.finished)
        return cudaErrorCudartUnloading;
    simt_err e = rt_end_device("cudaDeviceReset");
    if (rt.env_read)
        rt.resets++;
    for (size_t i = 0; i < rt.nimages; i++)
        rt.images[i]->module = NULL; /* freed with the device */
    rt.nallocs = 0;
    rt.used_bytes = 0;
    /* pools stay, emptied (their memory went with the device); one destroyed while it had
     * allocations goes now */
    for (struct CUmemPoolHandle_st **pp = &rt.pools; *pp;) {
        struct CUmemPoolHandle_st *p = *pp;
        if (p->destroyed) {
            *pp = p->next;
            free(p);
            continue;
        }
        p->used = p->used_high = p->reserved = p->reserved_high = 0;
        pp = &p->next;
    }
    rt.default_pool.used = rt.default_pool.used_high = 0;
    rt.default_pool.reserved = rt.default_pool.reserved_high = 0;
    /* graph allocations went with the device: those no node names any more go now (the
     * others stay, marked by their rt.resets, until their graphs go) */
    for (struct rt_galloc **pp = &rt.gallocs; *pp;) {
        struct rt_galloc *a = *pp;
        a->live = 0;
        if (a->refs) {
            pp = &a->next;
            continue;
        }
        *pp = a->next;
        free(a);
    }
    rt.gmem_used_high = rt.gmem_res_high = 0;
    rt.nhost_allocs = 0;
    rt.nhostregs = 0;
    rt.ntexobjs = 0; /* the tracer's objects went with the device */
    while (rt.streams) {
        struct CUstream_st *n = rt.streams->next;
        free(rt.streams);
        rt.streams = n;
    }
    while (rt.events) {
        struct CUevent_st *n = rt.events->next;
        free(rt.events);
        rt.events = n;
    }
    while (rt.arrays) {
        struct cudaArray *n = rt.arrays->next;
        free(rt.arrays);
        rt.arrays = n;
    }
    for (size_t i = 0; i < rt.nfuncs; i++)
        rt.funcs[i].max_dyn_shared = -1; /* function attributes belong to the context */
    rt.device_flags = 0;
    rt.cache_config = cudaFuncCachePreferNone;
    rt.nargs = 0;
    rt.sticky = rt.registration_error;
    if (rt.sticky != cudaSuccess)
        rt.last_error = rt.sticky;
    if (rt.sticky != cudaSuccess)
        return rt.sticky;
    return e == SIMT_ERR_OK ? cudaSuccess : rt_fail(cudaErrorUnknown);
}

cudaError_t cudaDeviceSynchronize(void)
{
    RT_ENTER(); /* every operation completes before its call returns */
    return cudaSuccess;
}

cudaError_t cudaThreadSynchronize(void)
{
    return cudaDeviceSynchronize();
}

cudaError_t cudaThreadExit(void)
{
    return cudaDeviceReset();
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
    (void)value;
    if ((int)limit < 0 || limit > cudaLimitMallocHeapSize)
        return rt_fail(cudaErrorInvalidValue);
    return cudaSuccess; /* accepted; the tracer's defaults apply (docs/CUDA_SUPPORT.md) */
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit)
{
    if (!value)
        return rt_fail(cudaErrorInvalidValue);
    switch (limit) {
    case cudaLimitStackSize:
        *value = 16 * 1024;
        return cudaSuccess;
    case cudaLimitPrintfFifoSize:
        *value = 1 << 20;
        return cudaSuccess;
    case cudaLimitMallocHeapSize:
        *value = 8 << 20;
        return cudaSuccess;
    }
    return rt_fail(cudaErrorInvalidValue);
}

/* Cache configurations are recorded (and read back) only: the functional device has no L1 /
 * shared memory split. */
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config)
{
    rt.cache_config = config;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config)
{
    if (!config)
        return rt_fail(cudaErrorInvalidValue);
    *config = rt.cache_config;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *config)
{
    if (!config)
        return rt_fail(cudaErrorInvalidValue);
    *config = cudaSharedMemBankSizeFourByte; /* 32 banks of 4 bytes, compute capability 7.0 */
    return cudaSuccess;
}

cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value)
{
    return cudaDeviceSetLimit(limit, value);
}

cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit)
{
    return cudaDeviceGetLimit(value, limit);
}

cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device)
{
    if (!pciBusId || len <= 0)
        return rt_fail(cudaErrorInvalidValue);
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    snprintf(pciBusId, (size_t)len, "0000:00:00.0"); /* a virtual device on no bus */
    return cudaSuccess;
}

cudaError_t cudaSetValidDevices(int *device_arr, int len)
{
    for (int i = 0; device_arr && i < len; i++)
        if (device_arr[i] != 0)
            return rt_fail(cudaErrorInvalidDevice);
    return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)
{
    (void)config;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *version)
{
    if (!version)
        return rt_fail(cudaErrorInvalidValue);
    *version = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *version)
{
    if (!version)
        return rt_fail(cudaErrorInvalidValue);
    *version = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaProfilerStart(void)
{
    return cudaSuccess;
}

cudaError_t cudaProfilerStop(void)
{
    return cudaSuccess;
}

/* ---------------------------------------------------------------------------------------------
 * Kernels: attributes and launches.
 * ------------------------------------------------------------------------------------------- */
static cudaError_t rt_kernel(const char *api, const void *stub, struct rt_func **out)
{
    struct rt_func *f = rt_find_func(stub);
    if (!f) {
        rt_msg(api, "%p is not a registered __global__ function", stub);
        return rt_fail(cudaErrorInvalidDeviceFunction);
    }
    cudaError_t e = rt_load_image(f->img);
    if (e != cudaSuccess)
        return rt_fail(e);
    *out = f;
    return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config)
{
    (void)func, (void)config;
    return cudaSuccess;
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)
{
    (void)func, (void)config;
    return cudaSuccess;
}

/* The kernel's attributes (simt_module_kernel_attrs), for the calls below. */
static cudaError_t rt_kernel_attrs(const char *api, const void *func, struct rt_func **f,
                                   struct simt_kernel_attrs *ka)
{
    cudaError_t e = rt_kernel(api, func, f);
    if (e != cudaSuccess)
        return e;
    if (simt_module_kernel_attrs((*f)->img->module, (*f)->name, ka) != SIMT_ERR_OK) {
        rt_msg(api, "%s", simt_errmsg());
        return rt_fail(cudaErrorInvalidDeviceFunction);
    }
    return cudaSuccess;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
    RT_ENTER();
    if (!attr)
        return rt_fail(cudaErrorInvalidValue);
    struct rt_func *f;
    struct simt_kernel_attrs ka;
    cudaError_t e = rt_kernel_attrs("cudaFuncGetAttributes", func, &f, &ka);
    if (e != cudaSuccess)
        return e;
    memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = ka.static_shared_bytes;
    attr->localSizeBytes = ka.local_bytes_per_thread;
    attr->maxThreadsPerBlock = (int)ka.max_threads_per_block;
    attr->numRegs = (int)ka.regs_per_thread;
    attr->ptxVersion = 70;
    attr->binaryVersion = 70;
    /* the device's per-block limit less the static part, or what cudaFuncSetAttribute set */
    attr->maxDynamicSharedSizeBytes =
        f->max_dyn_shared >= 0 ? f->max_dyn_shared
                               : (int)(simt_gpu.shared_per_block - ka.static_shared_bytes);
    attr->preferredShmemCarveout = -1;
    return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
    RT_ENTER();
    struct rt_func *f;
    struct simt_kernel_attrs ka;
    cudaError_t e = rt_kernel_attrs("cudaFuncSetAttribute", func, &f, &ka);
    if (e != cudaSuccess)
        return e;
    switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize:
        if (value < 0 || (size_t)value + ka.static_shared_bytes > simt_gpu.shared_per_block_optin) {
            rt_msg("cudaFuncSetAttribute",
                   "kernel %s: %d bytes of dynamic shared memory exceed the device's %zu per "
                   "block (opted in) less the kernel's %u static bytes",
                   f->name, value, simt_gpu.shared_per_block_optin, ka.static_shared_bytes);
            return rt_fail(cudaErrorInvalidValue);
        }
        f->max_dyn_shared = value;
        return cudaSuccess;
    case cudaFuncAttributePreferredSharedMemoryCarveout:
        /* a hint between the L1 cache and shared memory (-1 default, else 0-100 percent): the
         * functional device has no such split */
        if (value < -1 || value > 100)
            return rt_fail(cudaErrorInvalidValue);
        return cudaSuccess;
    default:
        rt_msg("cudaFuncSetAttribute", "attribute %d is not supported", (int)attr);
        return rt_fail(cudaErrorInvalidValue);
    }
}

/* Resident blocks of f per SM (the CUDA occupancy calculator's rules for compute capability
 * 7.0, the limits this runtime reports): the least of the block limit, the warp slots, the
 * registers (allocated per warp in units of 256) and the shared memory (allocated per block
 * in units of 256 bytes). A block's dynamic shared memory may exceed 48 KB only as far as the
 * kernel opted in (f->max_dyn_shared), as on a GPU. */
static int rt_occupancy(const struct rt_func *f, const struct simt_kernel_attrs *ka, int block,
                        size_t dyn)
{
    if ((unsigned)block > ka->max_threads_per_block || block > simt_gpu.max_threads_per_block)
        return 0;
    const int warps = (block + simt_gpu.warp_size - 1) / simt_gpu.warp_size;
    int n = simt_gpu.max_blocks_per_sm;
    const int by_warps = simt_gpu.max_threads_per_sm / simt_gpu.warp_size / warps;
    n = by_warps < n ? by_warps : n;
    if (ka->regs_per_thread) {
        const int per_warp = ((int)ka->regs_per_thread * simt_gpu.warp_size + 255) / 256 * 256;
        const int by_regs = simt_gpu.regs_per_block / per_warp / warps;
        n = by_regs < n ? by_regs : n;
    }
    const size_t smem = (ka->static_shared_bytes + dyn + 255) / 256 * 256;
    if (f->max_dyn_shared >= 0 ? dyn > (size_t)f->max_dyn_shared
                               : ka->static_shared_bytes + dyn > simt_gpu.shared_per_block)
        return 0;
    if (smem) {
        const size_t by_smem = simt_gpu.shared_per_sm / smem;
        n = by_smem < (size_t)n ? (int)by_smem : n;
    }
    return n;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int flags)
{
    RT_ENTER();
    const char *api = "cudaOccupancyMaxActiveBlocksPerMultiprocessor";
    if (!numBlocks || blockSize <= 0 ||
        (flags & ~(unsigned)cudaOccupancyDisableCachingOverride) != 0) {
        rt_msg(api, "needs a result pointer, a block size above 0 and known flags (got %d, %#x)",
               blockSize, flags);
        return rt_fail(cudaErrorInvalidValue);
    }
    struct rt_func *f;
    struct simt_kernel_attrs ka;
    cudaError_t e = rt_kernel_attrs(api, func, &f, &ka);
    if (e != cudaSuccess)
        return e;
    *numBlocks = rt_occupancy(f, &ka, blockSize, dynamicSMemSize);
    return cudaSuccess;
}

/* The most dynamic shared memory a block may ask for with numBlocks blocks of blockSize
 * threads resident on an SM: the largest size (in the allocation unit) the occupancy rules
 * still give numBlocks for; 0 when they never do. */
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                      int numBlocks, int blockSize)
{
    RT_ENTER();
    const char *api = "cudaOccupancyAvailableDynamicSMemPerBlock";
    if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0) {
        rt_msg(api, "needs a result pointer, and a block count and size above 0");
        return rt_fail(cudaErrorInvalidValue);
    }
    struct rt_func *f;
    struct simt_kernel_attrs ka;
    cudaError_t e = rt_kernel_attrs(api, func, &f, &ka);
    if (e != cudaSuccess)
        return e;
    size_t best = 0;
    if (rt_occupancy(f, &ka, blockSize, 0) >= numBlocks) {
        size_t lo = 0, hi = simt_gpu.shared_per_block_optin; /* the largest that fits: bisect */
        while (lo < hi) {
            size_t mid = lo + (hi - lo + 1) / 2;
            if (rt_occupancy(f, &ka, blockSize, mid) >= numBlocks)
                lo = mid;
            else
                hi = mid - 1;
        }
        best = lo;
    }
    *dynamicSmemSize = best;
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize, size_t dynamicSMemSize)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        numBlocks, func, blockSize, dynamicSMemSize, cudaOccupancyDefault);
}

/* One device: it can reach no peer, and peer copies are copies on that device. */
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)
{
    if (!canAccessPeer)
        return rt_fail(cudaErrorInvalidValue);
    if (device != 0 || peerDevice != 0)
        return rt_fail(cudaErrorInvalidDevice);
    *canAccessPeer = 0;
    return cudaSuccess;
}

/* The checks a GPU makes before a launch (CUDA programming guide, compute capability 7.0
 * limits): zero or too large dimensions give cudaErrorInvalidConfiguration; dynamic shared
 * memory beyond 48 KB per block needs the kernel's opt-in (max_dyn: its
 * cudaFuncAttributeMaxDynamicSharedMemorySize, -1 if not set). */
static cudaError_t rt_check_config(dim3 grid, dim3 block, size_t shared, int max_dyn)
{
    unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
    if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 || block.z == 0)
        return cudaErrorInvalidConfiguration;
    if (block.x > (unsigned)simt_gpu.max_block[0] || block.y > (unsigned)simt_gpu.max_block[1] ||
        block.z > (unsigned)simt_gpu.max_block[2] ||
        threads > (unsigned long long)simt_gpu.max_threads_per_block)
        return cudaErrorInvalidConfiguration;
    if (grid.x > (unsigned)simt_gpu.max_grid[0] || grid.y > (unsigned)simt_gpu.max_grid[1] ||
        grid.z > (unsigned)simt_gpu.max_grid[2])
        return cudaErrorInvalidConfiguration;
    if (max_dyn < 0 && shared > simt_gpu.shared_per_block)
        return cudaErrorInvalidValue; /* (an opt-in's own limit: the caller, with a message) */
    return cudaSuccess;
}

/* Maps an error of simt_launch to the CUDA error and whether it is sticky. */
static cudaError_t rt_launch_error(simt_err e, int *sticky)
{
    *sticky = 1;
    switch (e) {
    case SIMT_ERR_LAUNCH:
        *sticky = 0;
        return cudaErrorInvalidConfiguration;
    case SIMT_ERR_LIMIT:
        *sticky = 0;
        return cudaErrorLaunchOutOfResources;
    case SIMT_ERR_INVALID_ARG:
        *sticky = 0;
        return cudaErrorInvalidValue;
    case SIMT_ERR_NOT_FOUND:
        *sticky = 0;
        return cudaErrorInvalidDeviceFunction;
    case SIMT_ERR_MEMORY_FAULT:
        return cudaErrorIllegalAddress;
    case SIMT_ERR_TRAP:
        return cudaErrorAssert;
    case SIMT_ERR_UNSUPPORTED:
        return cudaErrorNotSupported;
    case SIMT_ERR_NOMEM:
        return cudaErrorMemoryAllocation;
    default:
        return cudaErrorLaunchFailure;
    }
}

/* --- graphs ----------------------------------------------------------------------------- */

static simt_err rt_dev_free(uint64_t addr);
static cudaError_t rt_malloc(const char *api, void **ptr, size_t size, int host_visible);
static cudaError_t rt_graph_add_symbol_copy(const char *api, struct CUgraph_st *g,
                                            const void *symbol, void *buf, size_t count,
                                            size_t offset, enum cudaMemcpyKind kind, int to_symbol);
static void rt_graph_free_nodes(struct CUgraph_st *g);

/* A new node at the end of g (zeroed but for its place), or NULL. */
static struct CUgraphNode_st *rt_graph_node(struct CUgraph_st *g)
{
    struct CUgraphNode_st **a = rt_grow(g->nodes, &g->cap, g->n, sizeof *a);
    if (!a)
        return NULL;
    g->nodes = a;
    struct CUgraphNode_st *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->magic = RT_GNODE_MAGIC;
    n->graph = g;
    n->pos = g->n;
    g->nodes[g->n++] = n;
    return n;
}

/* A live node: one that was added and not destroyed (a handle after its graph was destroyed
 * is undefined, as in CUDA). */
static int rt_node_ok(const struct CUgraphNode_st *n)
{
    return n && n->magic == RT_GNODE_MAGIC && n->graph && n->pos < n->graph->n &&
           n->graph->nodes[n->pos] == n;
}

/* One reference less to a graph allocation: its memory goes once nothing names it and it is
 * not allocated (a live one goes at its free). */
static void rt_galloc_unref(struct rt_galloc *a)
{
    if (--a->refs || a->live)
        return;
    for (struct rt_galloc **p = &rt.gallocs; *p; p = &(*p)->next)
        if (*p == a) {
            *p = a->next;
            break;
        }
    if (a->resets == rt.resets)
        rt_dev_free((uint64_t)(uintptr_t)a->ptr);
    free(a);
}

/* The graph allocation at ptr (of the current device), or NULL. */
static struct rt_galloc *rt_galloc_find(const void *ptr)
{
    for (struct rt_galloc *a = rt.gallocs; a; a = a->next)
        if (a->ptr == ptr && a->resets == rt.resets)
            return a;
    return NULL;
}

static void rt_gmem_marks(void)
{
    uint64_t used = 0, reserved = 0;
    for (struct rt_galloc *a = rt.gallocs; a; a = a->next)
        if (a->resets == rt.resets) {
            reserved += a->bytes;
            used += a->live ? a->bytes : 0;
        }
    if (used > rt.gmem_used_high)
        rt.gmem_used_high = used;
    if (reserved > rt.gmem_res_high)
        rt.gmem_res_high = reserved;
}

/* The allocation is freed (a free node's launch, cudaFree, cudaFreeAsync). */
static void rt_galloc_free(struct rt_galloc *a)
{
    a->live = 0;
    a->refs++;
    rt_galloc_unref(a); /* releases the memory if no node names it any more */
}

/* What a node owns: kernel arguments, a child graph, a reference to an allocation. */
static void rt_gnode_release(struct CUgraphNode_st *n)
{
    free(n->argbuf);
    free(n->args);
    n->argbuf = NULL;
    n->args = NULL;
    if (n->child) {
        rt_graph_free_nodes(n->child);
        free(n->child);
        n->child = NULL;
    }
    if (n->alloc) {
        rt_galloc_unref(n->alloc);
        n->alloc = NULL;
    }
}

/* Drops the last node of g (one whose adding failed). */
static void rt_graph_drop_last(struct CUgraph_st *g)
{
    struct CUgraphNode_st *n = g->nodes[--g->n];
    rt_gnode_release(n);
    free(n);
}

/* Copy, memset (rows of width elements of elem bytes) and host nodes, captured or added. */
static cudaError_t rt_graph_add_memcpy(struct CUgraph_st *g, void *dst, const void *src,
                                       size_t count, enum cudaMemcpyKind kind)
{
    struct CUgraphNode_st *n = rt_graph_node(g);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    n->type = cudaGraphNodeTypeMemcpy;
    n->dst = dst;
    n->src = src;
    n->count = count;
    n->kind = kind;
    return cudaSuccess;
}

/* What cudaMemcpy3D needs of its parameters up front (the rest is checked at launch, where
 * cudaMemcpy3D runs them): one source and one destination, each an array or a pointer. */
static int rt_copy3d_ok(const struct cudaMemcpy3DParms *p)
{
    return p && !(p->srcArray && p->srcPtr.ptr) && !(p->dstArray && p->dstPtr.ptr) &&
           (p->srcArray || p->srcPtr.ptr) && (p->dstArray || p->dstPtr.ptr) &&
           p->kind >= cudaMemcpyHostToHost && p->kind <= cudaMemcpyDefault;
}

static cudaError_t rt_graph_add_memcpy3d(struct CUgraph_st *g, const struct cudaMemcpy3DParms *p)
{
    struct CUgraphNode_st *n = rt_graph_node(g);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    n->type = cudaGraphNodeTypeMemcpy;
    n->copy3d = 1;
    n->copy = *p;
    return cudaSuccess;
}

static cudaError_t rt_graph_add_memset(struct CUgraph_st *g, void *dst, size_t pitch,
                                       unsigned int value, unsigned int elem, size_t width,
                                       size_t height)
{
    struct CUgraphNode_st *n = rt_graph_node(g);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    n->type = cudaGraphNodeTypeMemset;
    n->dst = dst;
    n->pitch = pitch;
    n->value = value;
    n->elem = elem;
    n->width = width;
    n->height = height;
    return cudaSuccess;
}

static cudaError_t rt_graph_add_host(struct CUgraph_st *g, cudaHostFn_t fn, void *data)
{
    struct CUgraphNode_st *n = rt_graph_node(g);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    n->type = cudaGraphNodeTypeHost;
    n->fn = fn;
    n->data = data;
    return cudaSuccess;
}

/* Gives kernel node n its kernel and a copy of its arguments (their sizes from the kernel's
 * parameters). The new copy is made before the old one goes: args may point into it
 * (cudaGraphKernelNodeGetParams hands those pointers out, as CUDA does). */
static cudaError_t rt_kernel_node_set(struct CUgraphNode_st *n, const void *func,
                                      const struct rt_func *f, dim3 grid, dim3 block, size_t shared,
                                      void **args)
{
    struct simt_kernel_attrs ka;
    if (simt_module_kernel_attrs(f->img->module, f->name, &ka) != SIMT_ERR_OK)
        return rt_fail(cudaErrorInvalidDeviceFunction);
    size_t total = 0;
    uint32_t *sz = calloc(ka.num_params + 1, sizeof *sz);
    if (!sz)
        return rt_fail(cudaErrorMemoryAllocation);
    for (uint32_t i = 0; i < ka.num_params; i++) {
        if (simt_module_kernel_param_bytes(f->img->module, f->name, i, &sz[i]) != SIMT_ERR_OK ||
            (sz[i] && (!args || !args[i]))) {
            free(sz);
            rt_msg("graph", "kernel %s: argument %u is missing", f->name, i);
            return rt_fail(cudaErrorInvalidValue);
        }
        total += (sz[i] + 15) / 16 * 16;
    }
    unsigned char *buf = malloc(total ? total : 1);
    void **ptrs = calloc(ka.num_params + 1, sizeof *ptrs);
    if (!buf || !ptrs) {
        free(sz), free(buf), free(ptrs);
        return rt_fail(cudaErrorMemoryAllocation);
    }
    size_t off = 0;
    for (uint32_t i = 0; i < ka.num_params; i++) {
        if (sz[i])
            memcpy(buf + off, args[i], sz[i]);
        ptrs[i] = buf + off;
        off += (sz[i] + 15) / 16 * 16;
    }
    free(sz);
    free(n->argbuf);
    free(n->args);
    n->type = cudaGraphNodeTypeKernel;
    n->func = func;
    n->grid = grid;
    n->block = block;
    n->shared = shared;
    n->argbuf = buf;
    n->argbytes = total;
    n->nargs = ka.num_params;
    n->args = ptrs;
    return cudaSuccess;
}

/* A kernel node at the end of g. */
static cudaError_t rt_graph_add_kernel(struct CUgraph_st *g, const void *func,
                                       const struct rt_func *f, dim3 grid, dim3 block,
                                       size_t shared, void **args)
{
    struct CUgraphNode_st *n = rt_graph_node(g);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    cudaError_t e = rt_kernel_node_set(n, func, f, grid, block, shared, args);
    if (e != cudaSuccess)
        rt_graph_drop_last(g);
    return e;
}

/* An allocation node at the end of g: the memory is reserved now (struct rt_galloc). */
static cudaError_t rt_graph_add_alloc(const char *api, struct CUgraph_st *g, size_t bytes,
                                      void **dptr)
{
    struct rt_galloc *a = calloc(1, sizeof *a);
    if (!a)
        return rt_fail(cudaErrorMemoryAllocation);
    cudaError_t e = rt_malloc(api, &a->ptr, bytes, 0);
    if (e != cudaSuccess) {
        free(a);
        return e;
    }
    struct CUgraphNode_st *n = rt_graph_node(g);
    if (!n) {
        rt_dev_free((uint64_t)(uintptr_t)a->ptr);
        free(a);
        return rt_fail(cudaErrorMemoryAllocation);
    }
    a->bytes = bytes;
    a->refs = 1;
    a->resets = rt.resets;
    a->next = rt.gallocs;
    rt.gallocs = a;
    rt_gmem_marks();
    n->type = cudaGraphNodeTypeMemAlloc;
    n->alloc = a;
    *dptr = a->ptr;
    return cudaSuccess;
}

/* A free node at the end of g: dptr must be a graph allocation's, not freed in g already
 * (CUDA's cudaErrorInvalidValue cases). */
static cudaError_t rt_graph_add_free(const char *api, struct CUgraph_st *g, void *dptr)
{
    if (!rt_galloc_find(dptr)) {
        rt_msg(api, "%p is not memory allocated by a graph allocation node", dptr);
        return rt_fail(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < g->n; i++)
        if (g->nodes[i]->type == cudaGraphNodeTypeMemFree && g->nodes[i]->dptr == dptr) {
            rt_msg(api, "%p is freed twice in the graph", dptr);
            return rt_fail(cudaErrorInvalidValue);
        }
    struct CUgraphNode_st *n = rt_graph_node(g);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    n->type = cudaGraphNodeTypeMemFree;
    n->dptr = dptr;
    return cudaSuccess;
}

/* The edge from node position a to b (a < b), once. */
static cudaError_t rt_graph_edge(struct CUgraph_st *g, size_t a, size_t b)
{
    for (size_t i = 0; i < g->ne; i++)
        if (g->edges[i].from == a && g->edges[i].to == b)
            return cudaSuccess;
    struct rt_gedge *e = rt_grow(g->edges, &g->ecap, g->ne, sizeof *e);
    if (!e)
        return rt_fail(cudaErrorMemoryAllocation);
    g->edges = e;
    g->edges[g->ne].from = a;
    g->edges[g->ne].to = b;
    g->ne++;
    return cudaSuccess;
}

/* After a node was captured into g (e: how its adding went): it depends on the node captured
 * before it. */
static cudaError_t rt_captured(cudaError_t e, struct CUgraph_st *g)
{
    if (e != cudaSuccess || g->n < 2)
        return e;
    return rt_graph_edge(g, g->n - 2, g->n - 1);
}

static void rt_graph_free_nodes(struct CUgraph_st *g)
{
    for (size_t i = 0; i < g->n; i++) {
        rt_gnode_release(g->nodes[i]);
        g->nodes[i]->magic = 0;
        free(g->nodes[i]);
    }
    while (g->dead) {
        struct CUgraphNode_st *n = g->dead->next_dead;
        free(g->dead);
        g->dead = n;
    }
    free(g->nodes);
    free(g->edges);
    g->nodes = NULL;
    g->edges = NULL;
    g->n = g->cap = g->ne = g->ecap = 0;
}

static cudaError_t rt_graph_copy(struct CUgraph_st *d, const struct CUgraph_st *g);

/* Node o copied to the end of d: its own arguments and child graph, the same allocation. */
static cudaError_t rt_gnode_copy(struct CUgraph_st *d, const struct CUgraphNode_st *o)
{
    struct CUgraphNode_st *n = rt_graph_node(d);
    if (!n)
        return cudaErrorMemoryAllocation;
    struct CUgraphNode_st place = *n;
    *n = *o;
    n->magic = place.magic;
    n->graph = place.graph;
    n->pos = place.pos;
    n->next_dead = NULL;
    n->orig = o;
    n->argbuf = NULL;
    n->args = NULL;
    n->child = NULL;
    if (n->alloc)
        n->alloc->refs++;
    if (o->type == cudaGraphNodeTypeKernel) {
        n->argbuf = malloc(o->argbytes ? o->argbytes : 1);
        n->args = calloc(o->nargs + 1, sizeof *n->args);
        if (!n->argbuf || !n->args)
            return cudaErrorMemoryAllocation; /* the caller frees d */
        memcpy(n->argbuf, o->argbuf, o->argbytes);
        for (size_t a = 0; a < o->nargs; a++)
            n->args[a] = n->argbuf + ((unsigned char *)o->args[a] - o->argbuf);
    }
    if (o->child) {
        n->child = calloc(1, sizeof *n->child);
        if (!n->child)
            return cudaErrorMemoryAllocation;
        return rt_graph_copy(n->child, o->child);
    }
    return cudaSuccess;
}

/* A deep copy of g into d (instantiation, clone, child graph): new nodes, each remembering
 * the node it copies. */
static cudaError_t rt_graph_copy(struct CUgraph_st *d, const struct CUgraph_st *g)
{
    memset(d, 0, sizeof *d);
    for (size_t i = 0; i < g->n; i++) {
        cudaError_t e = rt_gnode_copy(d, g->nodes[i]);
        if (e != cudaSuccess) {
            rt_graph_free_nodes(d);
            return e;
        }
    }
    if (g->ne) {
        d->edges = malloc(g->ne * sizeof *d->edges);
        if (!d->edges) {
            rt_graph_free_nodes(d);
            return cudaErrorMemoryAllocation;
        }
        memcpy(d->edges, g->edges, g->ne * sizeof *d->edges);
        d->ne = d->ecap = g->ne;
    }
    return cudaSuccess;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t sharedMem,
                             cudaStream_t stream)
{
    RT_ENTER(); /* streams are in order and drained at every call */
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaLaunchKernel", "stream", stream);
    struct rt_func *f;
    cudaError_t e = rt_kernel("cudaLaunchKernel", func, &f);
    if (e != cudaSuccess)
        return e;
    e = rt_check_config(grid, block, sharedMem, f->max_dyn_shared);
    if (e != cudaSuccess)
        return rt_fail(e);
    if (f->max_dyn_shared >= 0 && sharedMem > (size_t)f->max_dyn_shared) {
        rt_msg("cudaLaunchKernel",
               "kernel %s: %zu bytes of dynamic shared memory, more than the %d its "
               "cudaFuncAttributeMaxDynamicSharedMemorySize allows",
               f->name, sharedMem, f->max_dyn_shared);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (rt_capturing(stream))
        return rt_captured(
            rt_graph_add_kernel(stream->capture, func, f, grid, block, sharedMem, args),
            stream->capture);
    struct simt_dim3 g = {grid.x, grid.y, grid.z}, b = {block.x, block.y, block.z};
    rt_managed_sync(1);
    simt_err se = simt_launch(rt.dev, f->img->module, f->name, g, b, (uint32_t)sharedMem, args);
    rt_managed_sync(0);
    if (se == SIMT_ERR_OK)
        return cudaSuccess;
    int sticky;
    e = rt_launch_error(se, &sticky);
    fprintf(stderr, "simt-cudart: kernel %s <<<(%u,%u,%u),(%u,%u,%u),%zu>>>: %s\n", f->name, grid.x,
            grid.y, grid.z, block.x, block.y, block.z, sharedMem, simt_errmsg());
    return sticky ? rt_fail_sticky(e) : rt_fail(e);
}

/* A cooperative launch is an ordinary one here: the tracer keeps a launch's CTAs resident
 * whenever its kernel can reach a grid-wide barrier (cooperative_groups::this_grid().sync()),
 * and fails the launch, naming the limit, if they do not all fit the device at once. */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream)
{
    return cudaLaunchKernel(func, gridDim, blockDim, args, sharedMem, stream);
}

/* CUDA 12's extensible launch. Attributes: cooperative (every launch may use grid-wide
 * barriers here), a cluster of one block, and the hints (access policy window, priority,
 * synchronisation policy, programmatic stream serialisation - work runs in call order here,
 * which that permission only relaxes - and memory synchronisation domains) are accepted;
 * clusters of several blocks and programmatic events are not modelled (cudaErrorNotSupported);
 * an unknown attribute is cudaErrorInvalidValue. */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)
{
    RT_ENTER();
    if (!config || (config->numAttrs && !config->attrs))
        return rt_fail(cudaErrorInvalidValue);
    for (unsigned i = 0; i < config->numAttrs; i++) {
        const cudaLaunchAttribute *a = &config->attrs[i];
        switch (a->id) {
        case cudaLaunchAttributeIgnore:
        case cudaLaunchAttributeAccessPolicyWindow:
        case cudaLaunchAttributeCooperative:
        case cudaLaunchAttributeSynchronizationPolicy:
        case cudaLaunchAttributeClusterSchedulingPolicyPreference:
        case cudaLaunchAttributeProgrammaticStreamSerialization:
        case cudaLaunchAttributePriority:
        case cudaLaunchAttributeMemSyncDomainMap:
        case cudaLaunchAttributeMemSyncDomain:
            break;
        case cudaLaunchAttributeClusterDimension:
            if ((uint64_t)a->val.clusterDim.x * a->val.clusterDim.y * a->val.clusterDim.z > 1) {
                rt_msg("cudaLaunchKernelEx",
                       "a cluster of %ux%ux%u blocks: thread block clusters are not modelled "
                       "(clusters of one block are accepted)",
                       a->val.clusterDim.x, a->val.clusterDim.y, a->val.clusterDim.z);
                return rt_fail(cudaErrorNotSupported);
            }
            break;
        case cudaLaunchAttributeProgrammaticEvent:
        case cudaLaunchAttributeLaunchCompletionEvent:
            rt_msg("cudaLaunchKernelEx",
                   "launch attribute %d (an event triggered by the "
                   "kernel) is not supported",
                   (int)a->id);
            return rt_fail(cudaErrorNotSupported);
        default:
            rt_msg("cudaLaunchKernelEx", "unknown launch attribute %d", (int)a->id);
            return rt_fail(cudaErrorInvalidValue);
        }
    }
    return cudaLaunchKernel(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes,
                            config->stream);
}

cudaError_t cudaFuncGetName(const char **name, const void *func)
{
    RT_ENTER();
    if (!name)
        return rt_fail(cudaErrorInvalidValue);
    struct rt_func *f;
    cudaError_t e = rt_kernel("cudaFuncGetName", func, &f);
    if (e != cudaSuccess)
        return e;
    *name = f->name;
    return cudaSuccess;
}

unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem, void *stream)
{
    if (rt.nconfigs >= RT_MAX_CONFIG_DEPTH) {
        rt_msg("__cudaPushCallConfiguration", "launch configurations nested too deep");
        return 1;
    }
    struct rt_config *c = &rt.configs[rt.nconfigs++];
    c->grid = gridDim;
    c->block = blockDim;
    c->shared = sharedMem;
    c->stream = stream;
    return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                       void *stream)
{
    if (rt.nconfigs <= 0)
        return rt_fail(cudaErrorMissingConfiguration);
    struct rt_config *c = &rt.configs[--rt.nconfigs];
    *gridDim = c->grid;
    *blockDim = c->block;
    *sharedMem = c->shared;
    *(void **)stream = c->stream;
    return cudaSuccess;
}

cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem, cudaStream_t stream)
{
    if (__cudaPushCallConfiguration(gridDim, blockDim, sharedMem, stream) != 0)
        return rt_fail(cudaErrorInvalidConfiguration);
    rt.nargs = 0;
    return cudaSuccess;
}

cudaError_t cudaSetupArgument(const void *arg, size_t size, size_t offset)
{
    if (rt.nargs >= RT_MAX_ARGS || offset > RT_ARG_BUF_BYTES || size > RT_ARG_BUF_BYTES - offset) {
        rt_msg("cudaSetupArgument", "kernel arguments exceed %d bytes / %d parameters",
               RT_ARG_BUF_BYTES, RT_MAX_ARGS);
        return rt_fail(cudaErrorInvalidValue);
    }
    memcpy(rt.arg_buf + offset, arg, size);
    rt.arg_offsets[rt.nargs++] = offset;
    return cudaSuccess;
}

cudaError_t cudaLaunch(const void *func)
{
    dim3 g, b;
    size_t shm;
    void *stream;
    cudaError_t e = __cudaPopCallConfiguration(&g, &b, &shm, &stream);
    if (e != cudaSuccess)
        return e;
    void *args[RT_MAX_ARGS];
    for (int i = 0; i < rt.nargs; i++)
        args[i] = rt.arg_buf + rt.arg_offsets[i];
    rt.nargs = 0;
    return cudaLaunchKernel(func, g, b, args, shm, (cudaStream_t)stream);
}

/* ---------------------------------------------------------------------------------------------
 * Memory.
 * ------------------------------------------------------------------------------------------- */
/* Allocates device memory; `host_visible` memory (cudaMallocManaged, cudaHostAlloc) is used
 * by host code directly, so the tracer must map it at its device address. */
static cudaError_t rt_malloc(const char *api, void **ptr, size_t size, int host_visible)
{
    RT_ENTER();
    if (!ptr)
        return rt_fail(cudaErrorInvalidValue);
    if (size == 0) {
        *ptr = NULL;
        return cudaSuccess;
    }
    uint64_t addr;
    simt_err e = simt_dev_malloc(rt.dev, size, &addr);
    if (e != SIMT_ERR_OK) {
        rt_msg(api, "%zu bytes: %s", size, simt_errmsg());
        return rt_fail(cudaErrorMemoryAllocation);
    }
    void *host = simt_dev_host_ptr(rt.dev, addr);
    if (!host || (host_visible && (uint64_t)(uintptr_t)host != addr)) {
        rt_msg(api, "device address 0x%llx is not host-mapped at the same address",
               (unsigned long long)addr);
        simt_dev_free(rt.dev, addr);
        return rt_fail(cudaErrorMemoryAllocation);
    }
    struct rt_alloc *n = rt_grow(rt.allocs, &rt.cap_allocs, rt.nallocs, sizeof *n);
    if (!n) {
        simt_dev_free(rt.dev, addr);
        return rt_fail(cudaErrorMemoryAllocation);
    }
    rt.allocs = n;
    rt.allocs[rt.nallocs].addr = addr;
    rt.allocs[rt.nallocs].bytes = size;
    rt.allocs[rt.nallocs].pool = NULL;
    rt.nallocs++;
    rt.used_bytes += size;
    *ptr = (void *)(uintptr_t)addr;
    return cudaSuccess;
}

/* --- stream-ordered memory pools ---------------------------------------------------------- */

static struct CUmemPoolHandle_st *rt_default_pool(void)
{
    struct CUmemPoolHandle_st *p = &rt.default_pool;
    if (!p->ready) { /* (again after cudaDeviceReset) */
        p->ready = 1;
        p->reuse[0] = p->reuse[1] = p->reuse[2] = 1; /* CUDA's defaults: every reuse allowed */
    }
    return p;
}

static int rt_pool_ok(cudaMemPool_t pool)
{
    if (pool == &rt.default_pool)
        return rt_default_pool() != NULL;
    for (struct CUmemPoolHandle_st *p = rt.pools; p; p = p->next)
        if (p == pool && !p->destroyed)
            return 1;
    return 0;
}

static void rt_pool_unlink(struct CUmemPoolHandle_st *pool)
{
    for (struct CUmemPoolHandle_st **pp = &rt.pools; *pp; pp = &(*pp)->next)
        if (*pp == pool) {
            *pp = pool->next;
            free(pool);
            return;
        }
}

/* `bytes` of the pool's allocation were freed: the pool keeps up to its release threshold
 * reserved (a free completes at once here, as after a synchronisation) */
static void rt_pool_release(struct CUmemPoolHandle_st *pool, uint64_t bytes)
{
    pool->used -= bytes;
    uint64_t keep = pool->reserved < pool->threshold ? pool->reserved : pool->threshold;
    pool->reserved = keep > pool->used ? keep : pool->used;
    if (pool->destroyed && pool->used == 0)
        rt_pool_unlink(pool);
}

static void rt_pool_take(struct CUmemPoolHandle_st *pool, uint64_t bytes)
{
    pool->used += bytes;
    if (pool->used > pool->used_high)
        pool->used_high = pool->used;
    if (pool->used > pool->reserved)
        pool->reserved = pool->used;
    if (pool->reserved > pool->reserved_high)
        pool->reserved_high = pool->reserved;
}

/* Frees a runtime allocation (searching from the most recent one). */
static simt_err rt_dev_free(uint64_t addr)
{
    simt_err e = simt_dev_free(rt.dev, addr);
    if (e != SIMT_ERR_OK)
        return e;
    for (size_t i = rt.nallocs; i-- > 0;) {
        if (rt.allocs[i].addr == addr) {
            rt.used_bytes -= rt.allocs[i].bytes;
            if (rt.allocs[i].pool)
                rt_pool_release(rt.allocs[i].pool, rt.allocs[i].bytes);
            rt.allocs[i] = rt.allocs[--rt.nallocs];
            break;
        }
    }
    return SIMT_ERR_OK;
}

int simt_rt_alloc_range(uint64_t addr, uint64_t *base, uint64_t *size)
{
    for (size_t i = 0; i < rt.nallocs; i++)
        if (addr >= rt.allocs[i].addr && addr - rt.allocs[i].addr < rt.allocs[i].bytes) {
            *base = rt.allocs[i].addr;
            *size = rt.allocs[i].bytes;
            return 1;
        }
    return 0;
}

/* Device address of a host-visible pointer into device memory (identity mapping). */
static uint64_t rt_addr(const void *p)
{
    return (uint64_t)(uintptr_t)p;
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
    return rt_malloc("cudaMalloc", devPtr, size, 0);
}

/* Stream-ordered allocation: work runs in call order, so it is cudaMalloc / cudaFree. */
/* A stream-ordered allocation from `pool`: work runs in call order, so it is cudaMalloc with
 * the pool's bookkeeping. */
static cudaError_t rt_malloc_pool(const char *api, void **devPtr, size_t size,
                                  struct CUmemPoolHandle_st *pool, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle(api, "stream", stream);
    if (rt_capturing(stream)) { /* an allocation node of the capture (not from the pool) */
        if (!devPtr || !size)
            return rt_fail(cudaErrorInvalidValue);
        return rt_captured(rt_graph_add_alloc(api, stream->capture, size, devPtr), stream->capture);
    }
    cudaError_t e = rt_malloc(api, devPtr, size, 0);
    if (e != cudaSuccess || size == 0)
        return e;
    rt.allocs[rt.nallocs - 1].pool = pool;
    rt_pool_take(pool, size);
    return cudaSuccess;
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream)
{
    return rt_malloc_pool("cudaMallocAsync", devPtr, size,
                          rt.mem_pool ? rt.mem_pool : rt_default_pool(), stream);
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                    cudaStream_t stream)
{
    RT_ENTER();
    if (!rt_pool_ok(memPool)) { /* cudaErrorInvalidValue, as CUDA 13 says */
        rt_msg("cudaMallocFromPoolAsync", "memory pool %p is not live (destroyed)",
               (void *)memPool);
        return rt_fail(cudaErrorInvalidValue);
    }
    return rt_malloc_pool("cudaMallocFromPoolAsync", ptr, size, memPool, stream);
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
    RT_ENTER();
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    if (!memPool)
        return rt_fail(cudaErrorInvalidValue);
    *memPool = rt_default_pool();
    return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
    RT_ENTER();
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    if (!memPool)
        return rt_fail(cudaErrorInvalidValue);
    *memPool = rt.mem_pool ? rt.mem_pool : rt_default_pool();
    return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)
{
    RT_ENTER();
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    if (!rt_pool_ok(memPool))
        return rt_bad_handle("cudaDeviceSetMemPool", "memory pool", memPool);
    rt.mem_pool = memPool == &rt.default_pool ? NULL : memPool;
    return cudaSuccess;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps)
{
    RT_ENTER();
    if (!memPool || !poolProps)
        return rt_fail(cudaErrorInvalidValue);
    if (poolProps->allocType != cudaMemAllocationTypePinned ||
        poolProps->location.type != cudaMemLocationTypeDevice) {
        rt_msg("cudaMemPoolCreate",
               "allocType %d, location type %d: pools of pinned device memory only "
               "(cudaMemAllocationTypePinned, cudaMemLocationTypeDevice)",
               (int)poolProps->allocType, (int)poolProps->location.type);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (poolProps->location.id != 0) { /* cudaErrorInvalidValue, as CUDA 13 says */
        rt_msg("cudaMemPoolCreate", "location id %d: there is one device, 0",
               poolProps->location.id);
        return rt_fail(cudaErrorInvalidValue);
    }
    struct CUmemPoolHandle_st *p = calloc(1, sizeof *p);
    if (!p)
        return rt_fail(cudaErrorMemoryAllocation);
    p->reuse[0] = p->reuse[1] = p->reuse[2] = 1;
    p->next = rt.pools;
    rt.pools = p;
    *memPool = p;
    return cudaSuccess;
}

/* CUDA: a pool with allocations outstanding goes when the last of them is freed; a device
 * whose current pool it was falls back to its default pool. */
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool)
{
    RT_ENTER();
    if (memPool == &rt.default_pool) {
        rt_msg("cudaMemPoolDestroy", "the device's default pool cannot be destroyed");
        return rt_fail(cudaErrorInvalidValue);
    }
    if (!rt_pool_ok(memPool))
        return rt_bad_handle("cudaMemPoolDestroy", "memory pool", memPool);
    if (rt.mem_pool == memPool)
        rt.mem_pool = NULL;
    if (memPool->used) {
        memPool->destroyed = 1;
        return cudaSuccess;
    }
    rt_pool_unlink(memPool);
    return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    RT_ENTER();
    if (!rt_pool_ok(memPool))
        return rt_bad_handle("cudaMemPoolSetAttribute", "memory pool", memPool);
    if (!value)
        return rt_fail(cudaErrorInvalidValue);
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
        memPool->reuse[attr - 1] = *(const int *)value != 0;
        return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold:
        memPool->threshold = *(const unsigned long long *)value;
        return cudaSuccess;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:
        if (*(const unsigned long long *)value != 0) {
            rt_msg("cudaMemPoolSetAttribute", "a high-water mark can only be reset to 0");
            return rt_fail(cudaErrorInvalidValue);
        }
        if (attr == cudaMemPoolAttrUsedMemHigh)
            memPool->used_high = memPool->used;
        else
            memPool->reserved_high = memPool->reserved;
        return cudaSuccess;
    default:
        rt_msg("cudaMemPoolSetAttribute", "attribute %d cannot be set", (int)attr);
        return rt_fail(cudaErrorInvalidValue);
    }
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    RT_ENTER();
    if (!rt_pool_ok(memPool))
        return rt_bad_handle("cudaMemPoolGetAttribute", "memory pool", memPool);
    if (!value)
        return rt_fail(cudaErrorInvalidValue);
    unsigned long long v;
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
        *(int *)value = memPool->reuse[attr - 1];
        return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold:
        v = memPool->threshold;
        break;
    case cudaMemPoolAttrReservedMemCurrent:
        v = memPool->reserved;
        break;
    case cudaMemPoolAttrReservedMemHigh:
        v = memPool->reserved_high;
        break;
    case cudaMemPoolAttrUsedMemCurrent:
        v = memPool->used;
        break;
    case cudaMemPoolAttrUsedMemHigh:
        v = memPool->used_high;
        break;
    default:
        return rt_fail(cudaErrorInvalidValue);
    }
    *(unsigned long long *)value = v;
    return cudaSuccess;
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)
{
    RT_ENTER();
    if (!rt_pool_ok(memPool))
        return rt_bad_handle("cudaMemPoolTrimTo", "memory pool", memPool);
    if (memPool->reserved > minBytesToKeep)
        memPool->reserved = minBytesToKeep > memPool->used ? minBytesToKeep : memPool->used;
    return cudaSuccess;
}

/* One device: it always has read-write access to its pools; peers do not exist. */
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList,
                                 size_t count)
{
    RT_ENTER();
    if (!rt_pool_ok(memPool))
        return rt_bad_handle("cudaMemPoolSetAccess", "memory pool", memPool);
    if (count && !descList)
        return rt_fail(cudaErrorInvalidValue);
    for (size_t i = 0; i < count; i++) {
        if (descList[i].location.type != cudaMemLocationTypeDevice || descList[i].location.id != 0)
            return rt_fail(cudaErrorInvalidDevice);
        if (descList[i].flags != cudaMemAccessFlagsProtReadWrite) {
            rt_msg("cudaMemPoolSetAccess", "the owning device's access is always read-write");
            return rt_fail(cudaErrorInvalidValue);
        }
    }
    return cudaSuccess;
}

cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                 struct cudaMemLocation *location)
{
    RT_ENTER();
    if (!rt_pool_ok(memPool))
        return rt_bad_handle("cudaMemPoolGetAccess", "memory pool", memPool);
    if (!flags || !location || location->type != cudaMemLocationTypeDevice)
        return rt_fail(cudaErrorInvalidValue);
    if (location->id != 0)
        return rt_fail(cudaErrorInvalidDevice);
    *flags = cudaMemAccessFlagsProtReadWrite;
    return cudaSuccess;
}

static int rt_is_host_alloc(uint64_t addr, size_t *index)
{
    for (size_t i = 0; i < rt.nhost_allocs; i++)
        if (rt.host_allocs[i].addr == addr) {
            if (index)
                *index = i;
            return 1;
        }
    return 0;
}

cudaError_t cudaFree(void *devPtr)
{
    RT_ENTER();
    if (!devPtr)
        return cudaSuccess;
    struct rt_galloc *ga = rt_galloc_find(devPtr);
    if (ga) { /* a graph allocation: freed, its address kept for the graph's next launch */
        if (!ga->live) {
            rt_msg("cudaFree",
                   "graph allocation %p is not allocated (its graph has not run "
                   "since it was freed)",
                   devPtr);
            return rt_fail(cudaErrorInvalidValue);
        }
        rt_galloc_free(ga);
        return cudaSuccess;
    }
    if (rt_is_host_alloc(rt_addr(devPtr), NULL)) {
        rt_msg("cudaFree", "%p was allocated by cudaMallocHost/cudaHostAlloc; use cudaFreeHost",
               devPtr);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (rt_dev_free(rt_addr(devPtr)) != SIMT_ERR_OK) {
        rt_msg("cudaFree", "%s", simt_errmsg());
        return rt_fail(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaFreeAsync", "stream", stream);
    if (rt_capturing(stream)) /* a free node of the capture */
        return rt_captured(rt_graph_add_free("cudaFreeAsync", stream->capture, devPtr),
                           stream->capture);
    return cudaFree(devPtr);
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
    /* Page-locked host memory is device memory seen from the host: kernels may use it
     * directly (mapped/zero-copy), and copies from/to it are plain copies. */
    cudaError_t e = rt_malloc("cudaHostAlloc", pHost, size ? size : 1, 1);
    if (e != cudaSuccess)
        return e;
    struct rt_host_alloc *n =
        rt_grow(rt.host_allocs, &rt.cap_host_allocs, rt.nhost_allocs, sizeof *n);
    if (!n) {
        rt_dev_free(rt_addr(*pHost));
        *pHost = NULL;
        return rt_fail(cudaErrorMemoryAllocation);
    }
    rt.host_allocs = n;
    rt.host_allocs[rt.nhost_allocs].addr = rt_addr(*pHost);
    rt.host_allocs[rt.nhost_allocs++].flags = flags;
    return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost)
{
    RT_ENTER();
    size_t i;
    if (!pFlags || !rt_is_host_alloc(rt_addr(pHost), &i)) {
        rt_msg("cudaHostGetFlags", "%p was not allocated by cudaMallocHost/cudaHostAlloc", pHost);
        return rt_fail(cudaErrorInvalidValue);
    }
    *pFlags = rt.host_allocs[i].flags;
    return cudaSuccess;
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    return cudaHostAlloc(ptr, size, cudaHostAllocDefault);
}

cudaError_t cudaFreeHost(void *ptr)
{
    RT_ENTER();
    if (!ptr)
        return cudaSuccess;
    size_t i;
    if (!rt_is_host_alloc(rt_addr(ptr), &i)) {
        rt_msg("cudaFreeHost", "%p was not allocated by cudaMallocHost/cudaHostAlloc", ptr);
        return rt_fail(cudaErrorInvalidValue);
    }
    rt.host_allocs[i] = rt.host_allocs[--rt.nhost_allocs];
    rt_dev_free(rt_addr(ptr));
    return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)
{
    (void)flags;
    RT_ENTER();
    if (!pDevice || simt_dev_check(rt.dev, rt_addr(pHost), 1) != SIMT_ERR_OK) {
        rt_msg("cudaHostGetDevicePointer", "%p is not memory from cudaHostAlloc", pHost);
        return rt_fail(cudaErrorInvalidValue);
    }
    *pDevice = pHost;
    return cudaSuccess;
}

/* Page-locking ordinary host memory. Copies from and to host memory are plain copies here
 * whether it is registered or not, so registration (Default, Portable, ReadOnly) is recorded
 * and changes nothing else. Kernels cannot reach such memory: the tracer's device memory is
 * a window of its own (docs/TRACER.md), and host memory outside it cannot be made to appear
 * there under the same pointer; so the Mapped flag (kernel access) is refused with a message
 * naming the alternative, and a kernel that dereferences registered memory anyway stops with
 * an out-of-bounds error naming the address. */
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    RT_ENTER();
    const unsigned known = cudaHostRegisterPortable | cudaHostRegisterMapped |
                           cudaHostRegisterIoMemory | cudaHostRegisterReadOnly;
    if (!ptr || !size || (flags & ~known)) {
        rt_msg("cudaHostRegister", "needs a pointer, a size above 0 and known flags (%p, %zu, %#x)",
               ptr, size, flags);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (flags & (cudaHostRegisterMapped | cudaHostRegisterIoMemory)) {
        rt_msg("cudaHostRegister",
               "kernel access to registered host memory (cudaHostRegisterMapped/IoMemory) is not "
               "supported: allocate the buffer with cudaHostAlloc(..., cudaHostAllocMapped) or "
               "cudaMallocManaged instead (docs/CUDA_SUPPORT.md)");
        return rt_fail(cudaErrorNotSupported);
    }
    const uintptr_t a = (uintptr_t)ptr;
    for (size_t i = 0; i < rt.nhostregs; i++)
        if (a < rt.hostregs[i].base + rt.hostregs[i].size && rt.hostregs[i].base < a + size)
            return rt_fail(cudaErrorHostMemoryAlreadyRegistered);
    struct rt_hostreg *n = rt_grow(rt.hostregs, &rt.cap_hostregs, rt.nhostregs, sizeof *n);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    rt.hostregs = n;
    rt.hostregs[rt.nhostregs++] = (struct rt_hostreg){a, size};
    return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *ptr)
{
    RT_ENTER();
    for (size_t i = 0; i < rt.nhostregs; i++)
        if (rt.hostregs[i].base == (uintptr_t)ptr) {
            rt.hostregs[i] = rt.hostregs[--rt.nhostregs];
            return cudaSuccess;
        }
    return rt_fail(cudaErrorHostMemoryNotRegistered);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
    (void)flags; /* device memory is host-mapped: managed memory is plain device memory */
    return rt_malloc("cudaMallocManaged", devPtr, size, 1);
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
    if (!pitch)
        return rt_fail(cudaErrorInvalidValue);
    size_t p = (width + 511) & ~(size_t)511; /* rows aligned as textureAlignment */
    if (width && (p < width || (height && p > SIZE_MAX / height)))
        return rt_fail(cudaErrorMemoryAllocation);
    *pitch = p;
    return rt_malloc("cudaMallocPitch", devPtr, p * height, 0);
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    RT_ENTER();
    if (!free_bytes || !total)
        return rt_fail(cudaErrorInvalidValue);
    *total = rt_global_bytes();
    *free_bytes = rt.used_bytes < *total ? (size_t)(*total - rt.used_bytes) : 0;
    return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *a, const void *ptr)
{
    RT_ENTER();
    if (!a)
        return rt_fail(cudaErrorInvalidValue);
    memset(a, 0, sizeof *a);
    if (simt_dev_check(rt.dev, rt_addr(ptr), 1) == SIMT_ERR_OK) {
        a->type = rt_is_host_alloc(rt_addr(ptr), NULL) ? 1 : 2;
        a->devicePointer = (void *)ptr;
        a->hostPointer = (void *)ptr;
    } else {
        a->hostPointer = (void *)ptr;
    }
    return cudaSuccess;
}

/* Checks one side of a copy and gives the host pointer to use: device sides must lie inside
 * one allocation (or module variable) and are reached through simt_dev_host_ptr(). */
static cudaError_t rt_side(const char *api, const char *side, const void *p, size_t n, int device,
                           void **host)
{
    *host = (void *)p;
    if (n == 0)
        return cudaSuccess;
    if (!p) {
        rt_msg(api, "%s pointer is NULL", side);
        return cudaErrorInvalidValue;
    }
    if (!device)
        return cudaSuccess;
    if (simt_dev_check(rt.dev, rt_addr(p), n) != SIMT_ERR_OK) {
        rt_msg(api, "%s: %s", side, simt_errmsg());
        return cudaErrorInvalidValue;
    }
    *host = simt_dev_host_ptr(rt.dev, rt_addr(p));
    if (!*host) {
        rt_msg(api, "%s %p is not host-mapped", side, p);
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

static int rt_is_device(const void *p)
{
    return p && simt_dev_check(rt.dev, rt_addr(p), 1) == SIMT_ERR_OK;
}

/* Resolves the direction of a copy; cudaMemcpyDefault infers it from the pointers. */
static cudaError_t rt_kind(const char *api, enum cudaMemcpyKind kind, const void *dst,
                           const void *src, int *dst_dev, int *src_dev)
{
    switch (kind) {
    case cudaMemcpyHostToHost:
        *dst_dev = 0, *src_dev = 0;
        return cudaSuccess;
    case cudaMemcpyHostToDevice:
        *dst_dev = 1, *src_dev = 0;
        return cudaSuccess;
    case cudaMemcpyDeviceToHost:
        *dst_dev = 0, *src_dev = 1;
        return cudaSuccess;
    case cudaMemcpyDeviceToDevice:
        *dst_dev = 1, *src_dev = 1;
        return cudaSuccess;
    case cudaMemcpyDefault:
        *dst_dev = rt_is_device(dst), *src_dev = rt_is_device(src);
        return cudaSuccess;
    }
    rt_msg(api, "invalid cudaMemcpyKind %d", (int)kind);
    return cudaErrorInvalidMemcpyDirection;
}

static cudaError_t rt_memcpy(const char *api, void *dst, const void *src, size_t count,
                             enum cudaMemcpyKind kind)
{
    RT_ENTER();
    int dd, sd;
    void *hd = NULL, *hs = NULL;
    cudaError_t e = rt_kind(api, kind, dst, src, &dd, &sd);
    if (e == cudaSuccess)
        e = rt_side(api, "destination", dst, count, dd, &hd);
    if (e == cudaSuccess)
        e = rt_side(api, "source", src, count, sd, &hs);
    if (e != cudaSuccess)
        return rt_fail(e);
    if (count)
        memmove(hd, hs, count);
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    return rt_memcpy("cudaMemcpy", dst, src, count, kind);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)
{
    if (dstDevice != 0 || srcDevice != 0) {
        rt_msg("cudaMemcpyPeer", "device %d to device %d: there is one device, 0", srcDevice,
               dstDevice);
        return rt_fail(cudaErrorInvalidDevice);
    }
    return rt_memcpy("cudaMemcpyPeer", dst, src, count, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemcpyPeerAsync", "stream", stream);
    return cudaMemcpyPeer(dst, dstDevice, src, srcDevice, count);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemcpyAsync", "stream", stream);
    if (rt_capturing(stream))
        return rt_captured(rt_graph_add_memcpy(stream->capture, dst, src, count, kind),
                           stream->capture);
    return rt_memcpy("cudaMemcpyAsync", dst, src, count, kind);
}

static cudaError_t rt_memcpy2d(const char *api, void *dst, size_t dpitch, const void *src,
                               size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind)
{
    RT_ENTER();
    if (width > dpitch || width > spitch) {
        rt_msg(api, "width %zu exceeds the pitch (dst %zu, src %zu)", width, dpitch, spitch);
        return rt_fail(cudaErrorInvalidPitchValue);
    }
    if (width == 0 || height == 0)
        return cudaSuccess;
    int dd, sd;
    cudaError_t e = rt_kind(api, kind, dst, src, &dd, &sd);
    size_t dspan = dpitch * (height - 1) + width, sspan = spitch * (height - 1) + width;
    void *hd = NULL, *hs = NULL;
    if (e == cudaSuccess)
        e = rt_side(api, "destination", dst, dspan, dd, &hd);
    if (e == cudaSuccess)
        e = rt_side(api, "source", src, sspan, sd, &hs);
    if (e != cudaSuccess)
        return rt_fail(e);
    for (size_t r = 0; r < height; r++)
        memmove((char *)hd + r * dpitch, (const char *)hs + r * spitch, width);
    return cudaSuccess;
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind)
{
    return rt_memcpy2d("cudaMemcpy2D", dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemcpy2DAsync", "stream", stream);
    if (rt_capturing(stream)) { /* a copy node of the capture: width x height bytes */
        struct cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr((void *)src, spitch, width, height);
        p.dstPtr = make_cudaPitchedPtr(dst, dpitch, width, height);
        p.extent = make_cudaExtent(width, height, 1);
        p.kind = kind;
        if (width > dpitch || width > spitch) {
            rt_msg("cudaMemcpy2DAsync", "width %zu exceeds the pitch (dst %zu, src %zu)", width,
                   dpitch, spitch);
            return rt_fail(cudaErrorInvalidPitchValue);
        }
        return rt_captured(rt_graph_add_memcpy3d(stream->capture, &p), stream->capture);
    }
    return rt_memcpy2d("cudaMemcpy2DAsync", dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    RT_ENTER();
    void *h;
    cudaError_t e = rt_side("cudaMemset", "destination", devPtr, count, 1, &h);
    if (e != cudaSuccess)
        return rt_fail(e);
    if (count)
        memset(h, value, count);
    return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemsetAsync", "stream", stream);
    if (rt_capturing(stream))
        return rt_captured(
            rt_graph_add_memset(stream->capture, devPtr, count, (unsigned char)value, 1, count, 1),
            stream->capture);
    return cudaMemset(devPtr, value, count);
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemset2DAsync", "stream", stream);
    if (rt_capturing(stream)) {
        if (width > pitch && height > 1)
            return rt_fail(cudaErrorInvalidPitchValue);
        return rt_captured(rt_graph_add_memset(stream->capture, devPtr, pitch, (unsigned char)value,
                                               1, width, height),
                           stream->capture);
    }
    return cudaMemset2D(devPtr, pitch, value, width, height);
}

/* Sets extent.width bytes of every row of every slice of a pitched 3D allocation. */
cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent)
{
    RT_ENTER();
    if (extent.width > p.pitch)
        return rt_fail(cudaErrorInvalidPitchValue);
    for (size_t z = 0; z < extent.depth; z++) {
        cudaError_t e = cudaMemset2D((char *)p.ptr + z * p.pitch * p.ysize, p.pitch, value,
                                     extent.width, extent.height);
        if (e != cudaSuccess)
            return e;
    }
    return cudaSuccess;
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
    RT_ENTER();
    if (width > pitch)
        return rt_fail(cudaErrorInvalidPitchValue);
    if (width == 0 || height == 0)
        return cudaSuccess;
    void *h;
    cudaError_t e =
        rt_side("cudaMemset2D", "destination", devPtr, pitch * (height - 1) + width, 1, &h);
    if (e != cudaSuccess)
        return rt_fail(e);
    for (size_t r = 0; r < height; r++)
        memset((char *)h + r * pitch, value, width);
    return cudaSuccess;
}

/* --- symbols ------------------------------------------------------------------------------- */
/* Device address (*dev) and host pointer (*host) of a registered variable. */
static cudaError_t rt_symbol(const char *api, const void *symbol, uint64_t *dev, void **host,
                             size_t *bytes)
{
    struct rt_var *v = rt_find_var(symbol);
    if (!v) {
        rt_msg(api, "%p is not a registered __device__/__constant__ variable", symbol);
        return cudaErrorInvalidSymbol;
    }
    cudaError_t e = rt_load_image(v->img);
    if (e != cudaSuccess)
        return e;
    uint64_t addr, n;
    if (simt_module_symbol(v->img->module, v->name, &addr, &n) != SIMT_ERR_OK) {
        rt_msg(api, "variable %s: %s", v->name, simt_errmsg());
        return cudaErrorInvalidSymbol;
    }
    void *p = simt_dev_host_ptr(rt.dev, addr);
    if (!p) {
        rt_msg(api, "variable %s at 0x%llx is not host-mapped", v->name, (unsigned long long)addr);
        return cudaErrorInvalidSymbol;
    }
    *dev = addr;
    *host = p;
    *bytes = (size_t)n;
    return cudaSuccess;
}

/* The variable `symbol` for a copy of count bytes at offset in direction kind (to_symbol:
 * into it): its device address and host storage, or an error (rt_fail'ed) when the range or
 * the direction does not fit. */
static cudaError_t rt_symbol_span(const char *api, const void *symbol, size_t count, size_t offset,
                                  enum cudaMemcpyKind kind, int to_symbol, uint64_t *addr,
                                  void **host)
{
    size_t n;
    cudaError_t e = rt_symbol(api, symbol, addr, host, &n);
    if (e != cudaSuccess)
        return rt_fail(e);
    if (offset > n || count > n - offset) {
        rt_msg(api, "%zu bytes at offset %zu exceed the variable's %zu bytes", count, offset, n);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (kind != cudaMemcpyDefault && kind != cudaMemcpyDeviceToDevice &&
        kind != (to_symbol ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost)) {
        rt_msg(api, "invalid cudaMemcpyKind %d for a symbol copy", (int)kind);
        return rt_fail(cudaErrorInvalidMemcpyDirection);
    }
    return cudaSuccess;
}

static cudaError_t rt_symbol_copy(const char *api, const void *symbol, void *buf, size_t count,
                                  size_t offset, enum cudaMemcpyKind kind, int to_symbol)
{
    RT_ENTER();
    void *p, *hb;
    uint64_t addr;
    cudaError_t e = rt_symbol_span(api, symbol, count, offset, kind, to_symbol, &addr, &p);
    if (e != cudaSuccess)
        return e;
    int buf_dev =
        kind == cudaMemcpyDeviceToDevice || (kind == cudaMemcpyDefault && rt_is_device(buf));
    e = rt_side(api, to_symbol ? "source" : "destination", buf, count, buf_dev, &hb);
    if (e != cudaSuccess)
        return rt_fail(e);
    if (count == 0)
        return cudaSuccess;
    struct rt_var *v = rt_find_var(symbol);
    if (v && v->managed && !to_symbol)
        rt_managed_sync(1); /* the host's writes to a managed variable first */
    if (to_symbol)
        memmove((char *)p + offset, hb, count);
    else
        memmove(hb, (char *)p + offset, count);
    if (v && v->managed && to_symbol)
        rt_managed_sync(0);
    return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    return rt_symbol_copy("cudaMemcpyToSymbol", symbol, (void *)src, count, offset, kind, 1);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    return rt_symbol_copy("cudaMemcpyFromSymbol", symbol, dst, count, offset, kind, 0);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemcpyToSymbolAsync", "stream", stream);
    if (rt_capturing(stream))
        return rt_captured(rt_graph_add_symbol_copy("cudaMemcpyToSymbolAsync", stream->capture,
                                                    symbol, (void *)src, count, offset, kind, 1),
                           stream->capture);
    return rt_symbol_copy("cudaMemcpyToSymbolAsync", symbol, (void *)src, count, offset, kind, 1);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemcpyFromSymbolAsync", "stream", stream);
    if (rt_capturing(stream))
        return rt_captured(rt_graph_add_symbol_copy("cudaMemcpyFromSymbolAsync", stream->capture,
                                                    symbol, dst, count, offset, kind, 0),
                           stream->capture);
    return rt_symbol_copy("cudaMemcpyFromSymbolAsync", symbol, dst, count, offset, kind, 0);
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
    RT_ENTER();
    size_t n;
    uint64_t addr;
    void *host;
    if (!devPtr)
        return rt_fail(cudaErrorInvalidValue);
    cudaError_t e = rt_symbol("cudaGetSymbolAddress", symbol, &addr, &host, &n);
    if (e != cudaSuccess)
        return rt_fail(e);
    *devPtr = (void *)(uintptr_t)addr;
    return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    RT_ENTER();
    void *p;
    uint64_t addr;
    if (!size)
        return rt_fail(cudaErrorInvalidValue);
    cudaError_t e = rt_symbol("cudaGetSymbolSize", symbol, &addr, &p, size);
    return e == cudaSuccess ? e : rt_fail(e);
}

/* ---------------------------------------------------------------------------------------------
 * Arrays and texture references.
 * ------------------------------------------------------------------------------------------- */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f)
{
    struct cudaChannelFormatDesc d = {x, y, z, w, f};
    return d;
}

/* Bytes per element and channel count of a descriptor; 0 if it is not one CUDA accepts. */
static size_t rt_desc_bytes(const struct cudaChannelFormatDesc *d, uint32_t *channels)
{
    int bits[4] = {d->x, d->y, d->z, d->w};
    uint32_t nc = 0;
    size_t total = 0;
    for (int i = 0; i < 4; i++) {
        if (bits[i] == 0)
            break;
        if (bits[i] != 8 && bits[i] != 16 && bits[i] != 32)
            return 0;
        if (bits[i] != bits[0])
            return 0;
        nc++;
        total += (size_t)bits[i] / 8;
    }
    if (nc == 0 || nc == 3 || d->f == cudaChannelFormatKindNone)
        return 0;
    if (d->f == cudaChannelFormatKindFloat && bits[0] != 32)
        return 0; /* half-precision textures are not supported */
    if (channels)
        *channels = nc;
    return total;
}

static int rt_array_ok(const struct cudaArray *a);

static cudaError_t rt_malloc_array(const char *api, cudaArray_t *array,
                                   const struct cudaChannelFormatDesc *desc, size_t width,
                                   size_t height, size_t depth)
{
    RT_ENTER();
    if (!array || !desc || width == 0)
        return rt_fail(cudaErrorInvalidValue);
    size_t eb = rt_desc_bytes(desc, NULL);
    if (eb == 0) {
        rt_msg(api, "unsupported channel descriptor (%d,%d,%d,%d kind %d)", desc->x, desc->y,
               desc->z, desc->w, (int)desc->f);
        return rt_fail(cudaErrorInvalidChannelDescriptor);
    }
    size_t h = height ? height : 1, d = depth ? depth : 1;
    if (width > SIZE_MAX / eb / h / d)
        return rt_fail(cudaErrorMemoryAllocation);
    struct cudaArray *a = calloc(1, sizeof *a);
    if (!a)
        return rt_fail(cudaErrorMemoryAllocation);
    void *p;
    cudaError_t e = rt_malloc(api, &p, width * eb * h * d, 0);
    if (e != cudaSuccess) {
        free(a);
        return e;
    }
    a->addr = rt_addr(p);
    a->desc = *desc;
    a->width = width;
    a->height = h;
    a->depth = d;
    a->elem_bytes = eb;
    a->next = rt.arrays;
    rt.arrays = a;
    *array = a;
    return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned int flags)
{
    (void)flags;
    return rt_malloc_array("cudaMallocArray", array, desc, width, height, 1);
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags)
{
    (void)flags;
    return rt_malloc_array("cudaMalloc3DArray", array, desc, extent.width, extent.height,
                           extent.depth);
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent)
{
    if (!pitchedDevPtr)
        return rt_fail(cudaErrorInvalidValue);
    size_t pitch, h = extent.height ? extent.height : 1, d = extent.depth ? extent.depth : 1;
    void *p = NULL;
    if (h > SIZE_MAX / d)
        return rt_fail(cudaErrorMemoryAllocation);
    cudaError_t e = cudaMallocPitch(&p, &pitch, extent.width, h * d);
    if (e != cudaSuccess)
        return e;
    *pitchedDevPtr = make_cudaPitchedPtr(p, pitch, extent.width, h);
    return cudaSuccess;
}

/* One side of a 3D copy: the address of row (y, z) at x, and the bytes per element. */
struct rt_side3d {
    char *base;
    size_t row_pitch, slice_pitch, elem, x, y, z, xsize, ysize, zsize;
};

static cudaError_t rt_side3d(const char *what, cudaArray_t a, struct cudaPos pos,
                             struct cudaPitchedPtr ptr, size_t elem, struct rt_side3d *s)
{
    if (a) {
        if (!rt_array_ok(a)) {
            rt_msg("cudaMemcpy3D", "%s array %p is not live", what, (void *)a);
            return cudaErrorInvalidValue;
        }
        s->base = (char *)(uintptr_t)a->addr;
        s->row_pitch = a->width * a->elem_bytes;
        s->slice_pitch = s->row_pitch * a->height;
        s->xsize = a->width;
        s->ysize = a->height;
        s->zsize = a->depth;
    } else {
        if (!ptr.ptr || ptr.pitch == 0) {
            rt_msg("cudaMemcpy3D", "%s: neither an array nor a pitched pointer", what);
            return cudaErrorInvalidValue;
        }
        s->base = ptr.ptr;
        s->row_pitch = ptr.pitch;
        s->slice_pitch = ptr.pitch * (ptr.ysize ? ptr.ysize : 1);
        s->xsize = ptr.pitch / elem;
        s->ysize = ptr.ysize ? ptr.ysize : 1;
        s->zsize = SIZE_MAX;
    }
    s->elem = elem;
    s->x = pos.x;
    s->y = pos.y;
    s->z = pos.z;
    return cudaSuccess;
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
    RT_ENTER();
    if (!p || (p->srcArray && p->srcPtr.ptr) || (p->dstArray && p->dstPtr.ptr))
        return rt_fail(cudaErrorInvalidValue);
    /* Extents and x positions count elements when an array takes part, else bytes. */
    size_t elem = p->srcArray ? p->srcArray->elem_bytes : p->dstArray ? p->dstArray->elem_bytes : 1;
    if (p->srcArray && p->dstArray && p->srcArray->elem_bytes != p->dstArray->elem_bytes)
        return rt_fail(cudaErrorInvalidValue);
    struct rt_side3d src, dst;
    cudaError_t e = rt_side3d("source", p->srcArray, p->srcPos, p->srcPtr, elem, &src);
    if (e == cudaSuccess)
        e = rt_side3d("destination", p->dstArray, p->dstPos, p->dstPtr, elem, &dst);
    if (e != cudaSuccess)
        return rt_fail(e);
    const struct cudaExtent x = p->extent;
    if (x.width == 0 || x.height == 0 || x.depth == 0)
        return cudaSuccess;
    const struct rt_side3d *sides[2] = {&src, &dst};
    for (int i = 0; i < 2; i++) {
        const struct rt_side3d *s = sides[i];
        if (s->x + x.width > s->xsize || s->y + x.height > s->ysize ||
            (s->zsize != SIZE_MAX && s->z + x.depth > s->zsize)) {
            rt_msg("cudaMemcpy3D", "the %zux%zux%zu extent at (%zu,%zu,%zu) exceeds the %s",
                   x.width, x.height, x.depth, s->x, s->y, s->z, i ? "destination" : "source");
            return rt_fail(cudaErrorInvalidValue);
        }
    }
    for (size_t z = 0; z < x.depth; z++)
        for (size_t y = 0; y < x.height; y++) {
            char *d = dst.base + (dst.z + z) * dst.slice_pitch + (dst.y + y) * dst.row_pitch +
                      dst.x * elem;
            const char *s = src.base + (src.z + z) * src.slice_pitch + (src.y + y) * src.row_pitch +
                            src.x * elem;
            e = rt_memcpy("cudaMemcpy3D", d, s, x.width * elem, p->kind);
            if (e != cudaSuccess)
                return e;
        }
    return cudaSuccess;
}

/* 1 if `a` is a live array (not freed, not created before cudaDeviceReset). */
static int rt_array_ok(const struct cudaArray *a)
{
    for (const struct cudaArray *p = rt.arrays; p; p = p->next)
        if (p == a)
            return 1;
    return 0;
}

cudaError_t cudaFreeArray(cudaArray_t array)
{
    RT_ENTER();
    if (!array)
        return cudaSuccess;
    for (struct cudaArray **p = &rt.arrays; *p; p = &(*p)->next)
        if (*p == array) {
            *p = array->next;
            rt_dev_free(array->addr);
            free(array);
            return cudaSuccess;
        }
    rt_msg("cudaFreeArray", "array %p is not live (freed, or created before cudaDeviceReset)",
           (void *)array);
    return rt_fail(cudaErrorInvalidValue);
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)
{
    if (!desc || !array || !rt_array_ok(array))
        return rt_fail(cudaErrorInvalidValue);
    *desc = array->desc;
    return cudaSuccess;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind)
{
    RT_ENTER();
    if (!dst || !rt_array_ok(dst))
        return rt_fail(cudaErrorInvalidValue);
    size_t row = dst->width * dst->elem_bytes;
    if (wOffset + width > row || hOffset + height > dst->height) {
        rt_msg("cudaMemcpy2DToArray", "copy of %zux%zu bytes at (%zu,%zu) exceeds the array", width,
               height, wOffset, hOffset);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (kind == cudaMemcpyDefault)
        kind = rt_is_device(src) ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice;
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice)
        return rt_fail(cudaErrorInvalidMemcpyDirection);
    char *base = (char *)(uintptr_t)dst->addr + hOffset * row + wOffset;
    return rt_memcpy2d("cudaMemcpy2DToArray", base, row, src, spitch, width, height, kind);
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t count, enum cudaMemcpyKind kind)
{
    RT_ENTER();
    if (!dst || !rt_array_ok(dst))
        return rt_fail(cudaErrorInvalidValue);
    size_t row = dst->width * dst->elem_bytes;
    size_t start = hOffset * row + wOffset, total = row * dst->height;
    if (wOffset > row || hOffset > dst->height || start > total || count > total - start) {
        rt_msg("cudaMemcpyToArray", "%zu bytes at (%zu,%zu) exceed the %zu-byte array", count,
               wOffset, hOffset, total);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (kind == cudaMemcpyDefault)
        kind = rt_is_device(src) ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice;
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice)
        return rt_fail(cudaErrorInvalidMemcpyDirection);
    return rt_memcpy("cudaMemcpyToArray", (char *)(uintptr_t)dst->addr + start, src, count, kind);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t count, enum cudaMemcpyKind kind)
{
    RT_ENTER();
    if (!src || !rt_array_ok(src))
        return rt_fail(cudaErrorInvalidValue);
    size_t row = src->width * src->elem_bytes;
    size_t start = hOffset * row + wOffset, total = row * src->height;
    if (wOffset > row || hOffset > src->height || start > total || count > total - start)
        return rt_fail(cudaErrorInvalidValue);
    if (kind == cudaMemcpyDefault)
        kind = rt_is_device(dst) ? cudaMemcpyDeviceToDevice : cudaMemcpyDeviceToHost;
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice)
        return rt_fail(cudaErrorInvalidMemcpyDirection);
    return rt_memcpy("cudaMemcpyFromArray", dst, (char *)(uintptr_t)src->addr + start, count, kind);
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind)
{
    RT_ENTER();
    if (!src || !rt_array_ok(src))
        return rt_fail(cudaErrorInvalidValue);
    size_t row = src->width * src->elem_bytes;
    if (wOffset + width > row || hOffset + height > src->height) {
        rt_msg("cudaMemcpy2DFromArray", "copy of %zux%zu bytes at (%zu,%zu) exceeds the array",
               width, height, wOffset, hOffset);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (kind == cudaMemcpyDefault)
        kind = rt_is_device(dst) ? cudaMemcpyDeviceToDevice : cudaMemcpyDeviceToHost;
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice)
        return rt_fail(cudaErrorInvalidMemcpyDirection);
    const char *base = (const char *)(uintptr_t)src->addr + hOffset * row + wOffset;
    return rt_memcpy2d("cudaMemcpy2DFromArray", dst, dpitch, base, row, width, height, kind);
}

/* The stream-ordered forms of the array copies: work runs in call order. */
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width, size_t height,
                                     enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemcpy2DToArrayAsync", "stream", stream);
    return cudaMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                                       enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemcpy2DFromArrayAsync", "stream", stream);
    return cudaMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind);
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaMemcpy3DAsync", "stream", stream);
    if (rt_capturing(stream)) {
        if (!rt_copy3d_ok(p))
            return rt_fail(cudaErrorInvalidValue);
        return rt_captured(rt_graph_add_memcpy3d(stream->capture, p), stream->capture);
    }
    return cudaMemcpy3D(p);
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned int *flags, cudaArray_t array)
{
    if (!array || !rt_array_ok(array))
        return rt_fail(cudaErrorInvalidResourceHandle);
    if (desc)
        *desc = array->desc;
    if (extent) /* an unused dimension is 0, as cudaMalloc3DArray takes it */
        *extent = make_cudaExtent(array->width, array->height > 1 ? array->height : 0,
                                  array->depth > 1 ? array->depth : 0);
    if (flags)
        *flags = 0;
    return cudaSuccess;
}

/* CUDA's address mode as the tracer's (simt_tracer.h) */
static uint32_t rt_tex_address(enum cudaTextureAddressMode m)
{
    switch (m) {
    case cudaAddressModeWrap:
        return SIMT_TEX_WRAP;
    case cudaAddressModeMirror:
        return SIMT_TEX_MIRROR;
    case cudaAddressModeBorder:
        return SIMT_TEX_BORDER;
    default:
        return SIMT_TEX_CLAMP;
    }
}

static cudaError_t rt_bind(const char *api, const struct textureReference *texref, uint64_t base,
                           const struct cudaChannelFormatDesc *desc, size_t width, size_t height,
                           size_t depth, size_t pitch)
{
    struct rt_tex *t = rt_find_tex(texref);
    if (!t) {
        rt_msg(api, "%p is not a registered texture reference", (const void *)texref);
        return rt_fail(cudaErrorInvalidTexture);
    }
    cudaError_t e = rt_load_image(t->img);
    if (e != cudaSuccess)
        return rt_fail(e);
    if (texref->filterMode != cudaFilterModePoint && texref->filterMode != cudaFilterModeLinear) {
        rt_msg(api, "texture %s: filterMode %d is neither point nor linear", t->name,
               (int)texref->filterMode);
        return rt_fail(cudaErrorInvalidFilterSetting);
    }
    struct simt_texture_binding b;
    memset(&b, 0, sizeof b);
    size_t eb = rt_desc_bytes(desc, &b.channels);
    if (eb == 0) {
        rt_msg(api, "texture %s: unsupported channel descriptor (%d,%d,%d,%d kind %d)", t->name,
               desc->x, desc->y, desc->z, desc->w, (int)desc->f);
        return rt_fail(cudaErrorInvalidChannelDescriptor);
    }
    b.filter_linear = texref->filterMode == cudaFilterModeLinear;
    b.normalized_coords = texref->normalized != 0;
    for (int i = 0; i < 3; i++)
        b.address[i] = rt_tex_address(texref->addressMode[i]);
    if (b.filter_linear && desc->f != cudaChannelFormatKindFloat &&
        !(t->read_mode && eb / b.channels <= 2)) {
        rt_msg(api,
               "texture %s: linear filtering needs float results: a float texture, or 8/16-bit "
               "integers read as cudaReadModeNormalizedFloat",
               t->name);
        return rt_fail(cudaErrorInvalidFilterSetting);
    }
    b.base = base;
    b.elem_bytes = (uint32_t)eb;
    b.is_float = desc->f == cudaChannelFormatKindFloat;
    b.is_signed = desc->f == cudaChannelFormatKindSigned;
    b.width = width;
    b.height = height;
    b.depth = depth;
    b.pitch_bytes = pitch;
    if (simt_module_bind_texture(t->img->module, t->name, &b) != SIMT_ERR_OK) {
        rt_msg(api, "texture %s: %s", t->name, simt_errmsg());
        return rt_fail(cudaErrorInvalidTexture);
    }
    return cudaSuccess;
}

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr, const struct cudaChannelFormatDesc *desc,
                            size_t size)
{
    RT_ENTER();
    if (!texref || !desc)
        return rt_fail(cudaErrorInvalidValue);
    if (offset)
        *offset = 0;
    uint32_t nc;
    size_t eb = rt_desc_bytes(desc, &nc);
    if (eb == 0)
        return rt_fail(cudaErrorInvalidChannelDescriptor);
    if (size != ~(size_t)0 && size < eb)
        return rt_fail(cudaErrorInvalidValue);
    if (!devPtr || simt_dev_check(rt.dev, rt_addr(devPtr), 1) != SIMT_ERR_OK) {
        rt_msg("cudaBindTexture", "%p is not device memory", devPtr);
        return rt_fail(cudaErrorInvalidValue);
    }
    if (size == ~(size_t)0) {
        /* C++ overload without a size: up to the end of the allocation (binary search for
         * the largest valid extent; simt_dev_check is monotone in the size). */
        size_t lo = 1, hi = (size_t)1 << 40; /* check(lo) holds, check(hi) fails */
        while (hi - lo > 1) {
            size_t mid = lo + (hi - lo) / 2;
            if (simt_dev_check(rt.dev, rt_addr(devPtr), mid) == SIMT_ERR_OK)
                lo = mid;
            else
                hi = mid;
        }
        size = lo - lo % eb;
    }
    if (simt_dev_check(rt.dev, rt_addr(devPtr), size) != SIMT_ERR_OK) {
        rt_msg("cudaBindTexture", "[%p, +%zu bytes): %s", devPtr, size, simt_errmsg());
        return rt_fail(cudaErrorInvalidValue);
    }
    return rt_bind("cudaBindTexture", texref, rt_addr(devPtr), desc, size / eb, 1, 1, 0);
}

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr, const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch)
{
    RT_ENTER();
    if (!texref || !desc)
        return rt_fail(cudaErrorInvalidValue);
    if (offset)
        *offset = 0;
    size_t eb = rt_desc_bytes(desc, NULL);
    if (eb == 0)
        return rt_fail(cudaErrorInvalidChannelDescriptor);
    if (width == 0 || height == 0 || pitch < width * eb)
        return rt_fail(cudaErrorInvalidPitchValue);
    if (simt_dev_check(rt.dev, rt_addr(devPtr), pitch * (height - 1) + width * eb) != SIMT_ERR_OK) {
        rt_msg("cudaBindTexture2D", "%s", simt_errmsg());
        return rt_fail(cudaErrorInvalidValue);
    }
    return rt_bind("cudaBindTexture2D", texref, rt_addr(devPtr), desc, width, height, 1, pitch);
}

cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc)
{
    RT_ENTER();
    if (!texref || !array || !rt_array_ok(array))
        return rt_fail(cudaErrorInvalidValue);
    const struct cudaChannelFormatDesc *d = desc ? desc : &array->desc;
    if (rt_desc_bytes(d, NULL) != array->elem_bytes)
        return rt_fail(cudaErrorInvalidChannelDescriptor);
    return rt_bind("cudaBindTextureToArray", texref, array->addr, d, array->width, array->height,
                   array->depth, array->width * array->elem_bytes);
}

/* Texture objects: the same point-sampled fetches as references (docs/CUDA_SUPPORT.md),
 * the binding held by the tracer under a handle that kernels pass to the fetch functions. */
/* A texture (tex != NULL) or surface object reading memory as b describes: the tracer's
 * handle, kept with its descriptors for the Get*Desc calls. */
static cudaError_t rt_add_object(const char *api, const struct simt_texture_binding *b,
                                 const struct cudaResourceDesc *res,
                                 const struct cudaTextureDesc *tex, unsigned long long *handle)
{
    struct rt_texobj *n = rt_grow(rt.texobjs, &rt.cap_texobjs, rt.ntexobjs, sizeof *n);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    rt.texobjs = n;
    uint64_t h = 0;
    if (simt_device_create_texture(rt.dev, b, &h) != SIMT_ERR_OK) {
        rt_msg(api, "%s", simt_errmsg());
        return rt_fail(cudaErrorInvalidValue);
    }
    struct rt_texobj o;
    memset(&o, 0, sizeof o);
    o.handle = h;
    o.res = *res;
    if (tex)
        o.tex = *tex;
    o.surface = tex == NULL;
    rt.texobjs[rt.ntexobjs++] = o;
    *handle = h;
    return cudaSuccess;
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc)
{
    RT_ENTER();
    const char *api = "cudaCreateTextureObject";
    if (!pTexObject || !pResDesc || !pTexDesc)
        return rt_fail(cudaErrorInvalidValue);
    if (pResViewDesc) {
        rt_msg(api, "resource views are not supported");
        return rt_fail(cudaErrorNotSupported);
    }
    if (pTexDesc->filterMode != cudaFilterModePoint &&
        pTexDesc->filterMode != cudaFilterModeLinear) {
        rt_msg(api, "filterMode %d is neither point nor linear", (int)pTexDesc->filterMode);
        return rt_fail(cudaErrorInvalidFilterSetting);
    }
    struct simt_texture_binding b;
    memset(&b, 0, sizeof b);
    b.filter_linear = pTexDesc->filterMode == cudaFilterModeLinear;
    b.normalized_coords = pTexDesc->normalizedCoords != 0;
    for (int i = 0; i < 3; i++)
        b.address[i] = rt_tex_address(pTexDesc->addressMode[i]);
    const struct cudaChannelFormatDesc *desc = NULL;
    size_t eb = 0;
    switch (pResDesc->resType) {
    case cudaResourceTypeLinear:
        desc = &pResDesc->res.linear.desc;
        eb = rt_desc_bytes(desc, &b.channels);
        if (eb && (!pResDesc->res.linear.devPtr || pResDesc->res.linear.sizeInBytes < eb ||
                   simt_dev_check(rt.dev, rt_addr(pResDesc->res.linear.devPtr),
                                  pResDesc->res.linear.sizeInBytes) != SIMT_ERR_OK)) {
            rt_msg(api, "linear resource [%p, +%zu bytes) is not device memory",
                   pResDesc->res.linear.devPtr, pResDesc->res.linear.sizeInBytes);
            return rt_fail(cudaErrorInvalidValue);
        }
        b.base = rt_addr(pResDesc->res.linear.devPtr);
        b.width = eb ? pResDesc->res.linear.sizeInBytes / eb : 0;
        break;
    case cudaResourceTypePitch2D: {
        desc = &pResDesc->res.pitch2D.desc;
        eb = rt_desc_bytes(desc, &b.channels);
        size_t w = pResDesc->res.pitch2D.width, h = pResDesc->res.pitch2D.height,
               pitch = pResDesc->res.pitch2D.pitchInBytes;
        if (eb && (w == 0 || h == 0 || pitch < w * eb))
            return rt_fail(cudaErrorInvalidPitchValue);
        if (eb && simt_dev_check(rt.dev, rt_addr(pResDesc->res.pitch2D.devPtr),
                                 pitch * (h - 1) + w * eb) != SIMT_ERR_OK) {
            rt_msg(api, "pitched resource: %s", simt_errmsg());
            return rt_fail(cudaErrorInvalidValue);
        }
        b.base = rt_addr(pResDesc->res.pitch2D.devPtr);
        b.width = w;
        b.height = h;
        b.pitch_bytes = pitch;
        break;
    }
    case cudaResourceTypeArray: {
        const struct cudaArray *a = pResDesc->res.array.array;
        if (!a || !rt_array_ok(a))
            return rt_fail(cudaErrorInvalidResourceHandle);
        desc = &a->desc;
        eb = rt_desc_bytes(desc, &b.channels);
        b.base = a->addr;
        b.width = a->width;
        b.height = a->height;
        b.depth = a->depth;
        b.pitch_bytes = a->width * a->elem_bytes;
        break;
    }
    default:
        rt_msg(api, "resource type %d is not supported (linear, pitch2D and array are)",
               (int)pResDesc->resType);
        return rt_fail(cudaErrorNotSupported);
    }
    if (eb == 0) {
        rt_msg(api, "unsupported channel descriptor (%d,%d,%d,%d kind %d)", desc->x, desc->y,
               desc->z, desc->w, (int)desc->f);
        return rt_fail(cudaErrorInvalidChannelDescriptor);
    }
    b.elem_bytes = (uint32_t)eb;
    b.is_float = desc->f == cudaChannelFormatKindFloat;
    b.is_signed = desc->f == cudaChannelFormatKindSigned;
    b.normalized_float = pTexDesc->readMode == cudaReadModeNormalizedFloat;
    if (b.normalized_float && !b.is_float && eb / b.channels > 2) {
        rt_msg(api, "normalized-float reads need 8- or 16-bit integer channels");
        return rt_fail(cudaErrorInvalidNormSetting);
    }
    if (b.filter_linear && !b.is_float && !b.normalized_float) {
        rt_msg(api, "linear filtering needs float results: a float texture, or 8/16-bit integers "
                    "read as cudaReadModeNormalizedFloat");
        return rt_fail(cudaErrorInvalidFilterSetting);
    }
    return rt_add_object(api, &b, pResDesc, pTexDesc, pTexObject);
}

static struct rt_texobj *rt_find_obj(unsigned long long t, int surface)
{
    for (size_t i = 0; i < rt.ntexobjs; i++)
        if (rt.texobjs[i].handle == t && rt.texobjs[i].surface == surface)
            return &rt.texobjs[i];
    return NULL;
}

static struct rt_texobj *rt_find_texobj(cudaTextureObject_t t)
{
    return rt_find_obj(t, 0);
}

/* Surface objects: a cudaArray read and written by surf*read/surf*write at byte x
 * coordinates; the tracer keeps them among the texture bindings (one handle space). */
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc)
{
    RT_ENTER();
    const char *api = "cudaCreateSurfaceObject";
    if (!pSurfObject || !pResDesc)
        return rt_fail(cudaErrorInvalidValue);
    if (pResDesc->resType != cudaResourceTypeArray) {
        rt_msg(api, "a surface object needs a cudaArray resource (resType %d)",
               (int)pResDesc->resType);
        return rt_fail(cudaErrorInvalidValue);
    }
    const struct cudaArray *a = pResDesc->res.array.array;
    if (!a || !rt_array_ok(a))
        return rt_fail(cudaErrorInvalidResourceHandle);
    struct simt_texture_binding b;
    memset(&b, 0, sizeof b);
    size_t eb = rt_desc_bytes(&a->desc, &b.channels);
    if (eb == 0)
        return rt_fail(cudaErrorInvalidChannelDescriptor);
    b.base = a->addr;
    b.width = a->width;
    b.height = a->height;
    b.depth = a->depth;
    b.pitch_bytes = a->width * a->elem_bytes;
    b.elem_bytes = (uint32_t)eb;
    b.is_float = a->desc.f == cudaChannelFormatKindFloat;
    b.is_signed = a->desc.f == cudaChannelFormatKindSigned;
    return rt_add_object(api, &b, pResDesc, NULL, pSurfObject);
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
    RT_ENTER();
    struct rt_texobj *o = rt_find_obj(surfObject, 1);
    if (!o || simt_device_destroy_texture(rt.dev, surfObject) != SIMT_ERR_OK)
        return rt_fail(cudaErrorInvalidValue);
    *o = rt.texobjs[--rt.ntexobjs];
    return cudaSuccess;
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject)
{
    struct rt_texobj *o = rt_find_obj(surfObject, 1);
    if (!pResDesc || !o)
        return rt_fail(cudaErrorInvalidValue);
    *pResDesc = o->res;
    return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
    RT_ENTER();
    struct rt_texobj *o = rt_find_texobj(texObject);
    if (!o || simt_device_destroy_texture(rt.dev, texObject) != SIMT_ERR_OK)
        return rt_fail(cudaErrorInvalidValue);
    *o = rt.texobjs[--rt.ntexobjs];
    return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject)
{
    struct rt_texobj *o = rt_find_texobj(texObject);
    if (!pResDesc || !o)
        return rt_fail(cudaErrorInvalidValue);
    *pResDesc = o->res;
    return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject)
{
    struct rt_texobj *o = rt_find_texobj(texObject);
    if (!pTexDesc || !o)
        return rt_fail(cudaErrorInvalidValue);
    *pTexDesc = o->tex;
    return cudaSuccess;
}

cudaError_t cudaUnbindTexture(const struct textureReference *texref)
{
    RT_ENTER();
    struct rt_tex *t = rt_find_tex(texref);
    if (!t)
        return rt_fail(cudaErrorInvalidTexture);
    cudaError_t e = rt_load_image(t->img);
    if (e != cudaSuccess)
        return rt_fail(e);
    if (simt_module_bind_texture(t->img->module, t->name, NULL) != SIMT_ERR_OK) {
        rt_msg("cudaUnbindTexture", "texture %s: %s", t->name, simt_errmsg());
        return rt_fail(cudaErrorInvalidTexture);
    }
    return cudaSuccess;
}

/* ---------------------------------------------------------------------------------------------
 * Streams and events. Work completes before each call returns, so streams are always idle.
 * ------------------------------------------------------------------------------------------- */
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags)
{
    if (!stream)
        return rt_fail(cudaErrorInvalidValue);
    *stream = calloc(1, sizeof **stream);
    if (!*stream)
        return rt_fail(cudaErrorMemoryAllocation);
    (*stream)->flags = flags;
    (*stream)->id = 2 + rt.streams_created++;
    (*stream)->next = rt.streams;
    rt.streams = *stream;
    return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *stream)
{
    return cudaStreamCreateWithFlags(stream, cudaStreamDefault);
}

/* Priorities order work between streams that run at once; here each call completes before it
 * returns, so there is no order to change. The range reported is CUDA's "no priorities"
 * answer (0, 0); a stream keeps the priority it was given, clamped to that range as CUDA
 * clamps it. */
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
    if (leastPriority)
        *leastPriority = 0;
    if (greatestPriority)
        *greatestPriority = 0;
    return cudaSuccess;
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority)
{
    (void)priority;
    cudaError_t e = cudaStreamCreateWithFlags(stream, flags);
    if (e == cudaSuccess)
        (*stream)->priority = 0;
    return e;
}

/* The checks of the cudaStreamGet* queries: a result pointer and a live stream. *created:
 * the stream is one the program created (not a default stream). */
static cudaError_t rt_stream_query(const char *api, cudaStream_t stream, const void *out,
                                   int *created)
{
    if (!out)
        return rt_fail(cudaErrorInvalidValue);
    if (!rt_stream_ok(stream))
        return rt_bad_handle(api, "stream", stream);
    *created = stream && stream != cudaStreamLegacy && stream != cudaStreamPerThread;
    return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority)
{
    int created;
    cudaError_t e = rt_stream_query("cudaStreamGetPriority", stream, priority, &created);
    if (e == cudaSuccess)
        *priority = created ? stream->priority : 0;
    return e;
}

/* A stream's unique id: the legacy default stream 0, the per-thread one 1, created streams
 * 2, 3, ... in the order they were created in the process (never reused, as CUDA's). */
cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long *streamId)
{
    int created;
    cudaError_t e = rt_stream_query("cudaStreamGetId", stream, streamId, &created);
    if (e == cudaSuccess)
        *streamId = created ? stream->id : stream == cudaStreamPerThread ? 1 : 0;
    return e;
}

cudaError_t cudaStreamGetDevice(cudaStream_t stream, int *device)
{
    int created;
    cudaError_t e = rt_stream_query("cudaStreamGetDevice", stream, device, &created);
    if (e == cudaSuccess)
        *device = 0; /* one device */
    return e;
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags)
{
    int created;
    cudaError_t e = rt_stream_query("cudaStreamGetFlags", stream, flags, &created);
    if (e == cudaSuccess)
        *flags = created ? stream->flags : cudaStreamDefault;
    return e;
}

/* Host work in stream order: everything before it in the stream has completed when the call
 * is made, so it runs now, on the calling thread. (CUDA runs it on a runtime thread; a
 * function that must not call CUDA there may call it here without harm.) */
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    RT_ENTER();
    if (!fn)
        return rt_fail(cudaErrorInvalidValue);
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaLaunchHostFunc", "stream", stream);
    if (rt_capturing(stream))
        return rt_captured(rt_graph_add_host(stream->capture, fn, userData), stream->capture);
    fn(userData);
    return cudaSuccess;
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags)
{
    RT_ENTER();
    if (!callback || flags != 0)
        return rt_fail(cudaErrorInvalidValue);
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamAddCallback", "stream", stream);
    callback(stream, rt.sticky, userData); /* the status of the work before it */
    return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    if (!stream || stream == cudaStreamLegacy || stream == cudaStreamPerThread)
        return rt_fail(cudaErrorInvalidResourceHandle);
    for (struct CUstream_st **p = &rt.streams; *p; p = &(*p)->next)
        if (*p == stream) {
            *p = stream->next;
            free(stream);
            return rt.sticky;
        }
    return rt_bad_handle("cudaStreamDestroy", "stream", stream);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamSynchronize", "stream", stream);
    return rt.sticky;
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamQuery", "stream", stream);
    return rt.sticky;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    (void)flags;
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamWaitEvent", "stream", stream);
    if (!rt_event_ok(event))
        return rt_bad_handle("cudaStreamWaitEvent", "event", event);
    if (event->capture && stream && stream != cudaStreamLegacy && stream != cudaStreamPerThread)
        stream->capture = event->capture; /* joins the capture (fork) */
    return rt.sticky;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    if (!event)
        return rt_fail(cudaErrorInvalidValue);
    *event = calloc(1, sizeof **event);
    if (!*event)
        return rt_fail(cudaErrorMemoryAllocation);
    (*event)->flags = flags;
    (*event)->next = rt.events;
    rt.events = *event;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags)
{
    (void)flags; /* cudaEventRecordExternal concerns graphs */
    return cudaEventRecord(event, stream);
}

/* Managed memory is visible to host and device at any time here: attaching is a no-op. */
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length,
                                     unsigned int flags)
{
    (void)length, (void)flags;
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamAttachMemAsync", "stream", stream);
    if (!devPtr) { /* as CUDA 13 says */
        rt_msg("cudaStreamAttachMemAsync", "no memory (NULL)");
        return rt_fail(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    if (!rt_event_ok(event))
        return rt_bad_handle("cudaEventRecord", "event", event);
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaEventRecord", "stream", stream);
    event->recorded = 1;
    event->ms = now_ms();
    event->capture = rt_capturing(stream);
    return rt.sticky;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    if (!rt_event_ok(event))
        return rt_bad_handle("cudaEventSynchronize", "event", event);
    return rt.sticky;
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    if (!rt_event_ok(event))
        return rt_bad_handle("cudaEventQuery", "event", event);
    return rt.sticky;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms || !start || !end)
        return rt_fail(cudaErrorInvalidValue);
    if (!rt_event_ok(start) || !rt_event_ok(end))
        return rt_bad_handle("cudaEventElapsedTime", "event", rt_event_ok(start) ? end : start);
    if ((start->flags | end->flags) & cudaEventDisableTiming)
        return rt_fail(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded)
        return rt_fail(cudaErrorInvalidResourceHandle);
    *ms = (float)(end->ms - start->ms); /* host wall time of the simulation */
    return rt.sticky;
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    if (!event)
        return rt_fail(cudaErrorInvalidResourceHandle);
    for (struct CUevent_st **p = &rt.events; *p; p = &(*p)->next)
        if (*p == event) {
            *p = event->next;
            free(event);
            return rt.sticky;
        }
    return rt_bad_handle("cudaEventDestroy", "event", event);
}

/* ---------------------------------------------------------------------------------------------
 * Peers (one device) and prefetching.
 * ------------------------------------------------------------------------------------------- */

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)
{
    /* one device: it has no peer. The device itself: cudaErrorPeerAccessUnsupported, as
     * CUDA 13 said on a one-GPU H200 (docs/DEVICE_CHECK.md) */
    if (flags != 0)
        return rt_fail(cudaErrorInvalidValue);
    rt_msg("cudaDeviceEnablePeerAccess", "device %d is not a peer: there is one device, 0",
           peerDevice);
    return rt_fail(peerDevice == 0 ? cudaErrorPeerAccessUnsupported : cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice)
{
    rt_msg("cudaDeviceDisablePeerAccess", "device %d is not a peer: there is one device, 0",
           peerDevice);
    return rt_fail(cudaErrorInvalidDevice);
}

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                                 cudaStream_t stream)
{
    (void)devPtr, (void)count, (void)dstDevice, (void)stream;
    return cudaSuccess; /* memory is shared by host and device: nothing to move */
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          int device)
{
    (void)devPtr, (void)count;
    if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy ||
        (device != 0 && device != cudaCpuDeviceId))
        return rt_fail(cudaErrorInvalidValue);
    return cudaSuccess; /* a placement hint: memory is shared by host and device */
}

/* --- graph API ------------------------------------------------------------------------- */

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
    (void)mode;
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamBeginCapture", "stream", stream);
    if (!stream || stream == cudaStreamLegacy || stream == cudaStreamPerThread) {
        rt_msg("cudaStreamBeginCapture", "the default stream cannot be captured");
        return rt_fail(cudaErrorStreamCaptureUnsupported);
    }
    if (stream->capture)
        return rt_fail(cudaErrorIllegalState);
    stream->capture = calloc(1, sizeof *stream->capture);
    if (!stream->capture)
        return rt_fail(cudaErrorMemoryAllocation);
    stream->capture->capture_id = ++rt.captures;
    return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamEndCapture", "stream", stream);
    if (!pGraph)
        return rt_fail(cudaErrorInvalidValue);
    struct CUgraph_st *g = rt_capturing(stream);
    if (!g)
        return rt_fail(cudaErrorIllegalState);
    for (struct CUstream_st *p = rt.streams; p; p = p->next) /* joined streams too */
        if (p->capture == g)
            p->capture = NULL;
    for (struct CUevent_st *e = rt.events; e; e = e->next)
        if (e->capture == g)
            e->capture = NULL;
    *pGraph = g;
    return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *status)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamIsCapturing", "stream", stream);
    if (!status)
        return rt_fail(cudaErrorInvalidValue);
    *status = rt_capturing(stream) ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
    return cudaSuccess;
}

/* CUDA 11.3's form (CUDA 12's cudaStreamGetCaptureInfo): the status, the capture's id (1,
 * 2, ... in the order captures began), its graph, and the nodes the next captured work will
 * depend on (the last node captured: captures are chains here). */
cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t stream,
                                        enum cudaStreamCaptureStatus *captureStatus_out,
                                        unsigned long long *id_out, cudaGraph_t *graph_out,
                                        const cudaGraphNode_t **dependencies_out,
                                        size_t *numDependencies_out)
{
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaStreamGetCaptureInfo", "stream", stream);
    if (!captureStatus_out)
        return rt_fail(cudaErrorInvalidValue);
    struct CUgraph_st *g = rt_capturing(stream);
    static cudaGraphNode_t last; /* the array the caller reads until the next call */
    *captureStatus_out = g ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
    if (id_out && g)
        *id_out = g->capture_id;
    if (graph_out)
        *graph_out = g;
    if (numDependencies_out)
        *numDependencies_out = g && g->n ? 1 : 0;
    if (dependencies_out) {
        last = g && g->n ? g->nodes[g->n - 1] : NULL;
        *dependencies_out = last ? &last : NULL;
    }
    return cudaSuccess;
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *status,
                                     unsigned long long *id)
{
    return cudaStreamGetCaptureInfo_v2(stream, status, id, NULL, NULL, NULL);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
    return mode ? cudaSuccess : rt_fail(cudaErrorInvalidValue); /* one thread: no effect */
}

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
    if (!pGraph || flags)
        return rt_fail(cudaErrorInvalidValue);
    *pGraph = calloc(1, sizeof **pGraph);
    return *pGraph ? cudaSuccess : rt_fail(cudaErrorMemoryAllocation);
}

/* 1 if g (or a child graph in it) has memory allocation or free nodes, which CUDA does not
 * let a graph be cloned, nested or have nodes and edges removed with. */
static int rt_graph_has_mem(const struct CUgraph_st *g)
{
    for (size_t i = 0; i < g->n; i++)
        if (g->nodes[i]->type == cudaGraphNodeTypeMemAlloc ||
            g->nodes[i]->type == cudaGraphNodeTypeMemFree ||
            (g->nodes[i]->child && rt_graph_has_mem(g->nodes[i]->child)))
            return 1;
    return 0;
}

cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph)
{
    if (!pGraphClone || !originalGraph)
        return rt_fail(cudaErrorInvalidValue);
    if (rt_graph_has_mem(originalGraph)) {
        rt_msg("cudaGraphClone", "a graph with memory allocation or free nodes cannot be cloned");
        return rt_fail(cudaErrorNotSupported);
    }
    struct CUgraph_st *c = calloc(1, sizeof *c);
    if (!c || rt_graph_copy(c, originalGraph) != cudaSuccess) {
        free(c);
        return rt_fail(cudaErrorMemoryAllocation);
    }
    *pGraphClone = c; /* new nodes, each knowing its original (cudaGraphNodeFindInClone) */
    return cudaSuccess;
}

/* Nothing to upload: a launch runs the graph's nodes as calls. */
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    if (!graphExec)
        return rt_fail(cudaErrorInvalidValue);
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaGraphUpload", "stream", stream);
    return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
    if (!graph)
        return rt_fail(cudaErrorInvalidValue);
    rt_graph_free_nodes(graph);
    free(graph);
    return cudaSuccess;
}

/* Dependencies must be live nodes of g (which come before the node added after them). */
static int rt_graph_deps_ok(const struct CUgraph_st *g, const cudaGraphNode_t *deps, size_t n)
{
    if (n && !deps)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!rt_node_ok(deps[i]) || deps[i]->graph != g)
            return 0;
    return 1;
}

/* The node just added to g depends on deps (checked by rt_graph_deps_ok before adding); its
 * handle goes to *pNode. */
static cudaError_t rt_graph_added(cudaGraphNode_t *pNode, struct CUgraph_st *g,
                                  const cudaGraphNode_t *deps, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cudaError_t e = rt_graph_edge(g, deps[i]->pos, g->n - 1);
        if (e != cudaSuccess)
            return e;
    }
    if (pNode)
        *pNode = g->nodes[g->n - 1];
    return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *p)
{
    RT_ENTER();
    if (!graph || !p || !pGraphNode || !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    if (p->extra) {
        rt_msg("cudaGraphAddKernelNode", "kernel arguments through `extra` are not supported");
        return rt_fail(cudaErrorNotSupported);
    }
    struct rt_func *f;
    cudaError_t e = rt_kernel("cudaGraphAddKernelNode", p->func, &f);
    if (e != cudaSuccess)
        return e;
    e = rt_graph_add_kernel(graph, p->func, f, p->gridDim, p->blockDim, p->sharedMemBytes,
                            p->kernelParams);
    return e != cudaSuccess ? e : rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind)
{
    if (!graph || !pGraphNode || !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    cudaError_t e = rt_graph_add_memcpy(graph, dst, src, count, kind);
    return e != cudaSuccess ? e : rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *p)
{
    if (!graph || !pGraphNode || !rt_copy3d_ok(p) ||
        !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    cudaError_t e = rt_graph_add_memcpy3d(graph, p);
    return e != cudaSuccess ? e : rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

/* A copy to or from a variable is a 1D copy node at the variable's address (resolved now, as
 * CUDA does), added at the end of g. */
static cudaError_t rt_graph_add_symbol_copy(const char *api, struct CUgraph_st *g,
                                            const void *symbol, void *buf, size_t count,
                                            size_t offset, enum cudaMemcpyKind kind, int to_symbol)
{
    RT_ENTER();
    uint64_t addr;
    void *host;
    cudaError_t e = rt_symbol_span(api, symbol, count, offset, kind, to_symbol, &addr, &host);
    if (e != cudaSuccess)
        return e;
    void *sym = (char *)(uintptr_t)addr + offset;
    return to_symbol ? rt_graph_add_memcpy(g, sym, buf, count, kind)
                     : rt_graph_add_memcpy(g, buf, sym, count, kind);
}

static cudaError_t rt_graph_symbol_node(const char *api, cudaGraphNode_t *pNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *deps, size_t ndeps,
                                        const void *symbol, void *buf, size_t count, size_t offset,
                                        enum cudaMemcpyKind kind, int to_symbol)
{
    if (!graph || !pNode || !rt_graph_deps_ok(graph, deps, ndeps))
        return rt_fail(cudaErrorInvalidValue);
    cudaError_t e =
        rt_graph_add_symbol_copy(api, graph, symbol, buf, count, offset, kind, to_symbol);
    return e != cudaSuccess ? e : rt_graph_added(pNode, graph, deps, ndeps);
}

cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies,
                                           size_t numDependencies, const void *symbol,
                                           const void *src, size_t count, size_t offset,
                                           enum cudaMemcpyKind kind)
{
    return rt_graph_symbol_node("cudaGraphAddMemcpyNodeToSymbol", pGraphNode, graph, pDependencies,
                                numDependencies, symbol, (void *)src, count, offset, kind, 1);
}

cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies,
                                             size_t numDependencies, void *dst, const void *symbol,
                                             size_t count, size_t offset, enum cudaMemcpyKind kind)
{
    return rt_graph_symbol_node("cudaGraphAddMemcpyNodeFromSymbol", pGraphNode, graph,
                                pDependencies, numDependencies, symbol, dst, count, offset, kind,
                                0);
}

static int rt_memset_ok(const struct cudaMemsetParams *p)
{
    return p && (p->elementSize == 1 || p->elementSize == 2 || p->elementSize == 4) &&
           (p->height <= 1 || p->pitch >= p->width * p->elementSize);
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *p)
{
    if (!graph || !pGraphNode || !rt_memset_ok(p) ||
        !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    cudaError_t e = rt_graph_add_memset(graph, p->dst, p->pitch, p->value, p->elementSize, p->width,
                                        p->height ? p->height : 1);
    return e != cudaSuccess ? e : rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *p)
{
    if (!graph || !pGraphNode || !p || !p->fn ||
        !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    cudaError_t e = rt_graph_add_host(graph, p->fn, p->userData);
    return e != cudaSuccess ? e : rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies)
{
    if (!graph || !pGraphNode || !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    struct CUgraphNode_st *n = rt_graph_node(graph);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    n->type = cudaGraphNodeTypeEmpty;
    return rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

/* The child graph is copied now (later changes to it do not apply), as CUDA does. */
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph)
{
    if (!graph || !pGraphNode || !childGraph || childGraph == graph ||
        !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    if (rt_graph_has_mem(childGraph)) {
        rt_msg("cudaGraphAddChildGraphNode",
               "a graph with memory allocation or free nodes cannot be a child graph");
        return rt_fail(cudaErrorNotSupported);
    }
    struct CUgraph_st *c = calloc(1, sizeof *c);
    if (!c)
        return rt_fail(cudaErrorMemoryAllocation);
    cudaError_t e = rt_graph_copy(c, childGraph);
    struct CUgraphNode_st *n = e == cudaSuccess ? rt_graph_node(graph) : NULL;
    if (!n) {
        rt_graph_free_nodes(c);
        free(c);
        return rt_fail(cudaErrorMemoryAllocation);
    }
    n->type = cudaGraphNodeTypeGraph;
    n->child = c;
    return rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

static cudaError_t rt_graph_add_event(const char *api, cudaGraphNode_t *pNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *deps, size_t ndeps, cudaEvent_t event,
                                      enum cudaGraphNodeType type)
{
    if (!graph || !pNode || !rt_graph_deps_ok(graph, deps, ndeps))
        return rt_fail(cudaErrorInvalidValue);
    if (!rt_event_ok(event))
        return rt_bad_handle(api, "event", event);
    struct CUgraphNode_st *n = rt_graph_node(graph);
    if (!n)
        return rt_fail(cudaErrorMemoryAllocation);
    n->type = type;
    n->event = event;
    return rt_graph_added(pNode, graph, deps, ndeps);
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies,
                                        size_t numDependencies, cudaEvent_t event)
{
    return rt_graph_add_event("cudaGraphAddEventRecordNode", pGraphNode, graph, pDependencies,
                              numDependencies, event, cudaGraphNodeTypeEventRecord);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                      cudaEvent_t event)
{
    return rt_graph_add_event("cudaGraphAddEventWaitNode", pGraphNode, graph, pDependencies,
                              numDependencies, event, cudaGraphNodeTypeWaitEvent);
}

/* The memory is reserved now and nodeParams->dptr is its address (struct rt_galloc). Only
 * device memory of device 0 exists. */
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *nodeParams)
{
    RT_ENTER();
    if (!graph || !pGraphNode || !nodeParams || !nodeParams->bytesize ||
        !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    const struct cudaMemPoolProps *pp = &nodeParams->poolProps;
    if (pp->allocType != cudaMemAllocationTypePinned ||
        pp->location.type != cudaMemLocationTypeDevice || pp->location.id != 0) {
        rt_msg("cudaGraphAddMemAllocNode",
               "only pinned device memory of device 0 (cudaMemAllocationTypePinned, "
               "cudaMemLocationTypeDevice, id 0) can be allocated");
        return rt_fail(cudaErrorInvalidValue);
    }
    cudaError_t e = rt_graph_add_alloc("cudaGraphAddMemAllocNode", graph, nodeParams->bytesize,
                                       &nodeParams->dptr);
    return e != cudaSuccess ? e : rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                    void *dptr)
{
    if (!graph || !pGraphNode || !rt_graph_deps_ok(graph, pDependencies, numDependencies))
        return rt_fail(cudaErrorInvalidValue);
    cudaError_t e = rt_graph_add_free("cudaGraphAddMemFreeNode", graph, dptr);
    return e != cudaSuccess ? e : rt_graph_added(pGraphNode, graph, pDependencies, numDependencies);
}

/* Nodes run in the order they were added, which already puts every node after the nodes it
 * was added to depend on; an added edge must agree with that order. */
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, size_t n)
{
    if (!graph || (n && (!from || !to)))
        return rt_fail(cudaErrorInvalidValue);
    for (size_t i = 0; i < n; i++) {
        if (!rt_graph_deps_ok(graph, &from[i], 1) || !rt_graph_deps_ok(graph, &to[i], 1) ||
            from[i] == to[i])
            return rt_fail(cudaErrorInvalidValue);
        if (from[i]->pos > to[i]->pos) {
            rt_msg("cudaGraphAddDependencies",
                   "node %zu added after node %zu cannot run before it here (graphs run their "
                   "nodes in the order they were added)",
                   from[i]->pos, to[i]->pos);
            return rt_fail(cudaErrorNotSupported);
        }
    }
    for (size_t i = 0; i < n; i++) {
        cudaError_t e = rt_graph_edge(graph, from[i]->pos, to[i]->pos);
        if (e != cudaSuccess)
            return e;
    }
    return cudaSuccess;
}

/* Removing an edge that is not there is cudaErrorInvalidValue, as CUDA documents. */
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to, size_t n)
{
    if (!graph || (n && (!from || !to)))
        return rt_fail(cudaErrorInvalidValue);
    if (n && rt_graph_has_mem(graph)) {
        rt_msg("cudaGraphRemoveDependencies",
               "edges of a graph with memory allocation or free nodes cannot be removed");
        return rt_fail(cudaErrorNotSupported);
    }
    for (size_t i = 0; i < n; i++) {
        if (!rt_graph_deps_ok(graph, &from[i], 1) || !rt_graph_deps_ok(graph, &to[i], 1))
            return rt_fail(cudaErrorInvalidValue);
        size_t a = from[i]->pos, b = to[i]->pos, k = 0;
        while (k < graph->ne && !(graph->edges[k].from == a && graph->edges[k].to == b))
            k++;
        if (k == graph->ne)
            return rt_fail(cudaErrorInvalidValue);
        memmove(&graph->edges[k], &graph->edges[k + 1], (graph->ne - k - 1) * sizeof *graph->edges);
        graph->ne--;
    }
    return cudaSuccess;
}

/* CUDA's contract: with from = to = NULL the count; else up to *numEdges edges, and the count
 * of those written. */
cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              size_t *numEdges)
{
    if (!graph || !numEdges || (!from != !to))
        return rt_fail(cudaErrorInvalidValue);
    if (!from) {
        *numEdges = graph->ne;
        return cudaSuccess;
    }
    size_t k = 0;
    for (; k < *numEdges && k < graph->ne; k++) {
        from[k] = graph->nodes[graph->edges[k].from];
        to[k] = graph->nodes[graph->edges[k].to];
    }
    for (size_t j = k; j < *numEdges; j++)
        from[j] = to[j] = NULL;
    *numEdges = k;
    return cudaSuccess;
}

/* CUDA's contract for node lists: with out = NULL the count; else up to *num of them, the
 * rest of out NULL, and the count written. which(g, i, arg): node i is listed. */
static cudaError_t rt_node_list(const struct CUgraph_st *g,
                                int (*which)(const struct CUgraph_st *, size_t, const void *),
                                const void *arg, cudaGraphNode_t *out, size_t *num)
{
    size_t k = 0;
    for (size_t i = 0; i < g->n; i++)
        if (which(g, i, arg)) {
            if (out && k < *num)
                out[k] = g->nodes[i];
            k++;
        }
    if (out) {
        for (size_t j = k; j < *num; j++)
            out[j] = NULL;
        if (k > *num)
            k = *num;
    }
    *num = k;
    return cudaSuccess;
}

static int rt_list_all(const struct CUgraph_st *g, size_t i, const void *arg)
{
    (void)g, (void)i, (void)arg;
    return 1;
}

static int rt_list_roots(const struct CUgraph_st *g, size_t i, const void *arg)
{
    (void)arg;
    for (size_t k = 0; k < g->ne; k++)
        if (g->edges[k].to == i)
            return 0;
    return 1;
}

static int rt_has_edge(const struct CUgraph_st *g, size_t a, size_t b)
{
    for (size_t k = 0; k < g->ne; k++)
        if (g->edges[k].from == a && g->edges[k].to == b)
            return 1;
    return 0;
}

static int rt_list_deps(const struct CUgraph_st *g, size_t i, const void *node)
{
    return rt_has_edge(g, i, ((const struct CUgraphNode_st *)node)->pos);
}

static int rt_list_dependents(const struct CUgraph_st *g, size_t i, const void *node)
{
    return rt_has_edge(g, ((const struct CUgraphNode_st *)node)->pos, i);
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
    if (!graph || !numNodes)
        return rt_fail(cudaErrorInvalidValue);
    return rt_node_list(graph, rt_list_all, NULL, nodes, numNodes);
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
                                  size_t *pNumRootNodes)
{
    if (!graph || !pNumRootNodes)
        return rt_fail(cudaErrorInvalidValue);
    return rt_node_list(graph, rt_list_roots, NULL, pRootNodes, pNumRootNodes);
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         size_t *pNumDependencies)
{
    if (!rt_node_ok(node) || !pNumDependencies)
        return rt_fail(cudaErrorInvalidValue);
    return rt_node_list(node->graph, rt_list_deps, node, pDependencies, pNumDependencies);
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           size_t *pNumDependentNodes)
{
    if (!rt_node_ok(node) || !pNumDependentNodes)
        return rt_fail(cudaErrorInvalidValue);
    return rt_node_list(node->graph, rt_list_dependents, node, pDependentNodes, pNumDependentNodes);
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType)
{
    if (!rt_node_ok(node) || !pType)
        return rt_fail(cudaErrorInvalidValue);
    *pType = node->type;
    return cudaSuccess;
}

/* The node leaves its graph with its edges; later nodes move up one place (their handles
 * stay), and its handle reads as destroyed until the graph goes. */
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node)
{
    if (!rt_node_ok(node))
        return rt_fail(cudaErrorInvalidValue);
    struct CUgraph_st *g = node->graph;
    if (rt_graph_has_mem(g)) {
        rt_msg("cudaGraphDestroyNode",
               "nodes of a graph with memory allocation or free nodes cannot be destroyed");
        return rt_fail(cudaErrorNotSupported);
    }
    const size_t p = node->pos;
    size_t k = 0;
    for (size_t i = 0; i < g->ne; i++) {
        struct rt_gedge e = g->edges[i];
        if (e.from == p || e.to == p)
            continue;
        e.from -= e.from > p;
        e.to -= e.to > p;
        g->edges[k++] = e;
    }
    g->ne = k;
    memmove(&g->nodes[p], &g->nodes[p + 1], (g->n - p - 1) * sizeof *g->nodes);
    g->n--;
    for (size_t i = p; i < g->n; i++)
        g->nodes[i]->pos = i;
    rt_gnode_release(node);
    node->magic = 0;
    node->next_dead = g->dead;
    g->dead = node;
    return cudaSuccess;
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                     cudaGraph_t clonedGraph)
{
    if (!pNode || !originalNode || !clonedGraph)
        return rt_fail(cudaErrorInvalidValue);
    for (size_t i = 0; i < clonedGraph->n; i++)
        if (clonedGraph->nodes[i]->orig == originalNode) {
            *pNode = clonedGraph->nodes[i];
            return cudaSuccess;
        }
    return rt_fail(cudaErrorInvalidValue);
}

/* --- node parameters ---------------------------------------------------------------------- */

/* node, if it is a live node of that type */
static struct CUgraphNode_st *rt_typed_node(cudaGraphNode_t node, enum cudaGraphNodeType type)
{
    return rt_node_ok(node) && node->type == type ? node : NULL;
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *p)
{
    const struct CUgraphNode_st *n = rt_typed_node(node, cudaGraphNodeTypeKernel);
    if (!n || !p)
        return rt_fail(cudaErrorInvalidValue);
    p->func = (void *)n->func;
    p->gridDim = n->grid;
    p->blockDim = n->block;
    p->sharedMemBytes = (unsigned int)n->shared;
    p->kernelParams = n->args; /* the node's copies, as CUDA hands out */
    p->extra = NULL;
    return cudaSuccess;
}

static cudaError_t rt_kernel_params_set(const char *api, struct CUgraphNode_st *n,
                                        const struct cudaKernelNodeParams *p)
{
    RT_ENTER();
    if (!n || !p)
        return rt_fail(cudaErrorInvalidValue);
    if (p->extra) {
        rt_msg(api, "kernel arguments through `extra` are not supported");
        return rt_fail(cudaErrorNotSupported);
    }
    struct rt_func *f;
    cudaError_t e = rt_kernel(api, p->func, &f);
    if (e != cudaSuccess)
        return e;
    return rt_kernel_node_set(n, p->func, f, p->gridDim, p->blockDim, p->sharedMemBytes,
                              p->kernelParams);
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *p)
{
    return rt_kernel_params_set("cudaGraphKernelNodeSetParams",
                                rt_typed_node(node, cudaGraphNodeTypeKernel), p);
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p)
{
    const struct CUgraphNode_st *n = rt_typed_node(node, cudaGraphNodeTypeMemcpy);
    if (!n || !p)
        return rt_fail(cudaErrorInvalidValue);
    if (n->copy3d) {
        *p = n->copy;
        return cudaSuccess;
    }
    /* a 1D copy as CUDA reports it: one row of count bytes */
    memset(p, 0, sizeof *p);
    p->srcPtr = make_cudaPitchedPtr((void *)n->src, n->count, n->count, 1);
    p->dstPtr = make_cudaPitchedPtr(n->dst, n->count, n->count, 1);
    p->extent = make_cudaExtent(n->count, 1, 1);
    p->kind = n->kind;
    return cudaSuccess;
}

static cudaError_t rt_memcpy_params_set(struct CUgraphNode_st *n, const struct cudaMemcpy3DParms *p)
{
    if (!n || !rt_copy3d_ok(p))
        return rt_fail(cudaErrorInvalidValue);
    n->copy3d = 1;
    n->copy = *p;
    return cudaSuccess;
}

static cudaError_t rt_memcpy1d_params_set(struct CUgraphNode_st *n, void *dst, const void *src,
                                          size_t count, enum cudaMemcpyKind kind)
{
    if (!n)
        return rt_fail(cudaErrorInvalidValue);
    n->copy3d = 0;
    n->dst = dst;
    n->src = src;
    n->count = count;
    n->kind = kind;
    return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p)
{
    return rt_memcpy_params_set(rt_typed_node(node, cudaGraphNodeTypeMemcpy), p);
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind)
{
    return rt_memcpy1d_params_set(rt_typed_node(node, cudaGraphNodeTypeMemcpy), dst, src, count,
                                  kind);
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p)
{
    const struct CUgraphNode_st *n = rt_typed_node(node, cudaGraphNodeTypeMemset);
    if (!n || !p)
        return rt_fail(cudaErrorInvalidValue);
    p->dst = n->dst;
    p->pitch = n->pitch;
    p->value = n->value;
    p->elementSize = n->elem;
    p->width = n->width;
    p->height = n->height;
    return cudaSuccess;
}

static cudaError_t rt_memset_params_set(struct CUgraphNode_st *n, const struct cudaMemsetParams *p)
{
    if (!n || !rt_memset_ok(p))
        return rt_fail(cudaErrorInvalidValue);
    n->dst = p->dst;
    n->pitch = p->pitch;
    n->value = p->value;
    n->elem = p->elementSize;
    n->width = p->width;
    n->height = p->height ? p->height : 1;
    return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p)
{
    return rt_memset_params_set(rt_typed_node(node, cudaGraphNodeTypeMemset), p);
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p)
{
    const struct CUgraphNode_st *n = rt_typed_node(node, cudaGraphNodeTypeHost);
    if (!n || !p)
        return rt_fail(cudaErrorInvalidValue);
    p->fn = n->fn;
    p->userData = n->data;
    return cudaSuccess;
}

static cudaError_t rt_host_params_set(struct CUgraphNode_st *n, const struct cudaHostNodeParams *p)
{
    if (!n || !p || !p->fn)
        return rt_fail(cudaErrorInvalidValue);
    n->fn = p->fn;
    n->data = p->userData;
    return cudaSuccess;
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p)
{
    return rt_host_params_set(rt_typed_node(node, cudaGraphNodeTypeHost), p);
}

/* The node's own graph (not a copy): changes to it apply to the node, as in CUDA. */
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph)
{
    const struct CUgraphNode_st *n = rt_typed_node(node, cudaGraphNodeTypeGraph);
    if (!n || !pGraph)
        return rt_fail(cudaErrorInvalidValue);
    *pGraph = n->child;
    return cudaSuccess;
}

static cudaError_t rt_event_get(cudaGraphNode_t node, enum cudaGraphNodeType type, cudaEvent_t *out)
{
    const struct CUgraphNode_st *n = rt_typed_node(node, type);
    if (!n || !out)
        return rt_fail(cudaErrorInvalidValue);
    *out = n->event;
    return cudaSuccess;
}

static cudaError_t rt_event_set(const char *api, struct CUgraphNode_st *n, cudaEvent_t event)
{
    if (!n)
        return rt_fail(cudaErrorInvalidValue);
    if (!rt_event_ok(event))
        return rt_bad_handle(api, "event", event);
    n->event = event;
    return cudaSuccess;
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return rt_event_get(node, cudaGraphNodeTypeEventRecord, event_out);
}

cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    return rt_event_set("cudaGraphEventRecordNodeSetEvent",
                        rt_typed_node(node, cudaGraphNodeTypeEventRecord), event);
}

cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return rt_event_get(node, cudaGraphNodeTypeWaitEvent, event_out);
}

cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    return rt_event_set("cudaGraphEventWaitNodeSetEvent",
                        rt_typed_node(node, cudaGraphNodeTypeWaitEvent), event);
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
                                           struct cudaMemAllocNodeParams *params_out)
{
    const struct CUgraphNode_st *n = rt_typed_node(node, cudaGraphNodeTypeMemAlloc);
    if (!n || !params_out)
        return rt_fail(cudaErrorInvalidValue);
    memset(params_out, 0, sizeof *params_out);
    params_out->poolProps.allocType = cudaMemAllocationTypePinned;
    params_out->poolProps.location.type = cudaMemLocationTypeDevice;
    params_out->poolProps.location.id = 0;
    params_out->bytesize = n->alloc->bytes;
    params_out->dptr = n->alloc->ptr;
    return cudaSuccess;
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out)
{
    const struct CUgraphNode_st *n = rt_typed_node(node, cudaGraphNodeTypeMemFree);
    if (!n || !dptr_out)
        return rt_fail(cudaErrorInvalidValue);
    memcpy(dptr_out, &n->dptr, sizeof n->dptr); /* a void ** passed as void *, as in CUDA */
    return cudaSuccess;
}

/* --- graph memory ------------------------------------------------------------------------ */

cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value)
{
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    if (!value)
        return rt_fail(cudaErrorInvalidValue);
    uint64_t used = 0, reserved = 0, v;
    for (struct rt_galloc *a = rt.gallocs; a; a = a->next)
        if (a->resets == rt.resets) {
            reserved += a->bytes;
            used += a->live ? a->bytes : 0;
        }
    switch (attr) {
    case cudaGraphMemAttrUsedMemCurrent:
        v = used;
        break;
    case cudaGraphMemAttrUsedMemHigh:
        v = rt.gmem_used_high;
        break;
    case cudaGraphMemAttrReservedMemCurrent:
        v = reserved;
        break;
    case cudaGraphMemAttrReservedMemHigh:
        v = rt.gmem_res_high;
        break;
    default:
        return rt_fail(cudaErrorInvalidValue);
    }
    memcpy(value, &v, sizeof v);
    return cudaSuccess;
}

/* Only the high-water marks can be set, and only to 0 (CUDA's rule): they restart from what
 * is in use now. */
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value)
{
    if (device != 0)
        return rt_fail(cudaErrorInvalidDevice);
    uint64_t v;
    if (!value)
        return rt_fail(cudaErrorInvalidValue);
    memcpy(&v, value, sizeof v);
    if (v != 0 || (attr != cudaGraphMemAttrUsedMemHigh && attr != cudaGraphMemAttrReservedMemHigh))
        return rt_fail(cudaErrorInvalidValue);
    if (attr == cudaGraphMemAttrUsedMemHigh)
        rt.gmem_used_high = 0;
    else
        rt.gmem_res_high = 0;
    rt_gmem_marks();
    return cudaSuccess;
}

/* Nothing cached: memory no node names and no launch allocated is released at once. */
cudaError_t cudaDeviceGraphMemTrim(int device)
{
    return device == 0 ? cudaSuccess : rt_fail(cudaErrorInvalidDevice);
}

/* --- instantiation and launch -------------------------------------------------------------- */

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags)
{
    if (!pGraphExec || !graph ||
        (flags & ~(unsigned long long)(cudaGraphInstantiateFlagAutoFreeOnLaunch |
                                       cudaGraphInstantiateFlagUpload |
                                       cudaGraphInstantiateFlagDeviceLaunch |
                                       cudaGraphInstantiateFlagUseNodePriority)))
        return rt_fail(cudaErrorInvalidValue);
    struct CUgraphExec_st *x = calloc(1, sizeof *x);
    if (!x)
        return rt_fail(cudaErrorMemoryAllocation);
    cudaError_t e = rt_graph_copy(&x->g, graph);
    if (e != cudaSuccess) {
        free(x);
        return rt_fail(e);
    }
    x->flags = flags;
    *pGraphExec = x;
    return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags)
{
    return cudaGraphInstantiateWithFlags(pGraphExec, graph, flags);
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags)
{
    if (!graphExec || !flags)
        return rt_fail(cudaErrorInvalidValue);
    *flags = graphExec->flags;
    return cudaSuccess;
}

/* Before a launch: every allocation of g must be free, or be freed now (auto_free: the
 * cudaGraphInstantiateFlagAutoFreeOnLaunch of the graph), as CUDA requires. */
static cudaError_t rt_graph_allocs_ready(const struct CUgraph_st *g, int auto_free)
{
    for (size_t i = 0; i < g->n; i++) {
        const struct CUgraphNode_st *n = g->nodes[i];
        cudaError_t e = n->child ? rt_graph_allocs_ready(n->child, auto_free) : cudaSuccess;
        if (e != cudaSuccess)
            return e;
        if (n->type != cudaGraphNodeTypeMemAlloc)
            continue;
        if (n->alloc->resets != rt.resets) {
            rt_msg("cudaGraphLaunch", "graph allocation %p went with cudaDeviceReset",
                   n->alloc->ptr);
            return cudaErrorInvalidValue;
        }
        if (n->alloc->live && !auto_free) {
            rt_msg("cudaGraphLaunch",
                   "graph allocation %p from the last launch is not freed (free it, or "
                   "instantiate with cudaGraphInstantiateFlagAutoFreeOnLaunch)",
                   n->alloc->ptr);
            return cudaErrorInvalidValue;
        }
        if (n->alloc->live)
            rt_galloc_free(n->alloc);
    }
    return cudaSuccess;
}

/* Runs g's nodes in order, each as the call it stands for on `stream`. */
static cudaError_t rt_graph_run(const struct CUgraph_st *g, cudaStream_t stream)
{
    for (size_t i = 0; i < g->n; i++) {
        const struct CUgraphNode_st *n = g->nodes[i];
        cudaError_t e = cudaSuccess;
        switch (n->type) {
        case cudaGraphNodeTypeKernel:
            e = cudaLaunchKernel(n->func, n->grid, n->block, n->args, n->shared, stream);
            break;
        case cudaGraphNodeTypeMemcpy:
            e = n->copy3d ? cudaMemcpy3D(&n->copy)
                          : cudaMemcpyAsync(n->dst, n->src, n->count, n->kind, stream);
            break;
        case cudaGraphNodeTypeMemset: {
            /* width elements of elem bytes per row: one row of the pattern, copied to each */
            unsigned char *pat = malloc(n->width * n->elem + 1);
            if (!pat)
                return rt_fail(cudaErrorMemoryAllocation);
            for (size_t k = 0; k < n->width; k++)
                memcpy(pat + k * n->elem, &n->value, n->elem);
            for (size_t r = 0; r < n->height && e == cudaSuccess; r++)
                e = cudaMemcpy((unsigned char *)n->dst + r * n->pitch, pat, n->width * n->elem,
                               cudaMemcpyHostToDevice);
            free(pat);
            break;
        }
        case cudaGraphNodeTypeHost:
            n->fn(n->data);
            break;
        case cudaGraphNodeTypeGraph:
            e = rt_graph_run(n->child, stream);
            break;
        case cudaGraphNodeTypeEventRecord:
            e = cudaEventRecord(n->event, stream);
            break;
        case cudaGraphNodeTypeWaitEvent:
            e = cudaStreamWaitEvent(stream, n->event, 0);
            break;
        case cudaGraphNodeTypeMemAlloc:
            n->alloc->live = 1;
            rt_gmem_marks();
            break;
        case cudaGraphNodeTypeMemFree: {
            struct rt_galloc *a = rt_galloc_find(n->dptr);
            if (!a || !a->live) {
                rt_msg("cudaGraphLaunch", "free node: %p is not allocated", n->dptr);
                return rt_fail(cudaErrorInvalidValue);
            }
            rt_galloc_free(a);
            break;
        }
        default:
            break;
        }
        if (e != cudaSuccess)
            return e;
    }
    return cudaSuccess;
}

/* Launched into a capturing stream, the graph becomes a child graph node of the capture (as
 * in CUDA); else its nodes run now. */
cudaError_t cudaGraphLaunch(cudaGraphExec_t x, cudaStream_t stream)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    if (!rt_stream_ok(stream))
        return rt_bad_handle("cudaGraphLaunch", "stream", stream);
    struct CUgraph_st *cap = rt_capturing(stream);
    if (cap) {
        struct CUgraph_st *c = calloc(1, sizeof *c);
        if (!c || rt_graph_copy(c, &x->g) != cudaSuccess) {
            free(c);
            return rt_fail(cudaErrorMemoryAllocation);
        }
        struct CUgraphNode_st *n = rt_graph_node(cap);
        if (!n) {
            rt_graph_free_nodes(c);
            free(c);
            return rt_fail(cudaErrorMemoryAllocation);
        }
        n->type = cudaGraphNodeTypeGraph;
        n->child = c;
        return rt_captured(cudaSuccess, cap);
    }
    cudaError_t e =
        rt_graph_allocs_ready(&x->g, !!(x->flags & cudaGraphInstantiateFlagAutoFreeOnLaunch));
    if (e != cudaSuccess)
        return rt_fail(e);
    return rt_graph_run(&x->g, stream);
}

/* --- updates of an instantiated graph ------------------------------------------------------ */

/* Same nodes in the same order with the same edges (a set: the order they were added in does
 * not matter). */
static int rt_graph_same_topology(const struct CUgraph_st *a, const struct CUgraph_st *b)
{
    if (a->n != b->n || a->ne != b->ne)
        return 0;
    for (size_t i = 0; i < a->ne; i++)
        if (!rt_has_edge(b, a->edges[i].from, a->edges[i].to))
            return 0;
    return 1;
}

/* Whether instantiated graph x can take the parameters of g (CUDA's checks that apply here):
 * the same topology, node types, child graphs of the same topology, and the same memory
 * allocations and frees. */
static void rt_graph_update_check(const struct CUgraph_st *g, const struct CUgraph_st *x,
                                  cudaGraphExecUpdateResultInfo *r)
{
    if (!rt_graph_same_topology(g, x)) {
        r->result = cudaGraphExecUpdateErrorTopologyChanged;
        return;
    }
    for (size_t i = 0; i < g->n && r->result == cudaGraphExecUpdateSuccess; i++) {
        const struct CUgraphNode_st *a = g->nodes[i], *b = x->nodes[i];
        r->errorNode = (cudaGraphNode_t)a;
        if (a->type != b->type)
            r->result = cudaGraphExecUpdateErrorNodeTypeChanged;
        else if (a->child && !rt_graph_same_topology(a->child, b->child))
            r->result = cudaGraphExecUpdateErrorTopologyChanged;
        else if (a->alloc != b->alloc || a->dptr != b->dptr)
            r->result = cudaGraphExecUpdateErrorNotSupported;
    }
    if (r->result == cudaGraphExecUpdateSuccess)
        r->errorNode = NULL;
}

/* After an update, copy's nodes stand for the same nodes of the original graph as old's did
 * (the cudaGraphExec*SetParams calls name those). */
static void rt_graph_keep_orig(struct CUgraph_st *copy, const struct CUgraph_st *old)
{
    for (size_t i = 0; i < copy->n; i++) {
        copy->nodes[i]->orig = old->nodes[i]->orig;
        if (copy->nodes[i]->child)
            rt_graph_keep_orig(copy->nodes[i]->child, old->nodes[i]->child);
    }
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t x, cudaGraph_t g,
                                cudaGraphExecUpdateResultInfo *info)
{
    if (!x || !g)
        return rt_fail(cudaErrorInvalidValue);
    cudaGraphExecUpdateResultInfo r = {cudaGraphExecUpdateSuccess, NULL, NULL};
    rt_graph_update_check(g, &x->g, &r);
    if (info)
        *info = r;
    if (r.result != cudaGraphExecUpdateSuccess)
        return rt_fail(cudaErrorGraphExecUpdateFailure);
    struct CUgraph_st copy;
    cudaError_t e = rt_graph_copy(&copy, g);
    if (e != cudaSuccess)
        return rt_fail(e);
    rt_graph_keep_orig(&copy, &x->g);
    rt_graph_free_nodes(&x->g);
    x->g = copy;
    for (size_t i = 0; i < x->g.n; i++)
        x->g.nodes[i]->graph = &x->g; /* the struct moved */
    return cudaSuccess;
}

/* The node of instantiated graph g (or of a child graph in it) that copies `node` of the
 * graph instantiated, if it has that type. */
static struct CUgraphNode_st *rt_exec_node(struct CUgraph_st *g, cudaGraphNode_t node,
                                           enum cudaGraphNodeType type)
{
    if (!node)
        return NULL;
    for (size_t i = 0; i < g->n; i++) {
        struct CUgraphNode_st *n = g->nodes[i];
        if (n->orig == node)
            return n->type == type ? n : NULL;
        struct CUgraphNode_st *c = n->child ? rt_exec_node(n->child, node, type) : NULL;
        if (c)
            return c;
    }
    return NULL;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t x, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *p)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    return rt_kernel_params_set("cudaGraphExecKernelNodeSetParams",
                                rt_exec_node(&x->g, node, cudaGraphNodeTypeKernel), p);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t x, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *p)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    return rt_memcpy_params_set(rt_exec_node(&x->g, node, cudaGraphNodeTypeMemcpy), p);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t x, cudaGraphNode_t node, void *dst,
                                               const void *src, size_t count,
                                               enum cudaMemcpyKind kind)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    return rt_memcpy1d_params_set(rt_exec_node(&x->g, node, cudaGraphNodeTypeMemcpy), dst, src,
                                  count, kind);
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t x, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *p)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    return rt_memset_params_set(rt_exec_node(&x->g, node, cudaGraphNodeTypeMemset), p);
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t x, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *p)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    return rt_host_params_set(rt_exec_node(&x->g, node, cudaGraphNodeTypeHost), p);
}

/* The child graph must have the topology of the node's (CUDA's rule); its parameters apply. */
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t x, cudaGraphNode_t node,
                                                 cudaGraph_t childGraph)
{
    struct CUgraphNode_st *n = x ? rt_exec_node(&x->g, node, cudaGraphNodeTypeGraph) : NULL;
    if (!n || !childGraph)
        return rt_fail(cudaErrorInvalidValue);
    cudaGraphExecUpdateResultInfo r = {cudaGraphExecUpdateSuccess, NULL, NULL};
    rt_graph_update_check(childGraph, n->child, &r);
    if (r.result != cudaGraphExecUpdateSuccess) {
        rt_msg("cudaGraphExecChildGraphNodeSetParams",
               "the child graph's nodes or edges differ from the node's");
        return rt_fail(cudaErrorInvalidValue);
    }
    struct CUgraph_st *c = calloc(1, sizeof *c);
    if (!c || rt_graph_copy(c, childGraph) != cudaSuccess) {
        free(c);
        return rt_fail(cudaErrorMemoryAllocation);
    }
    rt_graph_keep_orig(c, n->child);
    rt_graph_free_nodes(n->child);
    free(n->child);
    n->child = c;
    return cudaSuccess;
}

cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t x, cudaGraphNode_t node,
                                                 cudaEvent_t event)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    return rt_event_set("cudaGraphExecEventRecordNodeSetEvent",
                        rt_exec_node(&x->g, node, cudaGraphNodeTypeEventRecord), event);
}

cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t x, cudaGraphNode_t node,
                                               cudaEvent_t event)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    return rt_event_set("cudaGraphExecEventWaitNodeSetEvent",
                        rt_exec_node(&x->g, node, cudaGraphNodeTypeWaitEvent), event);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t x)
{
    if (!x)
        return rt_fail(cudaErrorInvalidValue);
    rt_graph_free_nodes(&x->g);
    free(x);
    return cudaSuccess;
}

/* --- cudaGraphDebugDotPrint ------------------------------------------------------------------ */

static void rt_dot_nodes(FILE *f, const struct CUgraph_st *g, const char *prefix)
{
    static const char *const names[] = {"kernel",         "memcpy",       "memset",
                                        "host",           "child graph",  "empty",
                                        "event wait",     "event record", "semaphore signal",
                                        "semaphore wait", "memory alloc", "memory free"};
    for (size_t i = 0; i < g->n; i++) {
        const struct CUgraphNode_st *n = g->nodes[i];
        const char *type = (size_t)n->type < sizeof names / sizeof *names ? names[n->type] : "node";
        fprintf(f, "  \"%s%zu\" [shape=box label=\"%s%zu: %s", prefix, i, prefix, i, type);
        switch (n->type) {
        case cudaGraphNodeTypeKernel: {
            const struct rt_func *k = rt_find_func(n->func);
            fprintf(f, " %s <<<(%u,%u,%u),(%u,%u,%u),%zu>>>", k ? k->name : "?", n->grid.x,
                    n->grid.y, n->grid.z, n->block.x, n->block.y, n->block.z, n->shared);
            break;
        }
        case cudaGraphNodeTypeMemcpy:
            if (n->copy3d)
                fprintf(f, " %zux%zux%zu", n->copy.extent.width, n->copy.extent.height,
                        n->copy.extent.depth);
            else
                fprintf(f, " %zu bytes %p to %p", n->count, n->src, n->dst);
            break;
        case cudaGraphNodeTypeMemset:
            fprintf(f, " %p value %u (%ux%zux%zu)", n->dst, n->value, n->elem, n->width, n->height);
            break;
        case cudaGraphNodeTypeMemAlloc:
            fprintf(f, " %zu bytes at %p", n->alloc->bytes, n->alloc->ptr);
            break;
        case cudaGraphNodeTypeMemFree:
            fprintf(f, " %p", n->dptr);
            break;
        default:
            break;
        }
        fprintf(f, "\"];\n");
        for (size_t k = 0; k < g->ne; k++)
            if (g->edges[k].to == i)
                fprintf(f, "  \"%s%zu\" -> \"%s%zu\";\n", prefix, g->edges[k].from, prefix, i);
        if (n->child) { /* its nodes as a cluster, named after the node ("2.0", "2.1", ...) */
            char sub[256];
            snprintf(sub, sizeof sub, "%s%zu.", prefix, i);
            fprintf(f, "  subgraph \"cluster_%s\" {\n  label=\"%s%zu\";\n", sub, prefix, i);
            rt_dot_nodes(f, n->child, sub);
            fprintf(f, "  }\n");
        }
    }
}

/* A DOT description of the graph: its nodes (with their main parameters) and edges; the
 * flags (what CUDA puts in the labels) are not distinguished. */
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags)
{
    (void)flags;
    if (!graph || !path)
        return rt_fail(cudaErrorInvalidValue);
    FILE *f = fopen(path, "w");
    if (!f) {
        rt_msg("cudaGraphDebugDotPrint", "%s: %s", path, strerror(errno));
        return rt_fail(cudaErrorOperatingSystem);
    }
    fprintf(f, "digraph cudaGraph {\n");
    rt_dot_nodes(f, graph, "");
    fprintf(f, "}\n");
    return fclose(f) == 0 ? cudaSuccess : rt_fail(cudaErrorOperatingSystem);
}
