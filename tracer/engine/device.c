/*
 * device.c - the simulated device: global memory mapped at deterministic host addresses,
 * modules, kernel parameters, launch validation and selection for tracing, the trace writer.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine.h"

#define PAGE        4096ull
#define GUARD_BYTES (64 * 1024ull) /* unmapped gap after each allocation */

/* The C++ ABI demangler of the C++ runtime (libstdc++, already a dependency of libLLVM). */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

/* 1 if `glob` matches the kernel's mangled name, its demangled name, or the demangled
 * name without its parameter list. */
static int filter_match(const char *glob, const char *name)
{
    if (fnmatch(glob, name, 0) == 0)
        return 1;
    int st = -1;
    char *dm = name[0] == '_' && name[1] == 'Z' ? __cxa_demangle(name, NULL, NULL, &st) : NULL;
    int r = 0;
    if (dm && st == 0) {
        r = fnmatch(glob, dm, 0) == 0;
        char *paren = strchr(dm, '(');
        if (!r && paren) {
            *paren = 0;
            r = fnmatch(glob, dm, 0) == 0;
        }
    }
    free(dm);
    return r;
}

static char *dupstr(const char *s)
{
    return s ? strdup(s) : NULL;
}

simt_err simt_device_create(const struct simt_device_config *cfg, simt_device **out)
{
    SIMT_RETURN_IF(!out, SIMT_ERR_INVALID_ARG, "simt_device_create: out is NULL");
    simt_device *d = calloc(1, sizeof(*d));
    if (!d)
        return simt_seterr(SIMT_ERR_NOMEM, "simt_device_create: out of memory");
    if (cfg)
        d->cfg = *cfg;
    else
        d->cfg.launch_last = UINT64_MAX;
    if (cfg && cfg->fma != SIMT_FMA_FUSE && cfg->fma != SIMT_FMA_SEPARATE) {
        free(d);
        return simt_seterr(SIMT_ERR_CONFIG,
                           "simt_device_create: fma mode %d is neither "
                           "SIMT_FMA_FUSE nor SIMT_FMA_SEPARATE",
                           (int)cfg->fma);
    }
    d->trace_path = dupstr(d->cfg.trace_path);
    d->kernel_filter = dupstr(d->cfg.kernel_filter);
    d->cfg.trace_path = d->trace_path;
    d->cfg.kernel_filter = d->kernel_filter;
    if (!d->cfg.stack_bytes_per_thread)
        d->cfg.stack_bytes_per_thread = 16384;
    d->cfg.stack_bytes_per_thread = (d->cfg.stack_bytes_per_thread + 15) & ~15u;
    if (!d->cfg.heap_bytes)
        d->cfg.heap_bytes = 8ull << 20;
    if (!d->cfg.global_bytes_max)
        d->cfg.global_bytes_max = 16ull << 30;
    d->heap_bytes = d->cfg.heap_bytes;
    if (cfg && cfg->meta) {
        d->meta.producer = dupstr(cfg->meta->producer);
        d->meta.program = dupstr(cfg->meta->program);
        d->meta.argc = cfg->meta->argc;
        if (cfg->meta->argc > 0 && cfg->meta->argv) {
            char **av = calloc((size_t)cfg->meta->argc + 1, sizeof(char *));
            for (int i = 0; av && i < cfg->meta->argc; i++)
                av[i] = dupstr(cfg->meta->argv[i]);
            d->meta.argv = (const char *const *)av;
        }
    }
    if (!d->meta.producer)
        d->meta.producer = strdup("simt-tracer 0.1");
    if (!d->meta.program)
        d->meta.program = strdup("");
    d->cfg.meta = &d->meta;
    d->next_global = SIMT_WIN_GLOBAL_BASE;
    d->watchdog_branches = d->trace_path ? SIMT_WATCHDOG_TRACED : SIMT_WATCHDOG_DEFAULT;
    *out = d;
    return SIMT_ERR_OK;
}

