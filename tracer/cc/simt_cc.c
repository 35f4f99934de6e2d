/*
 * simt-cc - an nvcc-like compile driver that builds CUDA programs for the simt tracer with
 * clang 16 and no CUDA toolkit.
 *
 * For every .cu file:
 *   1. device pass: clang -x cuda --cuda-device-only ... -emit-llvm -> LLVM bitcode;
 *   2. the bitcode is wrapped in the simt container (tracer/runtime/simt_fatbin.h);
 *   3. host pass: clang -x cuda --cuda-host-only -fcuda-include-gpubinary <container> -> .o,
 *      whose constructors register the image with the runtime (__cudaRegisterFatBinary).
 * .c/.cpp files are compiled as host code; objects and libraries pass through. Unless -c is
 * given, everything is linked with the simt CUDA runtime, the tracer and their dependencies.
 * cuda_runtime.h is included implicitly in .cu files, as nvcc does.
 *
 * Paths: libraries are looked up relative to this executable (<prefix>/bin/simt-cc, <prefix>/lib)
 * first, then at the paths configured by CMake; headers in the configured source directory,
 * else <prefix>/include/simt-cuda (simt_cc_config.h is generated). Only main() exits; errors are
 * reported with the failing command and a non-zero status.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "simt_cc_config.h"
#include "simt_fatbin.h"

extern char **environ;

/* --- growable argument vectors ------------------------------------------------------------- */
struct argv_buf {
    char **v;
    size_t n, cap;
};

static int av_push(struct argv_buf *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        size_t nc = a->cap ? a->cap * 2 : 32;
        char **v = realloc(a->v, nc * sizeof *v);
        if (!v)
            return -1;
        a->v = v;
        a->cap = nc;
    }
    a->v[a->n] = strdup(s);
    if (!a->v[a->n])
        return -1;
    a->n++;
    a->v[a->n] = NULL;
    return 0;
}

static int av_pushf(struct argv_buf *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int av_pushf(struct argv_buf *a, const char *fmt, ...)
{
    char buf[PATH_MAX + 64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf)
        return -1;
    return av_push(a, buf);
}

static int av_append(struct argv_buf *a, const struct argv_buf *b)
{
    for (size_t i = 0; i < b->n; i++)
        if (av_push(a, b->v[i]) != 0)
            return -1;
    return 0;
}

static void av_free(struct argv_buf *a)
{
    for (size_t i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
    a->v = NULL;
    a->n = a->cap = 0;
}

/* --- options ------------------------------------------------------------------------------- */
enum input_kind { IN_CU, IN_C, IN_CXX, IN_OBJ };

struct input {
    const char *path;
    enum input_kind kind;
};

static struct {
    int compile_only;
    int verbose;
    int keep;
    int debug_device;     /* -G: device code unoptimised */
    int emit_llvm;        /* --emit-llvm -c: write the device bitcode instead of an object */
    struct argv_buf deps; /* -MD -MMD -MF -MT: dependency file of the host pass */
    const char *output;
    const char *opt;            /* -O<n> for host code */
    struct argv_buf pp;         /* -I -D -U -include (both passes) */
    struct argv_buf std;        /* -std= */
    struct argv_buf host_extra; /* -Xcompiler, -g, warnings */
    struct argv_buf link_extra; /* -L -l -Xlinker */
    int cublas;                 /* -lcublas: link the cuBLAS subset (tracer/cublas) */
    int cufft;                  /* -lcufft: link the cuFFT subset (tracer/cufft) */
    struct input *inputs;
    size_t ninputs;
    char prefix[PATH_MAX]; /* <prefix>/bin/simt-cc */
    char incdir[PATH_MAX + 32];
    char tmpdir[PATH_MAX];
} o;

static const char *progname = "simt-cc";

static void err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void err(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: error: ", progname);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: simt-cc [options] file...\n"
            "Builds CUDA programs (.cu, plus .c/.cpp/.o/.a) for the simt tracer with clang 16.\n"
            "  -o <file>          output (executable, or object with -c)\n"
            "  -c                 compile only\n"
            "  -I<dir> -D<m> -U<m> -include <h>   preprocessor options\n"
            "  -O<n> -g -G -lineinfo -std=<std>   code generation (-G: unoptimised device code)\n"
            "  -arch/-code/-gencode/--gpu-architecture=<sm>  accepted (device code is sm_70 IR)\n"
            "  -l<lib> -L<dir> -Xlinker <opt>     link options\n"
            "  -Xcompiler <opts>  comma-separated options for host compiles\n"
            "  -x cu|c|c++        language of the following inputs\n"
            "  -MD -MMD -MF <f> -MT <t>           dependency file of the host pass\n"
            "  --emit-llvm        with -c and one .cu file: write the device LLVM bitcode\n"
            "  -v                 print the commands;  --keep: keep intermediate files\n"
            "Run-time control of built programs: SIMT_TRACE, SIMT_TRACE_KERNELS,\n"
            "SIMT_TRACE_LAUNCHES, SIMT_FUNCTIONAL (docs/CUDA_SUPPORT.md).\n");
}

static int has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && strcmp(s + n - m, suf) == 0;
}

