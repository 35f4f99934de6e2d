/*
 * ld_table.c - the sorted table of native libdevice functions, lookup and the generic
 * bit-level caller.  The entries come from simt_libdevice.def (one NV() line per function,
 * kept in strcmp order of the full name; the unit tests check the order).
 */
#include <stddef.h>
#include <string.h>

#include "simt_libdevice.h"
#include "ld_internal.h"

#define NV(base, sig, ic, ret, args)                                                               \
    {"__nv_" #base, sig, SIMT_IC_##ic, (void (*)(void))simt_nv_##base},
static const struct simt_nv_fn ld_table[] = {
#include "simt_libdevice.def"
};
#undef NV

#define LD_COUNT ((unsigned)(sizeof ld_table / sizeof ld_table[0]))

const struct simt_nv_fn *simt_libdevice_find(const char *name)
{
    if (name == NULL)
        return NULL;
    unsigned lo = 0, hi = LD_COUNT;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        int c = strcmp(name, ld_table[mid].name);
        if (c == 0)
            return &ld_table[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

unsigned simt_libdevice_count(void)
{
    return LD_COUNT;
}

const struct simt_nv_fn *simt_libdevice_at(unsigned i)
{
    return i < LD_COUNT ? &ld_table[i] : NULL;
}

static int ld_is_val(char c)
{
    return c != '\0' && strchr("fdiulLh", c) != NULL;
}
static int ld_is_arg(char c)
{
    return c != '\0' && strchr("fdiulLhpPI", c) != NULL;
}

int simt_libdevice_sig_valid(const char *sig)
{
    if (sig == NULL || !(ld_is_val(sig[0]) || sig[0] == 'v') || sig[1] != ':')
        return 0;
    for (const char *s = sig + 2; *s; s++)
        if (!ld_is_arg(*s))
            return 0;
    return 1;
}

/* ---- simt_libdevice_invoke ------------------------------------------------------------- */

#define LD_KEY(a, b, c, d, e, f)                                                                   \
    ((uint64_t)(unsigned char)(a) | (uint64_t)(unsigned char)(b) << 8 |                            \
     (uint64_t)(unsigned char)(c) << 16 | (uint64_t)(unsigned char)(d) << 24 |                     \
     (uint64_t)(unsigned char)(e) << 32 | (uint64_t)(unsigned char)(f) << 40)

static uint64_t ld_key(const char *s)
{
    size_t n = strlen(s);
    uint64_t k = 0;
    if (n > 6)
        return 0;
    for (size_t i = 0; i < n; i++)
        k |= (uint64_t)(unsigned char)s[i] << (8 * i);
    return k;
}

static float ld_af(uint64_t a)
{
    return ld_bitsf((uint32_t)a);
}
static double ld_ad(uint64_t a)
{
    return ld_bitsd(a);
}
static uint64_t ld_rf(float x)
{
    return ld_fbits(x);
}
static uint64_t ld_rd(double x)
{
    return ld_dbits(x);
}
static uint64_t ld_ri(int32_t x)
{
    return (uint32_t)x;
}
static uint64_t ld_ru(uint32_t x)
{
    return x;
}
static uint64_t ld_rl(int64_t x)
{
    return (uint64_t)x;
}
static uint64_t ld_rL(uint64_t x)
{
    return x;
}
static uint64_t ld_rh(uint16_t x)
{
    return x;
}

int simt_libdevice_invoke(const struct simt_nv_fn *fn, const uint64_t *args, uint64_t *ret)
{
    if (fn == NULL || fn->fn == NULL || fn->sig == NULL)
        return -1;
    void (*p)(void) = fn->fn;
    uint64_t v;
    switch (ld_key(fn->sig)) {
    case LD_KEY('L', ':', 'L', 'L', 0, 0):
        v = ld_rL(((uint64_t(*)(uint64_t, uint64_t))p)(args[0], args[1]));
        break;
    case LD_KEY('L', ':', 'd', 0, 0, 0):
        v = ld_rL(((uint64_t(*)(double))p)(ld_ad(args[0])));
        break;
    case LD_KEY('L', ':', 'f', 0, 0, 0):
        v = ld_rL(((uint64_t(*)(float))p)(ld_af(args[0])));
        break;
    case LD_KEY('d', ':', 'L', 0, 0, 0):
        v = ld_rd(((double (*)(uint64_t))p)(args[0]));
        break;
    case LD_KEY('d', ':', 'd', 0, 0, 0):
        v = ld_rd(((double (*)(double))p)(ld_ad(args[0])));
        break;
    case LD_KEY('d', ':', 'd', 'I', 0, 0):
        v = ld_rd(
            ((double (*)(double, int32_t *))p)(ld_ad(args[0]), (int32_t *)(uintptr_t)args[1]));
        break;
    case LD_KEY('d', ':', 'd', 'P', 0, 0):
        v = ld_rd(((double (*)(double, double *))p)(ld_ad(args[0]), (double *)(uintptr_t)args[1]));
        break;
    case LD_KEY('d', ':', 'd', 'd', 0, 0):
        v = ld_rd(((double (*)(double, double))p)(ld_ad(args[0]), ld_ad(args[1])));
        break;
    case LD_KEY('d', ':', 'd', 'd', 'I', 0):
        v = ld_rd(((double (*)(double, double, int32_t *))p)(ld_ad(args[0]), ld_ad(args[1]),
                                                             (int32_t *)(uintptr_t)args[2]));
        break;
    case LD_KEY('d', ':', 'd', 'd', 'd', 0):
        v = ld_rd(((double (*)(double, double, double))p)(ld_ad(args[0]), ld_ad(args[1]),
                                                          ld_ad(args[2])));
        break;
    case LD_KEY('d', ':', 'd', 'd', 'd', 'd'):
        v = ld_rd(((double (*)(double, double, double, double))p)(ld_ad(args[0]), ld_ad(args[1]),
                                                                  ld_ad(args[2]), ld_ad(args[3])));
        break;
    case LD_KEY('d', ':', 'd', 'i', 0, 0):
        v = ld_rd(((double (*)(double, int32_t))p)(ld_ad(args[0]), (int32_t)(uint32_t)args[1]));
        break;
    case LD_KEY('d', ':', 'i', 0, 0, 0):
        v = ld_rd(((double (*)(int32_t))p)((int32_t)(uint32_t)args[0]));
        break;
    case LD_KEY('d', ':', 'i', 'd', 0, 0):
        v = ld_rd(((double (*)(int32_t, double))p)((int32_t)(uint32_t)args[0], ld_ad(args[1])));
        break;
    case LD_KEY('d', ':', 'i', 'i', 0, 0):
        v = ld_rd(((double (*)(int32_t, int32_t))p)((int32_t)(uint32_t)args[0],
                                                    (int32_t)(uint32_t)args[1]));
        break;
    case LD_KEY('d', ':', 'l', 0, 0, 0):
        v = ld_rd(((double (*)(int64_t))p)((int64_t)args[0]));
        break;
    case LD_KEY('d', ':', 'u', 0, 0, 0):
        v = ld_rd(((double (*)(uint32_t))p)((uint32_t)args[0]));
        break;
    case LD_KEY('f', ':', 'L', 0, 0, 0):
        v = ld_rf(((float (*)(uint64_t))p)(args[0]));
        break;
    case LD_KEY('f', ':', 'd', 0, 0, 0):
        v = ld_rf(((float (*)(double))p)(ld_ad(args[0])));
        break;
    case LD_KEY('f', ':', 'f', 0, 0, 0):
        v = ld_rf(((float (*)(float))p)(ld_af(args[0])));
        break;
    case LD_KEY('f', ':', 'f', 'I', 0, 0):
        v = ld_rf(((float (*)(float, int32_t *))p)(ld_af(args[0]), (int32_t *)(uintptr_t)args[1]));
        break;
    case LD_KEY('f', ':', 'f', 'f', 0, 0):
        v = ld_rf(((float (*)(float, float))p)(ld_af(args[0]), ld_af(args[1])));
        break;
    case LD_KEY('f', ':', 'f', 'f', 'I', 0):
        v = ld_rf(((float (*)(float, float, int32_t *))p)(ld_af(args[0]), ld_af(args[1]),
                                                          (int32_t *)(uintptr_t)args[2]));
        break;
    case LD_KEY('f', ':', 'f', 'f', 'f', 0):
        v = ld_rf(
            ((float (*)(float, float, float))p)(ld_af(args[0]), ld_af(args[1]), ld_af(args[2])));
        break;
    case LD_KEY('f', ':', 'f', 'f', 'f', 'f'):
        v = ld_rf(((float (*)(float, float, float, float))p)(ld_af(args[0]), ld_af(args[1]),
                                                             ld_af(args[2]), ld_af(args[3])));
        break;
    case LD_KEY('f', ':', 'f', 'i', 0, 0):
        v = ld_rf(((float (*)(float, int32_t))p)(ld_af(args[0]), (int32_t)(uint32_t)args[1]));
        break;
    case LD_KEY('f', ':', 'f', 'p', 0, 0):
        v = ld_rf(((float (*)(float, float *))p)(ld_af(args[0]), (float *)(uintptr_t)args[1]));
        break;
    case LD_KEY('f', ':', 'h', 0, 0, 0):
        v = ld_rf(((float (*)(uint16_t))p)((uint16_t)args[0]));
        break;
    case LD_KEY('f', ':', 'i', 0, 0, 0):
        v = ld_rf(((float (*)(int32_t))p)((int32_t)(uint32_t)args[0]));
        break;
    case LD_KEY('f', ':', 'i', 'f', 0, 0):
        v = ld_rf(((float (*)(int32_t, float))p)((int32_t)(uint32_t)args[0], ld_af(args[1])));
        break;
    case LD_KEY('f', ':', 'l', 0, 0, 0):
        v = ld_rf(((float (*)(int64_t))p)((int64_t)args[0]));
        break;
    case LD_KEY('f', ':', 'u', 0, 0, 0):
        v = ld_rf(((float (*)(uint32_t))p)((uint32_t)args[0]));
        break;
    case LD_KEY('h', ':', 'f', 0, 0, 0):
        v = ld_rh(((uint16_t(*)(float))p)(ld_af(args[0])));
        break;
    case LD_KEY('i', ':', 'd', 0, 0, 0):
        v = ld_ri(((int32_t(*)(double))p)(ld_ad(args[0])));
        break;
    case LD_KEY('i', ':', 'f', 0, 0, 0):
        v = ld_ri(((int32_t(*)(float))p)(ld_af(args[0])));
        break;
    case LD_KEY('i', ':', 'i', 0, 0, 0):
        v = ld_ri(((int32_t(*)(int32_t))p)((int32_t)(uint32_t)args[0]));
        break;
    case LD_KEY('i', ':', 'i', 'i', 0, 0):
        v = ld_ri(((int32_t(*)(int32_t, int32_t))p)((int32_t)(uint32_t)args[0],
                                                    (int32_t)(uint32_t)args[1]));
        break;
    case LD_KEY('i', ':', 'i', 'i', 'i', 0):
        v = ld_ri(((int32_t(*)(int32_t, int32_t, int32_t))p)(
            (int32_t)(uint32_t)args[0], (int32_t)(uint32_t)args[1], (int32_t)(uint32_t)args[2]));
        break;
    case LD_KEY('i', ':', 'l', 0, 0, 0):
        v = ld_ri(((int32_t(*)(int64_t))p)((int64_t)args[0]));
        break;
    case LD_KEY('i', ':', 'u', 'u', 0, 0):
        v = ld_ri(((int32_t(*)(uint32_t, uint32_t))p)((uint32_t)args[0], (uint32_t)args[1]));
        break;
    case LD_KEY('l', ':', 'd', 0, 0, 0):
        v = ld_rl(((int64_t(*)(double))p)(ld_ad(args[0])));
        break;
    case LD_KEY('l', ':', 'f', 0, 0, 0):
        v = ld_rl(((int64_t(*)(float))p)(ld_af(args[0])));
        break;
    case LD_KEY('l', ':', 'l', 0, 0, 0):
        v = ld_rl(((int64_t(*)(int64_t))p)((int64_t)args[0]));
        break;
    case LD_KEY('l', ':', 'l', 'l', 0, 0):
        v = ld_rl(((int64_t(*)(int64_t, int64_t))p)((int64_t)args[0], (int64_t)args[1]));
        break;
    case LD_KEY('u', ':', 'd', 0, 0, 0):
        v = ld_ru(((uint32_t(*)(double))p)(ld_ad(args[0])));
        break;
    case LD_KEY('u', ':', 'f', 0, 0, 0):
        v = ld_ru(((uint32_t(*)(float))p)(ld_af(args[0])));
        break;
    case LD_KEY('u', ':', 'u', 'u', 0, 0):
        v = ld_ru(((uint32_t(*)(uint32_t, uint32_t))p)((uint32_t)args[0], (uint32_t)args[1]));
        break;
    case LD_KEY('u', ':', 'u', 'u', 'u', 0):
        v = ld_ru(((uint32_t(*)(uint32_t, uint32_t, uint32_t))p)(
            (uint32_t)args[0], (uint32_t)args[1], (uint32_t)args[2]));
        break;
    case LD_KEY('v', ':', 'd', 'P', 'P', 0):
        ((void (*)(double, double *, double *))p)(ld_ad(args[0]), (double *)(uintptr_t)args[1],
                                                  (double *)(uintptr_t)args[2]);
        v = 0;
        break;
    case LD_KEY('v', ':', 'f', 'p', 'p', 0):
        ((void (*)(float, float *, float *))p)(ld_af(args[0]), (float *)(uintptr_t)args[1],
                                               (float *)(uintptr_t)args[2]);
        v = 0;
        break;
    default:
        return -1;
    }
    if (ret != NULL)
        *ret = v;
    return 0;
}