static void free_meta(simt_device *d)
{
    free((char *)d->meta.producer);
    free((char *)d->meta.program);
    if (d->meta.argv) {
        for (int i = 0; i < d->meta.argc; i++)
            free((char *)d->meta.argv[i]);
        free((void *)d->meta.argv);
    }
}

simt_err simt_device_finish(simt_device *d)
{
    SIMT_RETURN_IF(!d, SIMT_ERR_INVALID_ARG, "simt_device_finish: device is NULL");
    if (d->finished)
        return SIMT_ERR_OK;
    d->finished = 1;
    if (d->tw) {
        simt_trace_writer *w = d->tw;
        d->tw = NULL;
        simt_err e = simt_trace_writer_close(w);
        if (e)
            return e;
        FILE *f = fopen(d->trace_path, "rb");
        if (f) {
            fseek(f, 0, SEEK_END);
            long n = ftell(f);
            d->stats.trace_bytes = n > 0 ? (uint64_t)n : 0;
            fclose(f);
        }
    }
    return SIMT_ERR_OK;
}

void simt_device_free(simt_device *d)
{
    if (!d)
        return;
    simt_trace_writer_abort(d->tw);
    for (simt_module *m = d->modules, *n; m; m = n) {
        n = m->next;
        xl_free_module(m);
        for (uint32_t i = 0; m->kprogs && i < m->nfuncs; i++)
            xl_free_kprog(m->kprogs[i]);
        free(m->kprogs);
        free(m->trace_kernel_index);
        free(m->name);
        free(m);
    }
    for (uint32_t i = 0; i < d->nallocs; i++)
        if (d->allocs[i].live)
            munmap((void *)(uintptr_t)d->allocs[i].addr, d->allocs[i].mapped);
    free(d->allocs);
    free(d->texobj);
    free(d->trace_path);
    free(d->kernel_filter);
    free_meta(d);
    free(d);
}

void simt_device_stats(const simt_device *d, struct simt_device_stats *out)
{
    if (!out)
        return;
    if (!d) {
        memset(out, 0, sizeof(*out));
        return;
    }
    *out = d->stats;
}

/* --- global memory ------------------------------------------------------------------------- */

simt_err dev_map_global(simt_device *d, uint64_t bytes, uint64_t *addr)
{
    uint64_t mapped = (bytes + PAGE - 1) & ~(PAGE - 1);
    if (!mapped)
        mapped = PAGE;
    if (d->global_total + bytes > d->cfg.global_bytes_max)
        return simt_seterr(SIMT_ERR_NOMEM,
                           "device malloc of %llu bytes: total would exceed the %llu-byte global "
                           "memory limit (global_bytes_max)",
                           (unsigned long long)bytes, (unsigned long long)d->cfg.global_bytes_max);
    uint64_t a = d->next_global;
    if (a + mapped > SIMT_WIN_GLOBAL_END)
        return simt_seterr(SIMT_ERR_NOMEM, "device malloc: global address window exhausted");
    void *p = mmap((void *)(uintptr_t)a, mapped, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED || (uint64_t)(uintptr_t)p != a) {
        if (p != MAP_FAILED)
            munmap(p, mapped);
        return simt_seterr(SIMT_ERR_NOMEM,
                           "device malloc of %llu bytes: cannot map host memory at the fixed "
                           "device address 0x%llx",
                           (unsigned long long)bytes, (unsigned long long)a);
    }
    if (d->nallocs == d->cap_allocs) {
        uint32_t nc = d->cap_allocs ? d->cap_allocs * 2 : 64;
        struct galloc *na = realloc(d->allocs, nc * sizeof(*na));
        if (!na) {
            munmap(p, mapped);
            return simt_seterr(SIMT_ERR_NOMEM, "device malloc: out of host memory");
        }
        d->allocs = na;
        d->cap_allocs = nc;
    }
    d->allocs[d->nallocs++] = (struct galloc){a, bytes, mapped, 1};
    d->next_global = a + mapped + GUARD_BYTES;
    d->global_total += bytes;
    *addr = a;
    return SIMT_ERR_OK;
}