static int kind_of(const char *path, enum input_kind *k)
{
    if (has_suffix(path, ".cu")) {
        *k = IN_CU;
    } else if (has_suffix(path, ".c")) {
        *k = IN_C;
    } else if (has_suffix(path, ".cpp") || has_suffix(path, ".cc") || has_suffix(path, ".cxx") ||
               has_suffix(path, ".C")) {
        *k = IN_CXX;
    } else if (has_suffix(path, ".o") || has_suffix(path, ".a") || has_suffix(path, ".so") ||
               strstr(path, ".so.")) {
        *k = IN_OBJ;
    } else {
        return -1;
    }
    return 0;
}

/* The NVIDIA libraries whose part a program built by simt-cc gets from simt_cudart (the
 * runtime, the driver API without modules, cuRAND's host API; NVTX is header-only here) or
 * from libsimt_cublas.a / libsimt_cufft.a: build scripts written for nvcc name them, and
 * linking them would fail on a machine without the CUDA toolkit. A function none of them has
 * (cuModuleLoad, cuBLASLt, ...) fails to link, naming the function. */
static int provided_lib(const char *name)
{
    /* cuBLAS and cuFFT: our subsets are linked in their place (o.cublas, o.cufft); cuBLASLt
     * and culibos, which cuBLAS's static library needs, have no counterpart (a program calling
     * cuBLASLt fails to link, naming the function) */
    if (strcmp(name, "cublas") == 0 || strcmp(name, "cublas_static") == 0) {
        o.cublas = 1;
        return 1;
    }
    if (strcmp(name, "cufft") == 0 || strcmp(name, "cufft_static") == 0) {
        o.cufft = 1;
        return 1;
    }
    if (strcmp(name, "cublasLt") == 0 || strcmp(name, "cublasLt_static") == 0 ||
        strcmp(name, "culibos") == 0)
        return 1;
    static const char *const libs[] = {"cudart",     "cudart_static", "cudadevrt", "cuda",
                                       "nvToolsExt", "curand",        NULL};
    for (int k = 0; libs[k]; k++)
        if (strcmp(name, libs[k]) == 0)
            return 1;
    return 0;
}

/* nvcc options that concern steps simt-cc does not have - PTX assembly (-Xptxas), device
 * linking (-Xnvlink, -dlto), the EDG front end (-Xcudafe), the choice of CUDA runtime
 * (-cudart), register reports (-res-usage) - or device arithmetic that the tracer fixes
 * (-ftz, -prec-div, -prec-sqrt, -fmad: the libdevice functions are IEEE single precision,
 * fused multiply-adds as clang contracts them) or the default stream (every call completes
 * before it returns). Build scripts written for nvcc pass them; they are accepted and do
 * nothing. Returns 1 (advancing *i past a separate value) if argv[*i] is one. */
