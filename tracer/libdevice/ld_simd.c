/*
 * ld_simd.c - the SIMD-within-a-word intrinsics of libdevice (__nv_vadd2, __nv_vcmpgeu4,
 * __nv_vsads2, ...): two 16-bit or four 8-bit lanes per 32-bit word.  Semantics: CUDA Math
 * API, "SIMD Intrinsics".  Lane arithmetic is done in int64_t, so nothing overflows;
 * "ss"/"us" variants saturate to the signed/unsigned lane range, the others wrap.
 * clang's CUDA headers call these only for CUDA_VERSION 9.0-9.1 (later versions use
 * inline PTX); they are here so a runtime header can route __vadd2 etc. to them.
 */
#include "ld_internal.h"

/* Lane i of a (width w bits), sign- or zero-extended. */
static int64_t ld_lane(uint32_t a, int i, int w, int is_signed)
{
    uint32_t m = (1u << w) - 1u;
    uint32_t v = (a >> (i * w)) & m;
    if (is_signed && (v >> (w - 1)))
        return (int64_t)v - ((int64_t)1 << w);
    return v;
}

static int64_t ld_sat(int64_t v, int w, int is_signed)
{
    int64_t lo = is_signed ? -((int64_t)1 << (w - 1)) : 0;
    int64_t hi = is_signed ? ((int64_t)1 << (w - 1)) - 1 : ((int64_t)1 << w) - 1;
    return v < lo ? lo : v > hi ? hi : v;
}

enum ld_vop {
    V_ABS,
    V_ABSSS,
    V_NEG,
    V_NEGSS,
    V_ABSDIFF,
    V_ADD,
    V_ADDSAT,
    V_AVGS,
    V_AVGU,
    V_HADDU,
    V_MAX,
    V_MIN,
    V_SUB,
    V_SUBSAT,
    V_EQ,
    V_GE,
    V_GT,
    V_LE,
    V_LT,
    V_NE
};

/* One lane of op; mask_true: the lane value a true comparison gives (all ones for vcmp,
 * 1 for vset). */
static int64_t ld_vlane(enum ld_vop op, int64_t x, int64_t y, int w, int sg, int64_t t)
{
    switch (op) {
    case V_ABS:
        return x < 0 ? -x : x;
    case V_ABSSS:
        return ld_sat(x < 0 ? -x : x, w, 1);
    case V_NEG:
        return -x;
    case V_NEGSS:
        return ld_sat(-x, w, 1);
    case V_ABSDIFF:
        return x > y ? x - y : y - x;
    case V_ADD:
        return x + y;
    case V_ADDSAT:
        return ld_sat(x + y, w, sg);
    case V_AVGS: /* (a + b + ((a + b) >= 0)) >> 1: halves round away from zero */
        return (x + y + (x + y >= 0 ? 1 : 0)) >> 1;
    case V_AVGU:
        return (x + y + 1) >> 1;
    case V_HADDU:
        return (x + y) >> 1;
    case V_MAX:
        return x > y ? x : y;
    case V_MIN:
        return x < y ? x : y;
    case V_SUB:
        return x - y;
    case V_SUBSAT:
        return ld_sat(x - y, w, sg);
    case V_EQ:
        return x == y ? t : 0;
    case V_GE:
        return x >= y ? t : 0;
    case V_GT:
        return x > y ? t : 0;
    case V_LE:
        return x <= y ? t : 0;
    case V_LT:
        return x < y ? t : 0;
    default:
        return x != y ? t : 0;
    }
}

static int32_t ld_vword(enum ld_vop op, int32_t a, int32_t b, int n, int sg, int cmp)
{
    int w = 32 / n;
    uint32_t m = (1u << w) - 1u, r = 0;
    int64_t t = cmp ? (int64_t)m : 1;
    for (int i = 0; i < n; i++) {
        int64_t v =
            ld_vlane(op, ld_lane((uint32_t)a, i, w, sg), ld_lane((uint32_t)b, i, w, sg), w, sg, t);
        r |= ((uint32_t)(uint64_t)v & m) << (i * w);
    }
    return (int32_t)r;
}