const struct galloc *dev_find_alloc(const simt_device *d, uint64_t addr)
{
    uint32_t lo = 0, hi = d->nallocs;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (d->allocs[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &d->allocs[lo - 1] : NULL;
}

simt_err simt_dev_malloc(simt_device *d, uint64_t bytes, uint64_t *addr)
{
    SIMT_RETURN_IF(!d || !addr, SIMT_ERR_INVALID_ARG, "simt_dev_malloc: NULL argument");
    return dev_map_global(d, bytes, addr);
}

simt_err simt_dev_free(simt_device *d, uint64_t addr)
{
    SIMT_RETURN_IF(!d, SIMT_ERR_INVALID_ARG, "simt_dev_free: device is NULL");
    struct galloc *g = (struct galloc *)dev_find_alloc(d, addr);
    if (!g || g->addr != addr)
        return simt_seterr(SIMT_ERR_INVALID_ARG,
                           "simt_dev_free(0x%llx): not the start of a device allocation",
                           (unsigned long long)addr);
    if (!g->live)
        return simt_seterr(SIMT_ERR_INVALID_ARG,
                           "simt_dev_free(0x%llx): allocation already freed (double free)",
                           (unsigned long long)addr);
    munmap((void *)(uintptr_t)g->addr, g->mapped);
    g->live = 0;
    d->global_total -= g->bytes;
    return SIMT_ERR_OK;
}

uint8_t *dev_const_ptr(const simt_device *d, uint64_t addr, uint64_t bytes)
{
    for (const simt_module *m = d->modules; m; m = m->next)
        if (addr >= m->cbank_base && addr + bytes <= m->cbank_base + m->cbank_bytes)
            return m->cbank + (addr - m->cbank_base);
    return NULL;
}

simt_err simt_dev_check(const simt_device *d, uint64_t addr, uint64_t bytes)
{
    SIMT_RETURN_IF(!d, SIMT_ERR_INVALID_ARG, "simt_dev_check: device is NULL");
    if (simt_addr_space(addr) == SIMT_MS_CONST) {
        if (dev_const_ptr(d, addr, bytes))
            return SIMT_ERR_OK;
        return simt_seterr(SIMT_ERR_MEMORY_FAULT,
                           "[0x%llx, +%llu) is not inside any module's constant memory",
                           (unsigned long long)addr, (unsigned long long)bytes);
    }
    const struct galloc *g = dev_find_alloc(d, addr);
    if (g && g->live && addr + bytes <= g->addr + g->bytes && addr + bytes >= addr)
        return SIMT_ERR_OK;
    if (g && !g->live && addr < g->addr + g->bytes)
        return simt_seterr(
            SIMT_ERR_MEMORY_FAULT, "[0x%llx, +%llu) lies in freed device allocation 0x%llx",
            (unsigned long long)addr, (unsigned long long)bytes, (unsigned long long)g->addr);
    if (g && addr < g->addr + g->bytes)
        return simt_seterr(SIMT_ERR_MEMORY_FAULT,
                           "[0x%llx, +%llu) overruns device allocation [0x%llx, +%llu)",
                           (unsigned long long)addr, (unsigned long long)bytes,
                           (unsigned long long)g->addr, (unsigned long long)g->bytes);
    return simt_seterr(SIMT_ERR_MEMORY_FAULT,
                       "[0x%llx, +%llu) is not inside any live device allocation",
                       (unsigned long long)addr, (unsigned long long)bytes);
}

void *simt_dev_host_ptr(const simt_device *d, uint64_t addr)
{
    if (!d)
        return NULL;
    if (simt_addr_space(addr) == SIMT_MS_CONST)
        return dev_const_ptr(d, addr, 1);
    const struct galloc *g = dev_find_alloc(d, addr);
    if (g && g->live && addr < g->addr + (g->bytes ? g->bytes : 1))
        return (void *)(uintptr_t)addr;
    return NULL;
}

/* --- modules -------------------------------------------------------------------------------- */

simt_err simt_module_load(simt_device *d, const void *image, size_t size, const char *name,
                          simt_module **out)
{
    SIMT_RETURN_IF(!d || !image || !out, SIMT_ERR_INVALID_ARG, "simt_module_load: NULL argument");
    simt_module *m = calloc(1, sizeof(*m));
    if (!m)
        return simt_seterr(SIMT_ERR_NOMEM, "simt_module_load: out of memory");
    m->dev = d;
    m->name = strdup(name ? name : "<module>");
    m->id = d->nmodules;
    simt_err e = xl_module(m, image, size);
    if (e) {
        xl_free_module(m);
        free(m->name);
        free(m);
        return e;
    }
    m->kprogs = calloc(m->nfuncs + 1, sizeof(*m->kprogs));
    m->trace_kernel_index = malloc((m->nfuncs + 1) * sizeof(uint32_t));
    for (uint32_t i = 0; i < m->nfuncs; i++)
        m->trace_kernel_index[i] = UINT32_MAX;
    d->nmodules++;
    /* append (keeps modules in load order) */
    simt_module **pp = &d->modules;
    while (*pp)
        pp = &(*pp)->next;
    *pp = m;
    *out = m;
    return SIMT_ERR_OK;
}

simt_err simt_module_symbol(simt_module *m, const char *name, uint64_t *addr, uint64_t *bytes)
{
    SIMT_RETURN_IF(!m || !name, SIMT_ERR_INVALID_ARG, "simt_module_symbol: NULL argument");
    for (uint32_t i = 0; i < m->nglobals; i++)
        if (strcmp(m->globals[i].name, name) == 0) {
            if (addr)
                *addr = m->globals[i].addr;
            if (bytes)
                *bytes = m->globals[i].bytes;
            return SIMT_ERR_OK;
        }
    return simt_seterr(SIMT_ERR_NOT_FOUND, "module %s: no device variable named '%s'", m->name,
                       name);
}

static int find_kernel(const simt_module *m, const char *name)
{
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].is_kernel && strcmp(m->funcs[i].name, name) == 0)
            return (int)i;
    return -1;
}