static int nvcc_ignored(int argc, char **argv, int *i)
{
    static const char *const with_value[] = {"-Xptxas",
                                             "--ptxas-options",
                                             "-Xnvlink",
                                             "--nvlink-options",
                                             "-Xcudafe",
                                             "-cudart",
                                             "--cudart",
                                             "--default-stream",
                                             "-default-stream",
                                             "-Xarchive",
                                             "--archive-options",
                                             "-t",
                                             "--threads",
                                             "--keep-dir",
                                             "-keep-dir",
                                             "-odir",
                                             "--output-directory",
                                             NULL};
    static const char *const flags[] = {"-res-usage",
                                        "--resource-usage",
                                        "-dlto",
                                        "-lto",
                                        "--extensible-whole-program",
                                        "-ewp",
                                        "-allow-unsupported-compiler",
                                        "--allow-unsupported-compiler",
                                        "-src-in-ptx",
                                        "--source-in-ptx",
                                        "-extended-lambda",
                                        "--extended-lambda",
                                        "-expt-extended-lambda",
                                        "-expt-relaxed-constexpr",
                                        NULL};
    static const char *const eq_prefix[] = {
        "-ftz=",       "-prec-div=",   "-prec-sqrt=", "-fmad=", "--ftz=",
        "--prec-div=", "--prec-sqrt=", "--fmad=",     NULL};
    /* nvcc's -Werror names kinds of diagnostics (all-warnings, cross-execution-space-call, ...) */
    static const char *const werror_kinds[] = {
        "all-warnings",          "cross-execution-space-call", "reorder", "deprecated-declarations",
        "default-stream-launch", "ext-lambda-captures-this",   NULL};
    const char *a = argv[*i];
    for (int k = 0; flags[k]; k++)
        if (strcmp(a, flags[k]) == 0)
            return 1;
    if (strcmp(a, "-Werror") == 0 && *i + 1 < argc)
        for (int k = 0; werror_kinds[k]; k++)
            if (strncmp(argv[*i + 1], werror_kinds[k], strlen(werror_kinds[k])) == 0) {
                (*i)++;
                return 1;
            }
    for (int k = 0; eq_prefix[k]; k++)
        if (strncmp(a, eq_prefix[k], strlen(eq_prefix[k])) == 0)
            return 1;
    for (int k = 0; with_value[k]; k++) {
        size_t n = strlen(with_value[k]);
        if (strncmp(a, with_value[k], n) == 0 && (a[n] == '=' || a[n] == 0)) {
            if (a[n] == 0 && *i + 1 < argc)
                (*i)++;
            return 1;
        }
    }
    return 0;
}

/* Value of an option given as "-X value", "-Xvalue" or "-X=value"; advances *i. */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return a + n;
    if (*i + 1 >= argc) {
        err("option %s needs a value", name);
        return NULL;
    }
    return argv[++*i];
}

static int is_opt(const char *a, const char *name)
{
    size_t n = strlen(name);
    return strncmp(a, name, n) == 0 && (a[n] == '\0' || a[n] == '=');
}

/* Splits a comma-separated list (-Xcompiler a,b) into `dst`. */
static int push_commas(struct argv_buf *dst, const char *list)
{
    char *copy = strdup(list);
    if (!copy)
        return -1;
    int rc = 0;
    for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
        if (av_push(dst, t) != 0)
            rc = -1;
    free(copy);
    return rc;
}