/* Sum of absolute lane differences (a scalar). */
static int32_t ld_vsad(int32_t a, int32_t b, int n, int sg)
{
    int w = 32 / n;
    int64_t s = 0;
    for (int i = 0; i < n; i++) {
        int64_t x = ld_lane((uint32_t)a, i, w, sg), y = ld_lane((uint32_t)b, i, w, sg);
        s += x > y ? x - y : y - x;
    }
    return (int32_t)s;
}

#define LD_V1(name, op)                                                                            \
    int32_t simt_nv_##name##2(int32_t a)                                                           \
    {                                                                                              \
        return ld_vword(op, a, 0, 2, 1, 0);                                                        \
    }                                                                                              \
    int32_t simt_nv_##name##4(int32_t a)                                                           \
    {                                                                                              \
        return ld_vword(op, a, 0, 4, 1, 0);                                                        \
    }
#define LD_V2(name, op, sg, cmp)                                                                   \
    int32_t simt_nv_##name##2(int32_t a, int32_t b)                                                \
    {                                                                                              \
        return ld_vword(op, a, b, 2, sg, cmp);                                                     \
    }                                                                                              \
    int32_t simt_nv_##name##4(int32_t a, int32_t b)                                                \
    {                                                                                              \
        return ld_vword(op, a, b, 4, sg, cmp);                                                     \
    }

LD_V1(vabs, V_ABS)
LD_V1(vabsss, V_ABSSS)
LD_V1(vneg, V_NEG)
LD_V1(vnegss, V_NEGSS)
LD_V2(vabsdiffs, V_ABSDIFF, 1, 0)
LD_V2(vabsdiffu, V_ABSDIFF, 0, 0)
LD_V2(vadd, V_ADD, 0, 0)
LD_V2(vaddss, V_ADDSAT, 1, 0)
LD_V2(vaddus, V_ADDSAT, 0, 0)
LD_V2(vavgs, V_AVGS, 1, 0)
LD_V2(vavgu, V_AVGU, 0, 0)
LD_V2(vhaddu, V_HADDU, 0, 0)
LD_V2(vmaxs, V_MAX, 1, 0)
LD_V2(vmaxu, V_MAX, 0, 0)
LD_V2(vmins, V_MIN, 1, 0)
LD_V2(vminu, V_MIN, 0, 0)
LD_V2(vsub, V_SUB, 0, 0)
LD_V2(vsubss, V_SUBSAT, 1, 0)
LD_V2(vsubus, V_SUBSAT, 0, 0)
LD_V2(vcmpeq, V_EQ, 0, 1)
LD_V2(vcmpges, V_GE, 1, 1)
LD_V2(vcmpgeu, V_GE, 0, 1)
LD_V2(vcmpgts, V_GT, 1, 1)
LD_V2(vcmpgtu, V_GT, 0, 1)
LD_V2(vcmples, V_LE, 1, 1)
LD_V2(vcmpleu, V_LE, 0, 1)
LD_V2(vcmplts, V_LT, 1, 1)
LD_V2(vcmpltu, V_LT, 0, 1)
LD_V2(vcmpne, V_NE, 0, 1)
LD_V2(vseteq, V_EQ, 0, 0)
LD_V2(vsetges, V_GE, 1, 0)
LD_V2(vsetgeu, V_GE, 0, 0)
LD_V2(vsetgts, V_GT, 1, 0)
LD_V2(vsetgtu, V_GT, 0, 0)
LD_V2(vsetles, V_LE, 1, 0)
LD_V2(vsetleu, V_LE, 0, 0)
LD_V2(vsetlts, V_LT, 1, 0)
LD_V2(vsetltu, V_LT, 0, 0)
LD_V2(vsetne, V_NE, 0, 0)

int32_t simt_nv_vsads2(int32_t a, int32_t b)
{
    return ld_vsad(a, b, 2, 1);
}
int32_t simt_nv_vsads4(int32_t a, int32_t b)
{
    return ld_vsad(a, b, 4, 1);
}
int32_t simt_nv_vsadu2(int32_t a, int32_t b)
{
    return ld_vsad(a, b, 2, 0);
}
int32_t simt_nv_vsadu4(int32_t a, int32_t b)
{
    return ld_vsad(a, b, 4, 0);
}