int simt_module_has_kernel(const simt_module *m, const char *name)
{
    return m && name && find_kernel(m, name) >= 0;
}

static uint32_t param_layout(const struct xfunc *k, uint32_t *offs)
{
    uint32_t off = 0;
    for (uint32_t i = 0; i < k->nparams; i++) {
        uint32_t al = k->param_align[i] ? k->param_align[i] : 1;
        off = (off + al - 1) / al * al;
        if (offs)
            offs[i] = off;
        off += k->param_bytes[i];
    }
    return off;
}

/* Registers per thread of a kernel from the allocator estimate of translate.c (docs/TRACER.md,
 * "Kernel attributes"): + SIMT_REG_OVERHEAD registers that no IR value shows (R1, the stack
 * pointer every SASS kernel loads from the constant bank, and one scratch register for
 * operands an instruction cannot take from the constant bank or an immediate), rounded up to
 * an even count (the register file is allocated in units of 64 registers per warp on Fermi,
 * 2 per thread; a kernel ptxas reports at 25 registers occupies 26) and capped at 255, the
 * most a thread can address. __launch_bounds__(T, B) caps it as ptxas does for the sm_70
 * target the device code is compiled for: B CTAs of T threads must fit the 65536 registers
 * of an SM (the rest would spill to local memory). */
#define SIMT_REG_OVERHEAD 2
#define SIMT_REG_FILE     65536
uint32_t dev_regs_per_thread(const struct xfunc *k)
{
    uint32_t r = k->reg_estimate > 255 ? 255 : k->reg_estimate;
    r += SIMT_REG_OVERHEAD;
    r = (r + 1) & ~1u;
    if (r > 255)
        r = 255;
    if (k->maxntid) {
        uint64_t threads = (uint64_t)(k->maxntid + 31) / 32 * 32 * (k->minctasm ? k->minctasm : 1);
        uint64_t cap = SIMT_REG_FILE / threads & ~1ull;
        if (cap < 16) /* the fewest a kernel is given (ptxas's minimum with launch bounds) */
            cap = 16;
        if (r > cap)
            r = (uint32_t)cap;
    }
    return r;
}