static int parse_args(int argc, char **argv)
{
    int forced = -1; /* -x language for the following inputs */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (a[0] != '-' || a[1] == '\0') {
            struct input in = {a, IN_OBJ};
            if (forced >= 0) {
                in.kind = (enum input_kind)forced;
            } else if (kind_of(a, &in.kind) != 0) {
                err("%s: unknown file type (expected .cu, .c, .cpp, .cc, .o, .a or .so)", a);
                return -1;
            }
            struct input *n = realloc(o.inputs, (o.ninputs + 1) * sizeof *n);
            if (!n)
                return -1;
            o.inputs = n;
            o.inputs[o.ninputs++] = in;
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output-file") == 0) {
            if (i + 1 >= argc) {
                err("-o needs a file name");
                return -1;
            }
            o.output = argv[++i];
        } else if (strcmp(a, "-c") == 0 || strcmp(a, "--compile") == 0) {
            o.compile_only = 1;
        } else if (strcmp(a, "--emit-llvm") == 0 || strcmp(a, "-emit-llvm") == 0) {
            o.emit_llvm = 1;
        } else if (strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0) {
            if (av_push(&o.deps, a) != 0)
                return -1;
        } else if (strcmp(a, "-MF") == 0 || strcmp(a, "-MT") == 0) {
            if (i + 1 >= argc) {
                err("%s needs a value", a);
                return -1;
            }
            if (av_push(&o.deps, a) != 0 || av_push(&o.deps, argv[++i]) != 0)
                return -1;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
            o.verbose = 1;
        } else if (strcmp(a, "--keep") == 0 || strcmp(a, "-keep") == 0) {
            o.keep = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 1;
        } else if (strncmp(a, "-I", 2) == 0 || strncmp(a, "-D", 2) == 0 ||
                   strncmp(a, "-U", 2) == 0) {
            char flag[3] = {a[0], a[1], 0};
            if (!(v = opt_value(argc, argv, &i, flag)))
                return -1;
            if (av_pushf(&o.pp, "%s%s", flag, v) != 0)
                return -1;
        } else if (strcmp(a, "-include") == 0 || strcmp(a, "-isystem") == 0) {
            if (i + 1 >= argc) {
                err("%s needs a value", a);
                return -1;
            }
            if (av_push(&o.pp, a) != 0 || av_push(&o.pp, argv[++i]) != 0)
                return -1;
        } else if (strncmp(a, "-O", 2) == 0) {
            o.opt = a;
        } else if (strcmp(a, "-g") == 0 || strcmp(a, "--debug") == 0) {
            if (av_push(&o.host_extra, "-g") != 0)
                return -1;
        } else if (strcmp(a, "-G") == 0 || strcmp(a, "--device-debug") == 0) {
            o.debug_device = 1;
        } else if (strcmp(a, "-lineinfo") == 0 || strcmp(a, "--generate-line-info") == 0) {
            /* device line tables are always generated (the tracer reports source lines) */
        } else if (is_opt(a, "-std") || is_opt(a, "--std")) {
            if (!(v = opt_value(argc, argv, &i, a[1] == '-' ? "--std" : "-std")))
                return -1;
            if (av_pushf(&o.std, "-std=%s", v) != 0)
                return -1;
        } else if (is_opt(a, "-arch") || is_opt(a, "--gpu-architecture") || is_opt(a, "-code") ||
                   is_opt(a, "--gpu-code") || is_opt(a, "-gencode") ||
                   is_opt(a, "--generate-code") || is_opt(a, "-ccbin") ||
                   is_opt(a, "--compiler-bindir") || is_opt(a, "-maxrregcount") ||
                   is_opt(a, "--maxrregcount")) {
            /* accepted and ignored: the device code is always NVPTX sm_70 LLVM IR */
            if (!strchr(a, '=') && !opt_value(argc, argv, &i, a))
                return -1;
        } else if (strcmp(a, "-Xcompiler") == 0 || strcmp(a, "--compiler-options") == 0) {
            if (i + 1 >= argc || push_commas(&o.host_extra, argv[++i]) != 0) {
                err("-Xcompiler needs a value");
                return -1;
            }
        } else if (strncmp(a, "-Xcompiler=", 11) == 0) {
            if (push_commas(&o.host_extra, a + 11) != 0)
                return -1;
        } else if (strcmp(a, "-Xlinker") == 0 || strcmp(a, "--linker-options") == 0) {
            if (i + 1 >= argc) {
                err("-Xlinker needs a value");
                return -1;
            }
            if (av_pushf(&o.link_extra, "-Wl,%s", argv[++i]) != 0)
                return -1;
        } else if (strncmp(a, "-l", 2) == 0 || strncmp(a, "-L", 2) == 0) {
            char flag[3] = {a[0], a[1], 0};
            if (!(v = opt_value(argc, argv, &i, flag)))
                return -1;
            if (flag[1] == 'l' && provided_lib(v))
                continue; /* simt_cudart is linked anyway */
            if (av_pushf(&o.link_extra, "%s%s", flag, v) != 0)
                return -1;
        } else if (strcmp(a, "-x") == 0) {
            if (i + 1 >= argc) {
                err("-x needs a language (cu, c, c++)");
                return -1;
            }
            v = argv[++i];
            if (strcmp(v, "cu") == 0 || strcmp(v, "cuda") == 0)
                forced = IN_CU;
            else if (strcmp(v, "c") == 0)
                forced = IN_C;
            else if (strcmp(v, "c++") == 0)
                forced = IN_CXX;
            else if (strcmp(v, "none") == 0)
                forced = -1;
            else {
                err("-x %s: unknown language (cu, c, c++, none)", v);
                return -1;
            }
        } else if (strcmp(a, "-rdc=true") == 0 || strcmp(a, "-dc") == 0 ||
                   strcmp(a, "--relocatable-device-code=true") == 0) {
            err("not supported: relocatable device code (%s); each .cu file's device code must "
                "be self-contained",
                a);
            return -1;
        } else if (nvcc_ignored(argc, argv, &i)) {
            /* an nvcc option with no counterpart here (see nvcc_ignored) */
        } else if (strcmp(a, "-rdc=false") == 0 || strcmp(a, "-m64") == 0 ||
                   strcmp(a, "--use_fast_math") == 0 || strcmp(a, "-use_fast_math") == 0 ||
                   strcmp(a, "-w") == 0 || strncmp(a, "-W", 2) == 0 ||
                   strcmp(a, "--expt-relaxed-constexpr") == 0 ||
                   strcmp(a, "--expt-extended-lambda") == 0 || strcmp(a, "-fPIC") == 0 ||
                   strcmp(a, "-pthread") == 0 || strcmp(a, "-fopenmp") == 0) {
            if (strcmp(a, "-pthread") == 0 || strcmp(a, "-fopenmp") == 0 || strcmp(a, "-w") == 0 ||
                (strncmp(a, "-W", 2) == 0 && a[2] != 'l')) {
                if (av_push(&o.host_extra, a) != 0)
                    return -1;
                if ((strcmp(a, "-pthread") == 0 || strcmp(a, "-fopenmp") == 0) &&
                    av_push(&o.link_extra, a) != 0)
                    return -1;
            }
        } else {
            err("unknown option '%s' (see simt-cc --help)", a);
            return -1;
        }
    }
    if (o.ninputs == 0) {
        err("no input files");
        return -1;
    }
    if (o.emit_llvm && (!o.compile_only || o.ninputs != 1 || o.inputs[0].kind != IN_CU)) {
        err("--emit-llvm needs -c and exactly one .cu input");
        return -1;
    }
    if (o.compile_only && o.output && o.ninputs > 1) {
        err("-o with -c needs exactly one input file");
        return -1;
    }
    return 0;
}