simt_err simt_module_kernel_attrs(simt_module *m, const char *name, struct simt_kernel_attrs *out)
{
    SIMT_RETURN_IF(!m || !name || !out, SIMT_ERR_INVALID_ARG,
                   "simt_module_kernel_attrs: NULL argument");
    int k = find_kernel(m, name);
    if (k < 0)
        return simt_seterr(SIMT_ERR_NOT_FOUND, "module %s: no kernel named '%s'", m->name, name);
    const struct xfunc *f = &m->funcs[k];
    memset(out, 0, sizeof(*out));
    out->num_params = f->nparams;
    out->param_bytes = param_layout(f, NULL);
    out->static_shared_bytes = (uint32_t)xl_kernel_shared_bytes(m, (uint32_t)k);
    out->local_bytes_per_thread = f->frame_local_bytes;
    out->regs_per_thread = dev_regs_per_thread(f);
    out->max_threads_per_block = f->maxntid ? f->maxntid : 1024;
    return SIMT_ERR_OK;
}

simt_err simt_module_kernel_param_bytes(simt_module *m, const char *name, uint32_t i,
                                        uint32_t *bytes)
{
    SIMT_RETURN_IF(!m || !name || !bytes, SIMT_ERR_INVALID_ARG,
                   "simt_module_kernel_param_bytes: NULL argument");
    int k = find_kernel(m, name);
    if (k < 0)
        return simt_seterr(SIMT_ERR_NOT_FOUND, "module %s: no kernel named '%s'", m->name, name);
    const struct xfunc *f = &m->funcs[k];
    if (i >= f->nparams)
        return simt_seterr(SIMT_ERR_INVALID_ARG, "kernel %s has %u parameters, not %u", name,
                           f->nparams, i + 1);
    *bytes = f->param_bytes[i];
    return SIMT_ERR_OK;
}

/* The checks every binding passes (references and objects). */
static simt_err tex_check(const char *what, const char *name, const struct simt_texture_binding *b)
{
    if (!b->elem_bytes || !b->width || (b->channels != 1 && b->channels != 2 && b->channels != 4) ||
        b->elem_bytes % b->channels)
        return simt_seterr(SIMT_ERR_INVALID_ARG,
                           "%s%s: bad binding (elem_bytes %u, channels %u, width %llu)", what, name,
                           b->elem_bytes, b->channels, (unsigned long long)b->width);
    return SIMT_ERR_OK;
}

simt_err simt_device_create_texture(simt_device *d, const struct simt_texture_binding *b,
                                    uint64_t *handle)
{
    SIMT_RETURN_IF(!d || !b || !handle, SIMT_ERR_INVALID_ARG,
                   "simt_device_create_texture: NULL argument");
    SIMT_TRY(tex_check("texture object", "", b));
    if (d->ntexobj == d->cap_texobj) {
        uint32_t nc = d->cap_texobj ? 2 * d->cap_texobj : 16;
        struct simt_texture_binding *n = realloc(d->texobj, nc * sizeof *n);
        SIMT_RETURN_IF(!n, SIMT_ERR_NOMEM, "texture object: out of memory");
        d->texobj = n;
        d->cap_texobj = nc;
    }
    struct simt_texture_binding *t = &d->texobj[d->ntexobj++];
    *t = *b;
    if (!t->height)
        t->height = 1;
    if (!t->depth)
        t->depth = 1;
    *handle = d->ntexobj;
    return SIMT_ERR_OK;
}

simt_err simt_device_destroy_texture(simt_device *d, uint64_t handle)
{
    SIMT_RETURN_IF(!d || handle == 0 || handle > d->ntexobj || !d->texobj[handle - 1].width,
                   SIMT_ERR_INVALID_ARG, "texture object %llu does not exist",
                   (unsigned long long)handle);
    d->texobj[handle - 1].width = 0;
    return SIMT_ERR_OK;
}