/* --- running tools ------------------------------------------------------------------------- */
static void print_cmd(char *const *argv)
{
    for (size_t i = 0; argv[i]; i++)
        fprintf(stderr, "%s%s", i ? " " : "", argv[i]);
    fputc('\n', stderr);
}

static int run(struct argv_buf *a)
{
    if (o.verbose)
        print_cmd(a->v);
    pid_t pid;
    int rc = posix_spawnp(&pid, a->v[0], NULL, NULL, a->v, environ);
    if (rc != 0) {
        err("cannot run %s: %s", a->v[0], strerror(rc));
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            err("waiting for %s: %s", a->v[0], strerror(errno));
            return -1;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        if (!o.verbose) {
            fprintf(stderr, "%s: command failed:\n  ", progname);
            print_cmd(a->v);
        }
        return -1;
    }
    return 0;
}

/* --- paths --------------------------------------------------------------------------------- */
static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static int find_prefix(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    char *s = strrchr(exe, '/'); /* .../bin/simt-cc */
    if (!s)
        return -1;
    *s = '\0';
    s = strrchr(exe, '/');
    if (!s)
        return -1;
    *s = '\0';
    snprintf(o.prefix, sizeof o.prefix, "%s", exe);
    /* Headers: the configured source directory while it exists (always current during
     * development), else the copy next to us (<prefix>/include/simt-cuda: relocated trees). */
    snprintf(o.incdir, sizeof o.incdir, "%s", SIMT_CC_INCLUDE_DIR);
    if (!is_file(SIMT_CC_INCLUDE_DIR "/cuda_runtime.h"))
        snprintf(o.incdir, sizeof o.incdir, "%s/include/simt-cuda", o.prefix);
    return 0;
}