simt_err simt_module_bind_texture(simt_module *m, const char *symbol,
                                  const struct simt_texture_binding *b)
{
    SIMT_RETURN_IF(!m || !symbol, SIMT_ERR_INVALID_ARG, "simt_module_bind_texture: NULL argument");
    for (uint32_t i = 0; i < m->nglobals; i++) {
        struct xglobal *g = &m->globals[i];
        if (strcmp(g->name, symbol) != 0)
            continue;
        if (!b) {
            g->tex_bound = 0;
            return SIMT_ERR_OK;
        }
        simt_err e = tex_check("texture reference ", symbol, b);
        if (e != SIMT_ERR_OK) {
            simt_errprefix("module %s", m->name);
            return e;
        }
        g->tex = *b;
        if (!g->tex.height)
            g->tex.height = 1;
        if (!g->tex.depth)
            g->tex.depth = 1;
        g->tex_bound = 1;
        g->is_texref = 1;
        return SIMT_ERR_OK;
    }
    return simt_seterr(SIMT_ERR_NOT_FOUND, "module %s: no texture reference variable '%s'", m->name,
                       symbol);
}

/* Converts cudaLaunchKernel-style arguments into the kernel's parameter registers
 * (`words`, in parameter order) and the parameter buffer holding byval aggregates. */
simt_err dev_kernel_params(simt_module *m, uint32_t kfunc, void **args, uint64_t *words,
                           uint8_t **pbuf, uint64_t *pbytes)
{
    const struct xfunc *k = &m->funcs[kfunc];
    uint32_t *offs = calloc(k->nparams + 1, sizeof(uint32_t));
    uint32_t total = param_layout(k, offs);
    uint8_t *buf = calloc(total ? total : 1, 1);
    if (!offs || !buf) {
        free(offs);
        free(buf);
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory for kernel parameters");
    }
    uint32_t w = 0;
    for (uint32_t i = 0; i < k->nparams; i++) {
        if (k->param_bytes[i] && (!args || !args[i])) {
            free(offs);
            free(buf);
            return simt_seterr(SIMT_ERR_LAUNCH, "kernel %s: argument %u is NULL", k->name, i);
        }
        if (k->param_bytes[i])
            memcpy(buf + offs[i], args[i], k->param_bytes[i]);
        if (k->param_byval[i]) {
            words[w++] = SIMT_WIN_PARAM_BASE + offs[i];
            continue;
        }
        const uint32_t *lv = k->aux + k->param_leaves[i];
        for (uint32_t j = 0; j < lv[0] && j < k->param_words[i]; j++) {
            uint64_t v = 0;
            uint32_t o = lv[1 + 2 * j], n = lv[2 + 2 * j];
            memcpy(&v, buf + offs[i] + o, n > 8 ? 8 : n);
            words[w + j] = v;
        }
        w += k->param_words[i];
    }
    free(offs);
    *pbuf = buf;
    *pbytes = total;
    return SIMT_ERR_OK;
}

/* --- launching ------------------------------------------------------------------------------ */

static simt_err trace_kernel(simt_device *d, simt_module *m, uint32_t k, struct kprog **kp)
{
    if (!m->kprogs[k])
        SIMT_TRY(xl_kprog(m, k, &m->kprogs[k]));
    *kp = m->kprogs[k];
    if (!d->tw) {
        simt_err e = simt_trace_writer_open(d->trace_path, &d->meta, &d->tw);
        if (e) {
            d->tw = NULL;
            return e;
        }
    }
    if (m->trace_kernel_index[k] == UINT32_MAX)
        SIMT_TRY(simt_trace_writer_add_kernel(d->tw, &m->kprogs[k]->p, &m->trace_kernel_index[k]));
    return SIMT_ERR_OK;
}

simt_err simt_launch(simt_device *d, simt_module *m, const char *name, struct simt_dim3 grid,
                     struct simt_dim3 block, uint32_t dynamic_shared_bytes, void **args)
{
    SIMT_RETURN_IF(!d || !m || !name, SIMT_ERR_INVALID_ARG, "simt_launch: NULL argument");
    SIMT_RETURN_IF(d->finished, SIMT_ERR_INVALID_ARG,
                   "simt_launch(%s): the device is finished (simt_device_finish was called)", name);
    int k = find_kernel(m, name);
    if (k < 0)
        return simt_seterr(SIMT_ERR_NOT_FOUND, "simt_launch: module %s has no kernel '%s'", m->name,
                           name);
    uint64_t nthreads = (uint64_t)block.x * block.y * block.z;
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z || nthreads > 1024 ||
        block.x > 1024 || block.y > 1024 || block.z > 64 || grid.x > 0x7fffffffu ||
        grid.y > 65535 || grid.z > 65535)
        return simt_seterr(SIMT_ERR_LAUNCH,
                           "launch of %s: invalid configuration grid (%u,%u,%u) block (%u,%u,%u): "
                           "block at most 1024 threads (1024,1024,64), grid at most "
                           "(2^31-1,65535,65535), no zero dimension",
                           name, grid.x, grid.y, grid.z, block.x, block.y, block.z);
    if (m->funcs[k].maxntid && nthreads > m->funcs[k].maxntid)
        return simt_seterr(SIMT_ERR_LAUNCH,
                           "launch of %s: block of %llu threads exceeds the kernel's "
                           "__launch_bounds__ of %u threads",
                           name, (unsigned long long)nthreads, m->funcs[k].maxntid);
    uint64_t kshared = xl_kernel_shared_bytes(m, (uint32_t)k);
    uint64_t shared = kshared + dynamic_shared_bytes;
    if (shared > 227 * 1024)
        return simt_seterr(SIMT_ERR_LAUNCH,
                           "launch of %s: %llu bytes of shared memory (static %llu + dynamic %u) "
                           "exceed the 227 KiB per-CTA limit",
                           name, (unsigned long long)shared, (unsigned long long)kshared,
                           dynamic_shared_bytes);
    uint64_t launch = d->launch_count++;
    d->stats.launches++;
    int traced = d->trace_path && !d->trace_failed && launch >= d->cfg.launch_first &&
                 launch <= d->cfg.launch_last &&
                 (!d->kernel_filter || filter_match(d->kernel_filter, name));
    struct kprog *kp = NULL;
    simt_err e = SIMT_ERR_OK;
    if (traced) {
        e = trace_kernel(d, m, (uint32_t)k, &kp);
        if (e)
            goto fail;
        struct simt_launch l;
        memset(&l, 0, sizeof(l));
        l.kernel = m->trace_kernel_index[k];
        l.grid = grid;
        l.block = block;
        l.dynamic_shared_bytes = dynamic_shared_bytes;
        l.static_shared_bytes = (uint32_t)kshared;
        struct simt_kernel_attrs at;
        simt_module_kernel_attrs(m, name, &at);
        l.regs_per_thread = at.regs_per_thread;
        l.local_bytes_per_thread = at.local_bytes_per_thread;
        l.ncta = (uint64_t)grid.x * grid.y * grid.z;
        if ((e = simt_trace_writer_begin_launch(d->tw, &l)))
            goto fail;
    }
    uint64_t ti = 0;
    e = exec_launch(d, m, (uint32_t)k, grid, block, dynamic_shared_bytes, args, traced, kp, &ti);
    d->stats.thread_instructions += ti;
    if (e)
        goto fail;
    if (traced) {
        if ((e = simt_trace_writer_end_launch(d->tw)))
            goto fail;
        d->stats.traced_launches++;
    }
    return SIMT_ERR_OK;
fail:
    if (d->tw) {
        /* never leave a half-written trace */
        simt_trace_writer_abort(d->tw);
        d->tw = NULL;
    }
    if (traced)
        d->trace_failed = 1;
    return e;
}

void simt_device_set_watchdog(simt_device *d, uint64_t branches)
{
    if (d)
        d->watchdog_branches = branches        ? branches
                               : d->trace_path ? SIMT_WATCHDOG_TRACED
                                               : SIMT_WATCHDOG_DEFAULT;
}