/* A library of the link line: "<prefix>/lib/<name>" if it exists, else the configured path. */
static int push_lib(struct argv_buf *a, const char *name, const char *configured)
{
    char p[PATH_MAX + 300];
    snprintf(p, sizeof p, "%s/lib/%s", o.prefix, name);
    if (is_file(p))
        return av_push(a, p);
    if (!is_file(configured)) {
        err("library %s not found (looked in %s/lib and %s); build the project first (cmake "
            "--build BUILD_DIR)",
            name, o.prefix, configured);
        return -1;
    }
    return av_push(a, configured);
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* "<dir>/<basename of src without extension><ext>" */
static void derive(char *out, size_t cap, const char *dir, const char *src, const char *ext)
{
    const char *b = base_name(src);
    const char *dot = strrchr(b, '.');
    int len = dot ? (int)(dot - b) : (int)strlen(b);
    if (dir)
        snprintf(out, cap, "%s/%.*s%s", dir, len, b, ext);
    else
        snprintf(out, cap, "%.*s%s", len, b, ext);
}

/* --- the container ------------------------------------------------------------------------- */
static int write_container(const char *bc_path, const char *src_name, const char *out_path)
{
    FILE *in = fopen(bc_path, "rb");
    if (!in) {
        err("%s: %s", bc_path, strerror(errno));
        return -1;
    }
    FILE *out = fopen(out_path, "wb");
    if (!out) {
        err("%s: %s", out_path, strerror(errno));
        fclose(in);
        return -1;
    }
    fseek(in, 0, SEEK_END);
    long sz = ftell(in);
    fseek(in, 0, SEEK_SET);
    size_t nlen = strlen(src_name) + 1;
    if (nlen > SIMT_FATBIN_NAME_MAX - 8)
        nlen = SIMT_FATBIN_NAME_MAX - 8;
    uint64_t name_bytes = (nlen + 7) & ~(uint64_t)7, image_bytes = (uint64_t)(sz < 0 ? 0 : sz);
    char name[SIMT_FATBIN_NAME_MAX];
    memset(name, 0, sizeof name);
    memcpy(name, src_name, nlen - 1);
    int rc = 0;
    if (fwrite(SIMT_FATBIN_MAGIC, 1, 8, out) != 8 || fwrite(&name_bytes, 8, 1, out) != 1 ||
        fwrite(&image_bytes, 8, 1, out) != 1 || fwrite(name, 1, name_bytes, out) != name_bytes)
        rc = -1;
    char buf[65536];
    size_t n;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            rc = -1;
    if (ferror(in))
        rc = -1;
    fclose(in);
    if (fclose(out) != 0)
        rc = -1;
    if (rc != 0)
        err("writing %s failed", out_path);
    return rc;
}

/* --- compile steps ------------------------------------------------------------------------- */
static void common_cuda(struct argv_buf *a)
{
    av_push(a, "-nocudainc");
    av_push(a, "--cuda-path=/nonexistent");
    av_push(a, "-Xclang");
    av_push(a, "-target-sdk-version=" SIMT_CC_CUDA_SDK_VERSION);
    av_pushf(a, "-I%s", o.incdir);
    av_push(a, "-include");
    av_push(a, "cuda_runtime.h");
    av_append(a, &o.std);
    av_append(a, &o.pp);
}

static int compile_cu(const char *src, const char *obj, int idx)
{
    char bc[PATH_MAX + 64], ctr[PATH_MAX + 64];
    snprintf(bc, sizeof bc, "%s/%d.bc", o.tmpdir, idx);
    snprintf(ctr, sizeof ctr, "%s/%d.simtdev", o.tmpdir, idx);
    struct argv_buf d = {0}, h = {0};
    int rc = -1;
    /* 1. device pass */
    av_push(&d, SIMT_CC_CLANG);
    av_push(&d, "-x");
    av_push(&d, "cuda");
    av_push(&d, "--cuda-device-only");
    av_push(&d, "-nocudalib");
    av_push(&d, "--cuda-gpu-arch=" SIMT_CC_GPU_ARCH);
    av_push(&d, "-Xclang");
    av_push(&d, "-target-feature");
    av_push(&d, "-Xclang");
    av_push(&d, "+" SIMT_CC_PTX_FEATURE);
    common_cuda(&d);
    av_push(&d, o.debug_device ? "-O0" : "-O2");
    av_push(&d, "-gline-tables-only");
    av_push(&d, "-emit-llvm");
    av_push(&d, "-c");
    av_push(&d, src);
    av_push(&d, "-o");
    av_push(&d, o.emit_llvm ? obj : bc);
    if (run(&d) != 0)
        goto out;
    if (o.emit_llvm) {
        rc = 0;
        goto out;
    }
    /* 2. container */
    if (write_container(bc, src, ctr) != 0)
        goto out;
    /* 3. host pass */
    av_push(&h, SIMT_CC_CLANG);
    av_push(&h, "-x");
    av_push(&h, "cuda");
    av_push(&h, "--cuda-host-only");
    common_cuda(&h);
    av_push(&h, "-Xclang");
    av_push(&h, "-fcuda-include-gpubinary");
    av_push(&h, "-Xclang");
    av_push(&h, ctr);
    av_push(&h, o.opt ? o.opt : "-O2");
    for (size_t i = 0; simt_cc_host_flags[i]; i++)
        av_push(&h, simt_cc_host_flags[i]);
    av_append(&h, &o.host_extra);
    av_append(&h, &o.deps);
    av_push(&h, "-c");
    av_push(&h, src);
    av_push(&h, "-o");
    av_push(&h, obj);
    if (run(&h) != 0)
        goto out;
    rc = 0;
out:
    if (!o.keep) {
        unlink(bc);
        unlink(ctr);
    }
    av_free(&d);
    av_free(&h);
    return rc;
}

static int compile_host(const char *src, enum input_kind k, const char *obj)
{
    struct argv_buf a = {0};
    av_push(&a, SIMT_CC_CLANG);
    av_push(&a, "-x");
    av_push(&a, k == IN_C ? "c" : "c++");
    av_pushf(&a, "-I%s", o.incdir);
    if (k != IN_C)
        av_append(&a, &o.std);
    av_append(&a, &o.pp);
    av_push(&a, o.opt ? o.opt : "-O2");
    for (size_t i = 0; simt_cc_host_flags[i]; i++)
        av_push(&a, simt_cc_host_flags[i]);
    av_append(&a, &o.host_extra);
    av_append(&a, &o.deps);
    av_push(&a, "-c");
    av_push(&a, src);
    av_push(&a, "-o");
    av_push(&a, obj);
    int rc = run(&a);
    av_free(&a);
    return rc;
}

static int link_all(const struct argv_buf *objs)
{
    struct argv_buf a = {0};
    int rc = -1;
    av_push(&a, SIMT_CC_CLANGXX);
    av_append(&a, objs);
    av_push(&a, "-o");
    av_push(&a, o.output ? o.output : "a.out");
    for (size_t i = 0; simt_cc_host_flags[i]; i++)
        av_push(&a, simt_cc_host_flags[i]);
    av_append(&a, &o.host_extra);
    av_append(&a, &o.link_extra);
    if (o.cublas && push_lib(&a, "libsimt_cublas.a", SIMT_CC_CUBLAS_LIB) != 0)
        goto out;
    if (o.cufft && push_lib(&a, "libsimt_cufft.a", SIMT_CC_CUFFT_LIB) != 0)
        goto out;
    av_push(&a, "-Wl,--start-group");
    for (size_t i = 0; simt_cc_libs[i].path; i++) {
        const char *name = simt_cc_libs[i].name, *path = simt_cc_libs[i].path;
        if (path[0] == '-' || name[0] == '\0') { /* a flag or a system library */
            if (av_push(&a, path) != 0)
                goto out;
        } else if (push_lib(&a, name, path) != 0) { /* a library of this project */
            goto out;
        }
    }
    av_push(&a, "-Wl,--end-group");
    for (size_t i = 0; simt_cc_link_dirs[i]; i++)
        av_pushf(&a, "-Wl,-rpath,%s", simt_cc_link_dirs[i]);
    av_push(&a, "-no-pie"); /* the project's static libraries need not be PIC */
    av_push(&a, "-lm");
    av_push(&a, "-lpthread");
    rc = run(&a);
out:
    av_free(&a);
    return rc;
}

/* Removes the temporary directory and whatever the tools left in it (e.g. a clang
 * "<output>-<hash>.tmp" after a failed compile). */
static void cleanup_tmp(void)
{
    if (!o.tmpdir[0] || o.keep)
        return;
    DIR *d = opendir(o.tmpdir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char p[PATH_MAX + 300];
            snprintf(p, sizeof p, "%s/%s", o.tmpdir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(o.tmpdir);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    int prc = parse_args(argc, argv);
    if (prc != 0)
        return prc > 0 ? 0 : 2; /* > 0: --help */
    if (find_prefix() != 0) {
        err("cannot locate the simt-cc installation (readlink /proc/self/exe)");
        return 1;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(o.tmpdir, sizeof o.tmpdir, "%s/simt-cc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(o.tmpdir)) {
        err("cannot create a temporary directory in %s: %s", tmp && *tmp ? tmp : "/tmp",
            strerror(errno));
        return 1;
    }
    if (o.keep)
        fprintf(stderr, "%s: intermediate files kept in %s\n", progname, o.tmpdir);
    struct argv_buf objs = {0}, temps = {0};
    int status = 0;
    for (size_t i = 0; i < o.ninputs && status == 0; i++) {
        const struct input *in = &o.inputs[i];
        char obj[PATH_MAX + 64];
        if (in->kind == IN_OBJ) {
            if (o.compile_only)
                continue;
            av_push(&objs, in->path);
            continue;
        }
        if (o.compile_only)
            derive(obj, sizeof obj, NULL, in->path, ".o");
        else
            snprintf(obj, sizeof obj, "%s/%zu.o", o.tmpdir, i);
        if (o.compile_only && o.output)
            snprintf(obj, sizeof obj, "%s", o.output);
        int rc = in->kind == IN_CU ? compile_cu(in->path, obj, (int)i)
                                   : compile_host(in->path, in->kind, obj);
        if (rc != 0) {
            status = 1;
            break;
        }
        if (!o.compile_only) {
            av_push(&objs, obj);
            av_push(&temps, obj);
        }
    }
    if (status == 0 && !o.compile_only && link_all(&objs) != 0)
        status = 1;
    if (!o.keep)
        for (size_t i = 0; i < temps.n; i++)
            unlink(temps.v[i]);
    cleanup_tmp();
    av_free(&objs);
    av_free(&temps);
    av_free(&o.pp);
    av_free(&o.std);
    av_free(&o.host_extra);
    av_free(&o.link_extra);
    av_free(&o.deps);
    free(o.inputs);
    return status;
}
