/*
 * translate.c - LLVM IR (through the LLVM C API only) -> the engine's compact form.
 *
 * Each defined function is translated once at module load: every SSA value gets a register
 * slot (one 64-bit word per lane; vectors and first-class aggregates take one word per
 * scalar leaf), constants are pooled per function (replicated for the 32 lanes so the
 * executor's lane loops need no special case), phi nodes become moves on CFG edges, and
 * each IR instruction becomes zero or more `struct xinst`. The static program for the trace
 * (classes, registers, ipdoms, lines, IR text) is built alongside, per function, and joined
 * per kernel by xl_kprog().
 *
 * Immediate post-dominators follow the PDOM reconvergence baseline of
 * /work/shared/seeds/000_59533a9d6fd130a9.txt section 3.5 (reconverge at the immediate
 * post-dominator of the divergent branch); they are computed with the iterative
 * dominator algorithm on the reverse CFG with one virtual exit node.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Target.h>

#include "engine.h"
#if defined(SIMT_HAVE_LIBDEVICE)
#include "simt_libdevice.h"
#endif

/* ------------------------------------------------------------------------------------------ */
/* small growable arrays and a pointer hash map                                                */

#define GROW(ptr, n, cap)                                                                          \
    do {                                                                                           \
        if ((n) >= (cap)) {                                                                        \
            size_t nc_ = (cap) ? (size_t)(cap)*2 : 16;                                             \
            while (nc_ <= (size_t)(n))                                                             \
                nc_ *= 2;                                                                          \
            void *np_ = realloc((ptr), nc_ * sizeof(*(ptr)));                                      \
            if (!np_)                                                                              \
                abort();                                                                           \
            (ptr) = np_;                                                                           \
            (cap) = nc_;                                                                           \
        }                                                                                          \
    } while (0)

struct pmap {
    const void **keys;
    uint32_t *vals;
    size_t cap, n;
};

static size_t phash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return (size_t)x;
}

static void pmap_put(struct pmap *m, const void *k, uint32_t v);
static void pmap_grow(struct pmap *m)
{
    struct pmap o = *m;
    m->cap = o.cap ? o.cap * 2 : 256;
    m->keys = calloc(m->cap, sizeof(*m->keys));
    m->vals = calloc(m->cap, sizeof(*m->vals));
    if (!m->keys || !m->vals)
        abort();
    m->n = 0;
    for (size_t i = 0; i < o.cap; i++)
        if (o.keys[i])
            pmap_put(m, o.keys[i], o.vals[i]);
    free(o.keys);
    free(o.vals);
}

static void pmap_put(struct pmap *m, const void *k, uint32_t v)
{
    if ((m->n + 1) * 2 > m->cap)
        pmap_grow(m);
    size_t i = phash(k) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != k)
        i = (i + 1) & (m->cap - 1);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = k;
    m->vals[i] = v;
}

static int pmap_get(const struct pmap *m, const void *k, uint32_t *v)
{
    if (!m->cap)
        return 0;
    size_t i = phash(k) & (m->cap - 1);
    while (m->keys[i]) {
        if (m->keys[i] == k) {
            *v = m->vals[i];
            return 1;
        }
        i = (i + 1) & (m->cap - 1);
    }
    return 0;
}

static void pmap_free(struct pmap *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof(*m));
}

/* ------------------------------------------------------------------------------------------ */
/* translation state                                                                            */

struct mstate {
    simt_module *m;
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    LLVMTargetDataRef td;
    struct pmap fmap; /* LLVM function -> module function index */
    struct pmap gmap; /* LLVM global -> global index */
    char *err;
    struct xfunc *curf; /* function being translated (records the globals it uses) */
    size_t capused;
};

struct fstate {
    struct mstate *ms;
    struct xfunc *f;
    LLVMValueRef fn;
    struct pmap vslot; /* value -> slot */
    struct pmap cslot; /* constant -> const slot */
    struct pmap irpc;  /* instruction -> irpc */
    struct pmap bidx;  /* basic block -> index */
    LLVMBasicBlockRef *blocks;
    uint32_t nb;
    size_t capcode, capaux, capedge, capconst, capstr;
    size_t nstr;
    uint8_t *fused;      /* per irpc: fmul fused away */
    LLVMValueRef *insts; /* per irpc */
    uint32_t *fuse_op;   /* per irpc: which operand (1/2) of fadd/fsub is a fused fmul, 0 none */
    char *ftext;         /* the function's printed IR (one print: per-instruction printing is
                            quadratic, LLVM numbers the whole function each time) */
    const char **itext;  /* per irpc: its line in ftext, or NULL (print on demand) */
    uint32_t src_budget; /* collect_srcs visits left for the current operand */
};

/* The source line of instruction I in its own function's file, and that file (not
 * NUL-terminated: *len bytes). Code inlined from another function - a header's helper, clang's
 * threadIdx getters - carries the location of its origin; the outermost call site is the line
 * of this function a user wants to see. 0 without debug info. */
static unsigned own_line(LLVMValueRef I, const char **file, unsigned *len)
{
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(I);
    if (!loc)
        return 0;
    for (LLVMMetadataRef at = LLVMDILocationGetInlinedAt(loc); at;
         at = LLVMDILocationGetInlinedAt(loc))
        loc = at;
    LLVMMetadataRef scope = LLVMDILocationGetScope(loc);
    LLVMMetadataRef df = scope ? LLVMDIScopeGetFile(scope) : NULL;
    *file = df ? LLVMDIFileGetFilename(df, len) : NULL;
    return LLVMDILocationGetLine(loc);
}

/* The IR text of instruction `irpc` (leading spaces skipped). *tofree is set when the text
 * had to be printed separately (LLVMDisposeMessage it). */
static const char *inst_text(struct fstate *fs, uint32_t irpc, LLVMValueRef I, char **tofree)
{
    *tofree = NULL;
    if (fs->itext && fs->itext[irpc])
        return fs->itext[irpc];
    *tofree = LLVMPrintValueToString(I);
    const char *t = *tofree;
    while (*t == ' ')
        t++;
    return t;
}

/* Splits the printed function into one line per instruction, in layout order. */
static void split_function_text(struct fstate *fs, uint32_t nir)
{
    fs->ftext = LLVMPrintValueToString(fs->fn);
    fs->itext = calloc(nir + 1, sizeof(*fs->itext));
    if (!fs->ftext || !fs->itext)
        return;
    uint32_t k = 0;
    for (char *line = fs->ftext; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        /* an instruction: two spaces, then not a space and not a switch's closing ']' */
        if (line[0] == ' ' && line[1] == ' ' && line[2] && line[2] != ' ' && line[2] != ']') {
            if (k < nir)
                fs->itext[k] = line + 2;
            k++;
        }
        line = nl ? nl + 1 : NULL;
    }
    if (k != nir) { /* unexpected layout: fall back to printing each instruction */
        free(fs->itext);
        fs->itext = NULL;
    }
}

static simt_err ferr(struct fstate *fs, LLVMValueRef inst, const char *what)
{
    char *t = inst ? LLVMPrintValueToString(inst) : NULL;
    simt_err e = simt_seterr(SIMT_ERR_UNSUPPORTED, "%s: function %s: not supported: %s%s%s",
                             fs->ms->m->name, fs->f->name, what, t ? ": " : "", t ? t : "");
    if (t)
        LLVMDisposeMessage(t);
    return e;
}

/* --- types ---------------------------------------------------------------------------------- */

static uint32_t type_words(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMVoidTypeKind:
        return 0;
    case LLVMIntegerTypeKind:
        return LLVMGetIntTypeWidth(t) > 64 ? (LLVMGetIntTypeWidth(t) + 63) / 64 : 1;
    case LLVMVectorTypeKind:
        return LLVMGetVectorSize(t) * type_words(LLVMGetElementType(t));
    case LLVMArrayTypeKind:
        return LLVMGetArrayLength(t) * type_words(LLVMGetElementType(t));
    case LLVMStructTypeKind: {
        uint32_t n = 0, k = LLVMCountStructElementTypes(t);
        for (uint32_t i = 0; i < k; i++)
            n += type_words(LLVMStructGetTypeAtIndex(t, i));
        return n;
    }
    default:
        return 1;
    }
}

static int scalar_kind(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind:
        return XK_F16;
    case LLVMFloatTypeKind:
        return XK_F32;
    case LLVMDoubleTypeKind:
        return XK_F64;
    case LLVMVectorTypeKind:
        return scalar_kind(LLVMGetElementType(t));
    default:
        return XK_I;
    }
}

static uint32_t int_width(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind)
        return LLVMGetIntTypeWidth(t);
    return 64; /* pointers */
}

static int is_fp(LLVMTypeRef t)
{
    return scalar_kind(t) != XK_I;
}

static uint32_t nel_of(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}

/* Memory layout leaves: (byte offset, bytes) per register word. */
static int type_leaves(struct mstate *ms, LLVMTypeRef t, uint64_t off, uint32_t **v, uint32_t *n,
                       size_t *cap)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMVectorTypeKind:
    case LLVMArrayTypeKind: {
        LLVMTypeRef et = LLVMGetElementType(t);
        uint32_t cnt =
            LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : LLVMGetArrayLength(t);
        uint64_t stride = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMStoreSizeOfType(ms->td, et)
                                                                   : LLVMABISizeOfType(ms->td, et);
        if (LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 1 &&
            LLVMGetTypeKind(t) == LLVMVectorTypeKind)
            return -1; /* packed bit vectors */
        for (uint32_t i = 0; i < cnt; i++)
            if (type_leaves(ms, et, off + i * stride, v, n, cap))
                return -1;
        return 0;
    }
    case LLVMStructTypeKind: {
        uint32_t k = LLVMCountStructElementTypes(t);
        for (uint32_t i = 0; i < k; i++)
            if (type_leaves(ms, LLVMStructGetTypeAtIndex(t, i),
                            off + LLVMOffsetOfElement(ms->td, t, i), v, n, cap))
                return -1;
        return 0;
    }
    case LLVMIntegerTypeKind:
        if (LLVMGetIntTypeWidth(t) > 64) {
            uint32_t bytes = (uint32_t)LLVMStoreSizeOfType(ms->td, t);
            for (uint32_t o = 0; o < bytes; o += 8) {
                GROW(*v, *n + 2, *cap);
                (*v)[(*n)++] = (uint32_t)(off + o);
                (*v)[(*n)++] = bytes - o < 8 ? bytes - o : 8;
            }
            return 0;
        }
        /* fallthrough */
    default:
        GROW(*v, *n + 2, *cap);
        (*v)[(*n)++] = (uint32_t)off;
        (*v)[(*n)++] = (uint32_t)LLVMStoreSizeOfType(ms->td, t);
        return 0;
    }
}

/* word offset of an aggregate element path */
static uint32_t word_offset(LLVMTypeRef t, const unsigned *idx, unsigned n, LLVMTypeRef *leaf)
{
    uint32_t w = 0;
    for (unsigned i = 0; i < n; i++) {
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            for (unsigned j = 0; j < idx[i]; j++)
                w += type_words(LLVMStructGetTypeAtIndex(t, j));
            t = LLVMStructGetTypeAtIndex(t, idx[i]);
        } else {
            LLVMTypeRef et = LLVMGetElementType(t);
            w += idx[i] * type_words(et);
            t = et;
        }
    }
    *leaf = t;
    return w;
}

/* --- aux / code emission -------------------------------------------------------------------- */

static uint32_t aux_push(struct fstate *fs, uint32_t v)
{
    struct xfunc *f = fs->f;
    GROW(f->aux, f->naux, fs->capaux);
    f->aux[f->naux] = v;
    return f->naux++;
}

static struct xinst *emit(struct fstate *fs, uint16_t op, uint32_t irpc, int cost)
{
    struct xfunc *f = fs->f;
    GROW(f->code, f->ncode, fs->capcode);
    struct xinst *x = &f->code[f->ncode++];
    memset(x, 0, sizeof(*x));
    x->op = op;
    x->irpc = irpc;
    x->cost = (uint8_t)cost;
    x->nel = 1;
    x->dst = x->a = x->b = x->c = REF_NONE;
    return x;
}

static uint32_t str_add(struct fstate *fs, const char *s)
{
    struct xfunc *f = fs->f;
    size_t l = strlen(s) + 1;
    while (fs->nstr + l > fs->capstr) {
        fs->capstr = fs->capstr ? fs->capstr * 2 : 1024;
        f->strings = realloc(f->strings, fs->capstr);
        if (!f->strings)
            abort();
    }
    memcpy(f->strings + fs->nstr, s, l);
    uint32_t off = (uint32_t)fs->nstr;
    fs->nstr += l;
    return off;
}

/* --- constants ------------------------------------------------------------------------------ */

static simt_err const_words(struct mstate *ms, LLVMValueRef c, uint64_t *w, uint32_t nw);

static uint64_t func_addr(struct mstate *ms, LLVMValueRef fn)
{
    uint32_t idx = 0;
    pmap_get(&ms->fmap, fn, &idx);
    return SIMT_WIN_FUNC_BASE + ((uint64_t)ms->m->id << 24) + (uint64_t)idx * 16;
}

/* blockaddress(@f, %bb): SIMT_WIN_BLOCKADDR + function index << 20 + 4 * block index (only
 * compared by indirectbr, never dereferenced). */
static uint64_t block_addr(struct mstate *ms, LLVMValueRef fn, LLVMBasicBlockRef bb)
{
    uint32_t idx = 0, b = 0;
    pmap_get(&ms->fmap, fn, &idx);
    for (LLVMBasicBlockRef x = LLVMGetFirstBasicBlock(fn); x && x != bb;
         x = LLVMGetNextBasicBlock(x))
        b++;
    return SIMT_WIN_BLOCKADDR + ((uint64_t)idx << 20) + 4ull * b;
}

static uint64_t mask_w(uint32_t w)
{
    return w >= 64 ? ~0ull : ((1ull << w) - 1);
}

static uint64_t sext_w(uint64_t x, uint32_t w)
{
    if (w >= 64)
        return x;
    return (uint64_t)((int64_t)(x << (64 - w)) >> (64 - w));
}

static uint16_t f32_to_f16(float f)
{
    _Float16 h = (_Float16)f;
    uint16_t u;
    memcpy(&u, &h, 2);
    return u;
}

/* Evaluates a scalar constant expression (pointer arithmetic on globals, casts). */
static simt_err const_scalar(struct mstate *ms, LLVMValueRef c, uint64_t *out)
{
    LLVMTypeRef t = LLVMTypeOf(c);
    if (LLVMIsAConstantInt(c)) {
        if (LLVMGetIntTypeWidth(t) > 64)
            return simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: integer constant wider "
                                                     "than 64 bits");
        *out = LLVMConstIntGetZExtValue(c);
        return SIMT_ERR_OK;
    }
    if (LLVMIsAConstantFP(c)) {
        LLVMBool loses;
        double d = LLVMConstRealGetDouble(c, &loses);
        switch (LLVMGetTypeKind(t)) {
        case LLVMHalfTypeKind:
            *out = f32_to_f16((float)d);
            break;
        case LLVMFloatTypeKind: {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            *out = u;
            break;
        }
        case LLVMDoubleTypeKind:
            memcpy(out, &d, 8);
            break;
        default:
            return simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: floating type of constant");
        }
        return SIMT_ERR_OK;
    }
    if (LLVMIsAFunction(c)) {
        *out = func_addr(ms, c);
        return SIMT_ERR_OK;
    }
    if (LLVMGetValueKind(c) == LLVMBlockAddressValueKind) {
        *out = block_addr(ms, LLVMGetOperand(c, 0), LLVMValueAsBasicBlock(LLVMGetOperand(c, 1)));
        return SIMT_ERR_OK;
    }
    if (LLVMIsAGlobalVariable(c) || LLVMIsAGlobalAlias(c)) {
        uint32_t gi;
        if (!pmap_get(&ms->gmap, c, &gi)) {
            size_t l;
            return simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: reference to global '%s'",
                               LLVMGetValueName2(c, &l));
        }
        *out = ms->m->globals[gi].addr;
        struct xfunc *cf = ms->curf;
        if (cf && ms->m->globals[gi].space == SIMT_MS_SHARED) {
            int seen = 0;
            for (uint32_t k = 0; k < cf->nused; k++)
                seen |= cf->used_globals[k] == gi;
            if (!seen) {
                GROW(cf->used_globals, cf->nused, ms->capused);
                cf->used_globals[cf->nused++] = gi;
            }
        }
        return SIMT_ERR_OK;
    }
    if (LLVMIsUndef(c) || LLVMIsPoison(c) || LLVMIsNull(c)) {
        *out = 0;
        return SIMT_ERR_OK;
    }
    if (LLVMIsAConstantExpr(c)) {
        LLVMOpcode op = LLVMGetConstOpcode(c);
        uint64_t a = 0, b = 0;
        switch (op) {
        case LLVMBitCast:
        case LLVMAddrSpaceCast:
        case LLVMIntToPtr:
        case LLVMPtrToInt:
        case LLVMTrunc:
        case LLVMZExt:
            SIMT_TRY(const_scalar(ms, LLVMGetOperand(c, 0), &a));
            if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind)
                a &= mask_w(LLVMGetIntTypeWidth(t));
            *out = a;
            return SIMT_ERR_OK;
        case LLVMSExt: {
            LLVMTypeRef st = LLVMTypeOf(LLVMGetOperand(c, 0));
            SIMT_TRY(const_scalar(ms, LLVMGetOperand(c, 0), &a));
            *out = sext_w(a, LLVMGetIntTypeWidth(st)) & mask_w(LLVMGetIntTypeWidth(t));
            return SIMT_ERR_OK;
        }
        case LLVMAdd:
        case LLVMSub:
        case LLVMMul:
        case LLVMAnd:
        case LLVMOr:
        case LLVMXor:
        case LLVMShl:
        case LLVMLShr:
            SIMT_TRY(const_scalar(ms, LLVMGetOperand(c, 0), &a));
            SIMT_TRY(const_scalar(ms, LLVMGetOperand(c, 1), &b));
            switch (op) {
            case LLVMAdd:
                a += b;
                break;
            case LLVMSub:
                a -= b;
                break;
            case LLVMMul:
                a *= b;
                break;
            case LLVMAnd:
                a &= b;
                break;
            case LLVMOr:
                a |= b;
                break;
            case LLVMXor:
                a ^= b;
                break;
            case LLVMShl:
                a = b >= 64 ? 0 : a << b;
                break;
            default:
                a = b >= 64 ? 0 : a >> b;
                break;
            }
            *out = a & mask_w(int_width(t));
            return SIMT_ERR_OK;
        case LLVMGetElementPtr: {
            SIMT_TRY(const_scalar(ms, LLVMGetOperand(c, 0), &a));
            LLVMTypeRef ty = LLVMGetGEPSourceElementType(c);
            unsigned n = (unsigned)LLVMGetNumOperands(c);
            for (unsigned i = 1; i < n; i++) {
                LLVMValueRef iv = LLVMGetOperand(c, i);
                uint64_t k;
                SIMT_TRY(const_scalar(ms, iv, &k));
                k = sext_w(k, int_width(LLVMTypeOf(iv)));
                if (i == 1) {
                    a += k * LLVMABISizeOfType(ms->td, ty);
                } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
                    a += LLVMOffsetOfElement(ms->td, ty, (unsigned)k);
                    ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
                } else {
                    ty = LLVMGetElementType(ty);
                    a += k * LLVMABISizeOfType(ms->td, ty);
                }
            }
            *out = a;
            return SIMT_ERR_OK;
        }
        case LLVMICmp:
        default:
            break;
        }
        return simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: constant expression opcode %d",
                           (int)op);
    }
    return simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: constant of this kind");
}

static simt_err const_words(struct mstate *ms, LLVMValueRef c, uint64_t *w, uint32_t nw)
{
    LLVMTypeRef t = LLVMTypeOf(c);
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k != LLVMVectorTypeKind && k != LLVMArrayTypeKind && k != LLVMStructTypeKind) {
        if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64) {
            memset(w, 0, nw * 8);
            if (LLVMIsAConstantInt(c)) {
                /* the C API gives the low 64 bits only: read the printed decimal value */
                char *txt = LLVMPrintValueToString(c);
                const char *q = txt ? strchr(txt, ' ') : NULL;
                unsigned __int128 v = 0;
                int neg = 0;
                if (q) {
                    q++;
                    neg = *q == '-';
                    q += neg;
                    for (; *q >= '0' && *q <= '9'; q++)
                        v = v * 10 + (unsigned)(*q - '0');
                    if (neg)
                        v = -v;
                } else {
                    v = (unsigned __int128)(__int128)LLVMConstIntGetSExtValue(c);
                    neg = (__int128)v < 0;
                }
                if (txt)
                    LLVMDisposeMessage(txt);
                w[0] = (uint64_t)v;
                for (uint32_t i = 1; i < nw; i++)
                    w[i] = i == 1 ? (uint64_t)(v >> 64) : neg ? ~0ull : 0;
                return SIMT_ERR_OK;
            }
            if (LLVMIsUndef(c) || LLVMIsPoison(c) || LLVMIsNull(c))
                return SIMT_ERR_OK;
            return simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: wide integer constant");
        }
        return const_scalar(ms, c, w);
    }
    if (LLVMIsUndef(c) || LLVMIsPoison(c) || LLVMIsNull(c) || LLVMIsAConstantAggregateZero(c)) {
        memset(w, 0, nw * 8);
        return SIMT_ERR_OK;
    }
    if (LLVMIsAConstantDataSequential(c)) {
        unsigned n = k == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : LLVMGetArrayLength(t);
        uint32_t ew = type_words(LLVMGetElementType(t));
        for (unsigned i = 0; i < n; i++)
            SIMT_TRY(const_words(ms, LLVMGetAggregateElement(c, i), w + i * ew, ew));
        return SIMT_ERR_OK;
    }
    if (LLVMIsAConstantExpr(c))
        return simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: aggregate constant expression");
    unsigned n = (unsigned)LLVMGetNumOperands(c);
    uint32_t off = 0;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = LLVMGetOperand(c, i);
        uint32_t ew = type_words(LLVMTypeOf(e));
        if (off + ew > nw)
            return simt_seterr(SIMT_ERR_INVARIANT, "constant layout mismatch");
        SIMT_TRY(const_words(ms, e, w + off, ew));
        off += ew;
    }
    return SIMT_ERR_OK;
}

/* Writes a constant's memory image (global initialisers). */
static simt_err const_bytes(struct mstate *ms, LLVMValueRef c, uint8_t *buf, uint64_t cap)
{
    LLVMTypeRef t = LLVMTypeOf(c);
    uint32_t nw = type_words(t);
    uint32_t *lv = NULL, nl = 0;
    size_t capl = 0;
    uint64_t *w = calloc(nw ? nw : 1, 8);
    if (!w)
        return SIMT_ERR_NOMEM;
    simt_err e = SIMT_ERR_OK;
    if (LLVMIsAConstantDataSequential(c) && LLVMGetTypeKind(t) == LLVMArrayTypeKind &&
        LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind &&
        LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 8) {
        size_t len;
        const char *s = LLVMGetAsString(c, &len);
        memcpy(buf, s, len < cap ? len : cap);
        goto out;
    }
    if (type_leaves(ms, t, 0, &lv, &nl, &capl)) {
        e = simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: initialiser layout (bit vector)");
        goto out;
    }
    e = const_words(ms, c, w, nw);
    if (e)
        goto out;
    for (uint32_t i = 0; i < nl / 2 && i < nw; i++) {
        uint32_t off = lv[2 * i], by = lv[2 * i + 1];
        if (off + by <= cap)
            memcpy(buf + off, &w[i], by > 8 ? 8 : by);
    }
out:
    free(w);
    free(lv);
    return e;
}

/* The constant-pool reference of a constant value (pooled by LLVM value identity; LLVM
 * constants are uniqued, so equal constants share a slot). */
static simt_err cref(struct fstate *fs, LLVMValueRef c, uint32_t *out)
{
    uint32_t s;
    if (pmap_get(&fs->cslot, c, &s)) {
        *out = s | REF_CONST;
        return SIMT_ERR_OK;
    }
    uint32_t nw = type_words(LLVMTypeOf(c));
    if (!nw)
        nw = 1;
    uint64_t tmp[64], *w = nw <= 64 ? tmp : calloc(nw, 8);
    if (!w)
        return SIMT_ERR_NOMEM;
    memset(w, 0, nw * 8);
    simt_err e = const_words(fs->ms, c, w, nw);
    if (e) {
        if (w != tmp)
            free(w);
        return e;
    }
    struct xfunc *f = fs->f;
    s = f->nconst;
    if (f->nconst + nw > fs->capconst) {
        size_t nc = fs->capconst ? fs->capconst * 2 : 64;
        while (nc < f->nconst + nw)
            nc *= 2;
        f->cpool = realloc(f->cpool, nc * WARP * 8);
        if (!f->cpool)
            abort();
        fs->capconst = nc;
    }
    for (uint32_t i = 0; i < nw; i++)
        for (int l = 0; l < WARP; l++)
            f->cpool[(size_t)(s + i) * WARP + l] = w[i];
    f->nconst += nw;
    if (w != tmp)
        free(w);
    pmap_put(&fs->cslot, c, s);
    *out = s | REF_CONST;
    return SIMT_ERR_OK;
}

static simt_err ref(struct fstate *fs, LLVMValueRef v, uint32_t *out)
{
    uint32_t s;
    if (pmap_get(&fs->vslot, v, &s)) {
        *out = s;
        return SIMT_ERR_OK;
    }
    if (LLVMIsAConstant(v))
        return cref(fs, v, out);
    char *t = LLVMPrintValueToString(v);
    simt_err e = simt_seterr(SIMT_ERR_UNSUPPORTED, "not supported: operand kind: %s", t);
    LLVMDisposeMessage(t);
    return e;
}

static uint32_t new_slots(struct fstate *fs, uint32_t n)
{
    uint32_t s = fs->f->nslots;
    fs->f->nslots += n ? n : 1;
    return s;
}

/* --- instruction classes --------------------------------------------------------------------- */

static int fp_class(LLVMTypeRef t)
{
    switch (scalar_kind(t)) {
    case XK_F16:
        return SIMT_IC_FP16;
    case XK_F64:
        return SIMT_IC_FP64;
    default:
        return SIMT_IC_FP32;
    }
}

static int mspace_of_ptr(LLVMValueRef p)
{
    LLVMTypeRef t = LLVMTypeOf(p);
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind)
        return SIMT_MS_GENERIC;
    switch (LLVMGetPointerAddressSpace(t)) {
    case 1:
        return SIMT_MS_GLOBAL;
    case 3:
        return SIMT_MS_SHARED;
    case 4:
        return SIMT_MS_CONST;
    case 5:
        return SIMT_MS_LOCAL;
    case 101:
        return SIMT_MS_PARAM;
    default:
        if (LLVMIsAAllocaInst(p))
            return SIMT_MS_LOCAL;
        return SIMT_MS_GENERIC;
    }
}

/* --- intrinsics and natives ------------------------------------------------------------------- */

struct sreg_name {
    const char *name;
    int sr;
};
static const struct sreg_name sregs[] = {
    {"tid.x", SR_TID_X},
    {"tid.y", SR_TID_Y},
    {"tid.z", SR_TID_Z},
    {"ntid.x", SR_NTID_X},
    {"ntid.y", SR_NTID_Y},
    {"ntid.z", SR_NTID_Z},
    {"ctaid.x", SR_CTAID_X},
    {"ctaid.y", SR_CTAID_Y},
    {"ctaid.z", SR_CTAID_Z},
    {"nctaid.x", SR_NCTAID_X},
    {"nctaid.y", SR_NCTAID_Y},
    {"nctaid.z", SR_NCTAID_Z},
    {"laneid", SR_LANEID},
    {"warpsize", SR_WARPSIZE},
    {"lanemask.eq", SR_LANEMASK_EQ},
    {"lanemask.le", SR_LANEMASK_LE},
    {"lanemask.lt", SR_LANEMASK_LT},
    {"lanemask.ge", SR_LANEMASK_GE},
    {"lanemask.gt", SR_LANEMASK_GT},
    {"clock", SR_CLOCK},
    {"clock64", SR_CLOCK64},
    {"globaltimer", SR_GLOBALTIMER},
    {"warpid", SR_WARPID},
    {"nwarpid", SR_NWARPID},
    {"smid", SR_SMID},
    {"nsmid", SR_NSMID},
    {"gridid", SR_GRIDID},
    {"pm0", SR_SMID}, /* performance monitors read as 0 */
    {"pm1", SR_SMID},
    {"pm2", SR_SMID},
    {"pm3", SR_SMID},
    {NULL, 0},
};

static int starts(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

/* The CTA barrier intrinsics (XI_BARRIER): 0 if nm is none, 1 for a barrier of every live
 * thread (barrier0, barrier.sync(id), ...: operand 0 the id, if any), 2 for one with a thread
 * count (operand 1: barrier.sync.cnt, barrier.cta.sync.*count, llvm.nvvm.barrier). */
static int barrier_intrinsic(const char *nm, unsigned nargs)
{
    if (!(strcmp(nm, "llvm.nvvm.barrier0") == 0 || starts(nm, "llvm.nvvm.barrier.sync") ||
          strcmp(nm, "llvm.nvvm.barrier.n") == 0 || strcmp(nm, "llvm.nvvm.bar.sync") == 0 ||
          strcmp(nm, "llvm.nvvm.barrier") == 0 || starts(nm, "llvm.nvvm.barrier.cta.sync")))
        return 0;
    return nargs >= 2 && (strstr(nm, "cnt") || strstr(nm, "count") ||
                          strcmp(nm, "llvm.nvvm.barrier") == 0)
               ? 2
               : 1;
}

struct funary_name {
    const char *name;
    int fu;
    int sfu;
};
static const struct funary_name funaries[] = {
    {"llvm.sqrt.", FU_SQRT, 1},
    {"llvm.fabs.", FU_FABS, 0},
    {"llvm.floor.", FU_FLOOR, 0},
    {"llvm.ceil.", FU_CEIL, 0},
    {"llvm.trunc.", FU_TRUNC, 0},
    {"llvm.rint.", FU_RINT, 0},
    {"llvm.nearbyint.", FU_RINT, 0},
    {"llvm.roundeven.", FU_RINT, 0},
    {"llvm.round.", FU_ROUND, 0},
    {"llvm.sin.", FU_SIN, 1},
    {"llvm.cos.", FU_COS, 1},
    {"llvm.exp2.", FU_EXP2, 1},
    {"llvm.log2.", FU_LOG2, 1},
    {"llvm.exp.", FU_EXP, 1},
    {"llvm.log.", FU_LOG, 1},
    {"llvm.log10.", FU_LOG10, 1},
    {"llvm.nvvm.sqrt.f", FU_SQRT, 1},
    {"llvm.nvvm.sqrt.rn.f", FU_SQRT, 1},
    {"llvm.nvvm.sqrt.rn.d", FU_SQRT, 1},
    {"llvm.nvvm.sqrt.approx.f", FU_SQRT, 1},
    {"llvm.nvvm.rsqrt.approx.f", FU_RSQRT, 1},
    {"llvm.nvvm.rsqrt.approx.d", FU_RSQRT, 1},
    {"llvm.nvvm.rcp.rn.f", FU_RCP, 1},
    {"llvm.nvvm.rcp.rn.d", FU_RCP, 1},
    {"llvm.nvvm.rcp.approx.ftz.d", FU_RCP, 1},
    {"llvm.nvvm.sin.approx.f", FU_SIN, 1},
    {"llvm.nvvm.cos.approx.f", FU_COS, 1},
    {"llvm.nvvm.ex2.approx.f", FU_EXP2, 1},
    {"llvm.nvvm.ex2.approx.d", FU_EXP2, 1},
    {"llvm.nvvm.lg2.approx.f", FU_LOG2, 1},
    {"llvm.nvvm.lg2.approx.d", FU_LOG2, 1},
    {"llvm.nvvm.fabs.", FU_FABS, 0},
    {"llvm.nvvm.floor.", FU_FLOOR, 0},
    {"llvm.nvvm.ceil.", FU_CEIL, 0},
    {"llvm.nvvm.trunc.", FU_TRUNC, 0},
    {"llvm.nvvm.round.", FU_ROUND, 0},
    {"llvm.nvvm.saturate.", FU_SATURATE, 0},
    {NULL, 0, 0},
};

#if defined(SIMT_HAVE_LIBDEVICE)
/* A call of a libdevice function implemented natively (tracer/libdevice). */
static simt_err xl_native(struct fstate *fs, LLVMValueRef I, uint32_t irpc, const char *nm,
                          const uint32_t *args, unsigned nargs, uint32_t dst, int *cls)
{
    const struct simt_nv_fn *nv = simt_libdevice_find(nm);
    if (!nv) {
        struct xinst *x = emit(fs, OP_UNKNOWN, irpc, 1);
        x->dst = dst;
        *cls = SIMT_IC_INT;
        return SIMT_ERR_OK;
    }
    const char *sig = strchr(nv->sig, ':');
    if (!sig || strlen(sig + 1) != nargs || nargs > 8)
        return ferr(fs, I, "libdevice call whose arguments do not match the native signature");
    struct xinst *x = emit(fs, OP_NATIVE, irpc, nv->iclass != SIMT_IC_FREE);
    x->dst = dst;
    x->imm = (int64_t)(uintptr_t)nv;
    x->nel = (uint16_t)nargs;
    x->aux = aux_push(fs, nargs);
    for (unsigned i = 0; i < nargs; i++)
        aux_push(fs, args[i]);
    *cls = (int)nv->iclass;
    return SIMT_ERR_OK;
}
#endif

/* Emits the call instruction `I` (irpc) of a declared (external) callee; sets *cls. */
static int mspace_of_ptr(LLVMValueRef p);
static simt_err xl_intrinsic(struct fstate *fs, LLVMValueRef I, uint32_t irpc, const char *nm,
                             int *cls, uint32_t *access_bytes, int *msp)
{
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(I);
    LLVMTypeRef rt = LLVMTypeOf(I);
    uint32_t rw = type_words(rt);
    uint32_t dst = REF_NONE;
    uint32_t s;
    if (pmap_get(&fs->vslot, I, &s))
        dst = s;
    uint32_t args[16];
    if (nargs > 16)
        return ferr(fs, I, "call with more than 16 arguments");
    for (unsigned i = 0; i < nargs; i++) {
        LLVMValueRef av = LLVMGetOperand(I, i);
        if (LLVMGetTypeKind(LLVMTypeOf(av)) == LLVMMetadataTypeKind) {
            args[i] = REF_NONE;
            continue;
        }
        SIMT_TRY(ref(fs, av, &args[i]));
    }
    *cls = SIMT_IC_INT;
    struct xinst *x;
#define INTR(sub_)                                                                                 \
    ({                                                                                             \
        x = emit(fs, OP_INTRIN, irpc, 1);                                                          \
        x->sub = (sub_);                                                                           \
        x->dst = dst;                                                                              \
        x->nel = (uint16_t)rw;                                                                     \
        x->a = nargs > 0 ? args[0] : REF_NONE;                                                     \
        x->b = nargs > 1 ? args[1] : REF_NONE;                                                     \
        x->c = nargs > 2 ? args[2] : REF_NONE;                                                     \
        x;                                                                                         \
    })

    /* no-ops */
    if (starts(nm, "llvm.lifetime.") || starts(nm, "llvm.assume") || starts(nm, "llvm.dbg.") ||
        starts(nm, "llvm.experimental.noalias") || starts(nm, "llvm.invariant.") ||
        starts(nm, "llvm.sideeffect") || starts(nm, "llvm.var.annotation") ||
        starts(nm, "llvm.donothing") || starts(nm, "llvm.pseudoprobe")) {
        *cls = SIMT_IC_FREE;
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.expect") || starts(nm, "llvm.ssa.copy") || starts(nm, "llvm.annotation") ||
        starts(nm, "llvm.launder.invariant") || starts(nm, "llvm.strip.invariant") ||
        starts(nm, "llvm.nvvm.ptr.gen.to.") || starts(nm, "llvm.nvvm.ptr.") ||
        starts(nm, "llvm.nvvm.move.")) {
        x = emit(fs, OP_MOV, irpc, 0);
        x->dst = dst;
        x->a = args[0];
        x->nel = (uint16_t)rw;
        *cls = SIMT_IC_FREE;
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.read.ptx.sreg.")) {
        const char *r = nm + strlen("llvm.nvvm.read.ptx.sreg.");
        for (const struct sreg_name *p = sregs; p->name; p++)
            if (strcmp(r, p->name) == 0) {
                INTR(XI_SREG)->imm = p->sr;
                return SIMT_ERR_OK;
            }
        x = emit(fs, OP_UNKNOWN, irpc, 1); /* reported when reached */
        x->dst = dst;
        return SIMT_ERR_OK;
    }
    if (barrier_intrinsic(nm, nargs)) {
        /* a = barrier id (REF_NONE: 0), b = thread count (imm = 1; else all threads) */
        *cls = SIMT_IC_BARRIER;
        x = INTR(XI_BARRIER);
        x->imm = barrier_intrinsic(nm, nargs) == 2;
        if (!x->imm)
            x->b = REF_NONE;
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.barrier0.")) { /* popc/and/or */
        *cls = SIMT_IC_BARRIER;
        INTR(XI_BARRIER_RED)->imm = strstr(nm, "popc") ? 0 : strstr(nm, "and") ? 1 : 2;
        return SIMT_ERR_OK;
    }
    if (strcmp(nm, "llvm.nvvm.bar.warp.sync") == 0 ||
        strcmp(nm, "llvm.nvvm.barrier.warp.sync") == 0) {
        *cls = SIMT_IC_WARP;
        INTR(XI_WARPSYNC);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.shfl.") && !starts(nm, "llvm.nvvm.shfl.sync.") && nargs == 3) {
        /* pre-Volta shuffles: (value, lane, c), all lanes */
        const char *r = nm + strlen("llvm.nvvm.shfl.");
        int mode = starts(r, "idx") ? 0 : starts(r, "up") ? 1 : starts(r, "down") ? 2 : 3;
        *cls = SIMT_IC_WARP;
        x = INTR(XI_SHFL);
        x->a = REF_NONE;
        x->b = args[0];
        x->c = args[1];
        x->imm = mode;
        x->aux = aux_push(fs, args[2]);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.atomic.") && strstr(nm, ".gen.")) {
        /* scoped atomics: llvm.nvvm.atomic.<op>.gen.<i|f>.<cta|sys>.<type>.<ptr> */
        const char *r = nm + strlen("llvm.nvvm.atomic.");
        static const struct {
            const char *n;
            int rmw;
        } ops[] = {{"add.", 1},   {"exch.", 0}, {"max.", 7}, {"min.", 8}, {"umax.", 9},
                   {"umin.", 10}, {"and.", 3},  {"or.", 5},  {"xor.", 6}, {NULL, 0}};
        *cls = SIMT_IC_ATOMIC;
        *msp = mspace_of_ptr(LLVMGetOperand(I, 0));
        *access_bytes = (uint32_t)LLVMStoreSizeOfType(fs->ms->td, rt);
        if (starts(r, "inc.") || starts(r, "dec.")) {
            x = INTR(starts(r, "inc.") ? XI_ATOM_INC : XI_ATOM_DEC);
            x->ty = (uint8_t)int_width(rt);
            x->flags |= XF_TRACEMEM;
            return SIMT_ERR_OK;
        }
        if (starts(r, "cas.")) {
            x = emit(fs, OP_CMPXCHG, irpc, 1);
            x->dst = dst;
            x->a = args[0];
            x->b = args[1];
            x->c = args[2];
            x->sub = 1; /* scalar result: the old value only */
            x->ty = (uint8_t)int_width(rt);
            x->imm = *access_bytes;
            x->flags = XF_TRACEMEM;
            return SIMT_ERR_OK;
        }
        for (int i = 0; ops[i].n; i++)
            if (starts(r, ops[i].n)) {
                x = emit(fs, OP_ATOMIC, irpc, 1);
                x->dst = dst;
                x->a = args[0];
                x->b = args[1];
                x->sub = (uint8_t)(is_fp(rt) && ops[i].rmw == 1 ? 11 : ops[i].rmw);
                x->ty = (uint8_t)(is_fp(rt) ? (uint32_t)(0x80 | scalar_kind(rt)) : int_width(rt));
                if (!is_fp(rt) && strstr(r, ".gen.ui") && (ops[i].rmw == 7 || ops[i].rmw == 8))
                    x->sub = (uint8_t)(ops[i].rmw + 2);
                x->imm = *access_bytes;
                x->flags = XF_TRACEMEM;
                return SIMT_ERR_OK;
            }
        x = emit(fs, OP_UNKNOWN, irpc, 1); /* reported when reached */
        x->dst = dst;
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.isspacep.")) {
        const char *r = nm + strlen("llvm.nvvm.isspacep.");
        x = INTR(XI_ISSPACE);
        x->imm = starts(r, "shared")   ? SIMT_MS_SHARED
                 : starts(r, "global") ? SIMT_MS_GLOBAL
                 : starts(r, "local")  ? SIMT_MS_LOCAL
                                       : SIMT_MS_CONST;
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.shfl.sync.")) {
        const char *r = nm + strlen("llvm.nvvm.shfl.sync.");
        int mode = starts(r, "idx") ? 0 : starts(r, "up") ? 1 : starts(r, "down") ? 2 : 3;
        *cls = SIMT_IC_WARP;
        x = INTR(XI_SHFL);
        x->imm = mode | (strstr(r, ".p") ? 4 : 0); /* .p variants return {val, pred} */
        x->aux = aux_push(fs, nargs > 3 ? args[3] : REF_NONE);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.vote.")) {
        const char *r = nm + strlen("llvm.nvvm.vote.");
        int mode = starts(r, "all") ? 0 : starts(r, "any") ? 1 : starts(r, "uni") ? 2 : 3;
        *cls = SIMT_IC_WARP;
        INTR(XI_VOTE)->imm = mode | (strstr(r, "sync") ? 4 : 0);
        return SIMT_ERR_OK;
    }
    if (strcmp(nm, "llvm.nvvm.activemask") == 0) {
        *cls = SIMT_IC_WARP;
        INTR(XI_ACTIVEMASK);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.match.any.sync.")) {
        *cls = SIMT_IC_WARP;
        INTR(XI_MATCH_ANY);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.match.all.sync.")) {
        *cls = SIMT_IC_WARP;
        INTR(XI_MATCH_ALL);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.membar.") || starts(nm, "llvm.nvvm.fence.")) {
        *cls = SIMT_IC_MEMBAR;
        INTR(XI_MEMBAR);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.atomic.load.inc.") || starts(nm, "llvm.nvvm.atomic.load.dec.") ||
        starts(nm, "llvm.nvvm.atomic.inc.") || starts(nm, "llvm.nvvm.atomic.dec.")) {
        *cls = SIMT_IC_ATOMIC;
        x = INTR(strstr(nm, ".inc.") ? XI_ATOM_INC : XI_ATOM_DEC);
        x->ty = (uint8_t)int_width(rt);
        x->flags |= XF_TRACEMEM;
        *access_bytes = int_width(rt) / 8;
        *msp = mspace_of_ptr(LLVMGetOperand(I, 0));
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.nvvm.ldg.global.") || starts(nm, "llvm.nvvm.ldu.global.")) {
        *cls = SIMT_IC_LOAD;
        uint32_t *lv = NULL, nl = 0;
        size_t capl = 0;
        if (type_leaves(fs->ms, rt, 0, &lv, &nl, &capl)) {
            free(lv);
            return ferr(fs, I, "ldg of bit vector");
        }
        x = emit(fs, OP_LOAD, irpc, 1);
        x->dst = dst;
        x->a = args[0];
        x->nel = (uint16_t)rw;
        x->flags = XF_TRACEMEM;
        x->imm = LLVMStoreSizeOfType(fs->ms->td, rt);
        x->aux = aux_push(fs, nl / 2);
        for (uint32_t i = 0; i < nl; i++)
            aux_push(fs, lv[i]);
        free(lv);
        *access_bytes = (uint32_t)x->imm;
        *msp = SIMT_MS_GLOBAL;
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.memcpy.") || starts(nm, "llvm.memmove.") || starts(nm, "llvm.memset.")) {
        *cls = SIMT_IC_COPY;
        x = INTR(starts(nm, "llvm.memset.")   ? XI_MEMSET
                 : starts(nm, "llvm.memcpy.") ? XI_MEMCPY
                                              : XI_MEMMOVE);
        x->ty = (uint8_t)int_width(LLVMTypeOf(LLVMGetOperand(I, 2)));
        x->flags |= XF_TRACEMEM;
        *access_bytes = 0;
        *msp = mspace_of_ptr(LLVMGetOperand(I, 0));
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.convert.to.fp16.") || starts(nm, "llvm.convert.from.fp16.")) {
        int to = starts(nm, "llvm.convert.to.fp16.");
        x = emit(fs, OP_FPCONV, irpc, 1);
        x->dst = dst;
        x->a = args[0];
        x->sub = (uint8_t)(to ? scalar_kind(LLVMTypeOf(LLVMGetOperand(I, 0))) : XK_F16);
        x->ty = (uint8_t)(to ? XK_F16 : scalar_kind(rt));
        *cls = SIMT_IC_FP16;
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.fma.") || starts(nm, "llvm.fmuladd.") || starts(nm, "llvm.nvvm.fma.rn.")) {
        *cls = fp_class(rt);
        x = emit(fs, OP_FMA, irpc, 1);
        x->dst = dst;
        x->a = args[0];
        x->b = args[1];
        x->c = args[2];
        x->ty = (uint8_t)scalar_kind(rt);
        x->nel = (uint16_t)nel_of(rt);
        if (starts(nm, "llvm.fmuladd.") && fs->ms->m->dev->cfg.fma == SIMT_FMA_SEPARATE)
            x->sub = 8; /* unfused */
        return SIMT_ERR_OK;
    }
    {
        static const struct {
            const char *n;
            int k;
        } mm[] = {{"llvm.smax.", 0},
                  {"llvm.smin.", 1},
                  {"llvm.umax.", 2},
                  {"llvm.umin.", 3},
                  {"llvm.nvvm.max.i", 0},
                  {"llvm.nvvm.min.i", 1},
                  {"llvm.nvvm.max.ui", 2},
                  {"llvm.nvvm.min.ui", 3},
                  {"llvm.nvvm.max.ll", 0},
                  {"llvm.nvvm.min.ll", 1},
                  {"llvm.nvvm.max.ull", 2},
                  {"llvm.nvvm.min.ull", 3},
                  {NULL, 0}};
        for (int i = 0; mm[i].n; i++)
            if (starts(nm, mm[i].n) && !is_fp(rt)) {
                x = INTR(XI_IMINMAX);
                x->imm = mm[i].k;
                x->ty = (uint8_t)int_width(rt);
                x->nel = (uint16_t)nel_of(rt);
                return SIMT_ERR_OK;
            }
    }
    if (starts(nm, "llvm.minnum.") || starts(nm, "llvm.maxnum.") || starts(nm, "llvm.minimum.") ||
        starts(nm, "llvm.maximum.") || starts(nm, "llvm.nvvm.fmin.") ||
        starts(nm, "llvm.nvvm.fmax.")) {
        *cls = fp_class(rt);
        x = INTR(XI_FMINMAX);
        x->imm = (strstr(nm, "max") ? 1 : 0) | (strstr(nm, "imum.") ? 2 : 0);
        x->ty = (uint8_t)scalar_kind(rt);
        x->nel = (uint16_t)nel_of(rt);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.vector.reduce.")) {
        /* a vector folded to one element (clang's SLP vectoriser writes them for sums of
         * neighbouring loads): element by element, in order - what a GPU compiler emits, and a
         * valid order for the reassociating forms too. fadd/fmul start from operand 0. */
        static const struct {
            const char *n;
            uint16_t op;
            int kind; /* 0 integer op, 1 iminmax (imm), 2 float op, 3 fminmax (imm) */
            int imm;
        } rd[] = {{"add.", OP_ADD, 0, 0},   {"mul.", OP_MUL, 0, 0},   {"and.", OP_AND, 0, 0},
                  {"or.", OP_OR, 0, 0},     {"xor.", OP_XOR, 0, 0},   {"smax.", 0, 1, 0},
                  {"smin.", 0, 1, 1},       {"umax.", 0, 1, 2},       {"umin.", 0, 1, 3},
                  {"fadd.", OP_FADD, 2, 0}, {"fmul.", OP_FMUL, 2, 0}, {"fmax.", 0, 3, 1},
                  {"fmin.", 0, 3, 0},       {"fmaximum.", 0, 3, 3},   {"fminimum.", 0, 3, 2},
                  {NULL, 0, 0, 0}};
        const char *r = nm + strlen("llvm.vector.reduce.");
        int k = 0;
        while (rd[k].n && !starts(r, rd[k].n))
            k++;
        const int seeded = rd[k].n && rd[k].kind == 2; /* fadd/fmul: (start, vector) */
        LLVMValueRef vec = rd[k].n ? LLVMGetOperand(I, seeded ? 1u : 0u) : NULL;
        if (!vec || LLVMGetTypeKind(LLVMTypeOf(vec)) != LLVMVectorTypeKind || type_words(rt) != 1) {
            x = emit(fs, OP_UNKNOWN, irpc, 1); /* reported when reached */
            x->dst = dst;
            return SIMT_ERR_OK;
        }
        const uint32_t n = LLVMGetVectorSize(LLVMTypeOf(vec)), v = args[seeded ? 1u : 0u];
        *cls = rd[k].kind >= 2 ? fp_class(rt) : SIMT_IC_INT;
        for (uint32_t e = seeded ? 0u : 1u; e < n; e++) {
            const uint32_t first = seeded ? 0u : 1u;
            const uint32_t acc = e == first ? (seeded ? args[0] : v) : dst;
            const int cost = e == first; /* one instruction in the trace */
            if (rd[k].kind == 1 || rd[k].kind == 3) {
                x = emit(fs, OP_INTRIN, irpc, cost);
                x->sub = rd[k].kind == 1 ? XI_IMINMAX : XI_FMINMAX;
                x->imm = rd[k].imm;
            } else {
                x = emit(fs, rd[k].op, irpc, cost);
            }
            x->dst = dst;
            x->a = acc;
            x->b = v + e;
            x->ty = (uint8_t)(rd[k].kind >= 2 ? (uint32_t)scalar_kind(rt) : int_width(rt));
            x->nel = 1;
        }
        if (n == 1 && !seeded) { /* one element: itself */
            x = emit(fs, OP_MOV, irpc, 1);
            x->dst = dst;
            x->a = v;
        }
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.abs.") || starts(nm, "llvm.nvvm.abs.")) {
        x = INTR(XI_ABS);
        x->ty = (uint8_t)int_width(rt);
        x->nel = (uint16_t)nel_of(rt);
        return SIMT_ERR_OK;
    }
    {
        static const struct {
            const char *n;
            int k;
        } bits[] = {
            {"llvm.ctpop.", XI_CTPOP}, {"llvm.ctlz.", XI_CTLZ},         {"llvm.cttz.", XI_CTTZ},
            {"llvm.bswap.", XI_BSWAP}, {"llvm.bitreverse.", XI_BITREV}, {"llvm.fshl.", XI_FSHL},
            {"llvm.fshr.", XI_FSHR},   {"llvm.nvvm.mulhi.", XI_MULHI},  {NULL, 0}};
        for (int i = 0; bits[i].n; i++)
            if (starts(nm, bits[i].n)) {
                x = INTR(bits[i].k);
                x->ty = (uint8_t)int_width(rt);
                if (bits[i].k == XI_MULHI)
                    x->imm = strstr(nm, ".u") ? 0 : 1;
                x->nel = (uint16_t)nel_of(rt);
                return SIMT_ERR_OK;
            }
    }
    for (const struct funary_name *p = funaries; p->name; p++)
        if (starts(nm, p->name)) {
            *cls = p->sfu ? SIMT_IC_SFU : fp_class(rt);
            x = INTR(XI_FUNARY);
            x->imm = p->fu;
            x->ty = (uint8_t)scalar_kind(rt);
            x->nel = (uint16_t)nel_of(rt);
            return SIMT_ERR_OK;
        }
    if (starts(nm, "llvm.copysign.")) {
        *cls = fp_class(rt);
        x = INTR(XI_COPYSIGN);
        x->ty = (uint8_t)scalar_kind(rt);
        x->nel = (uint16_t)nel_of(rt);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.pow.") || starts(nm, "llvm.powi.")) {
        *cls = SIMT_IC_SFU;
        x = INTR(XI_FPOW);
        x->ty = (uint8_t)scalar_kind(rt);
        x->sub = starts(nm, "llvm.powi.") ? 1 : 0;
        x->nel = (uint16_t)nel_of(rt);
        return SIMT_ERR_OK;
    }
    if (strstr(nm, ".with.overflow.")) {
        static const char *ov[] = {"llvm.sadd.", "llvm.uadd.", "llvm.ssub.",
                                   "llvm.usub.", "llvm.smul.", "llvm.umul."};
        for (int i = 0; i < 6; i++)
            if (starts(nm, ov[i])) {
                x = INTR(XI_OVF);
                x->imm = i;
                x->ty = (uint8_t)int_width(LLVMTypeOf(LLVMGetOperand(I, 0)));
                return SIMT_ERR_OK;
            }
    }
    if (starts(nm, "llvm.sadd.sat.") || starts(nm, "llvm.uadd.sat.") ||
        starts(nm, "llvm.ssub.sat.") || starts(nm, "llvm.usub.sat.")) {
        x = INTR(XI_SATADD);
        x->imm = (nm[5] == 's' ? 1 : 0) | (nm[6] == 's' && nm[7] == 'u' ? 2 : 0);
        x->imm = (starts(nm, "llvm.s") ? 1 : 0) | (strstr(nm, "sub") ? 2 : 0);
        x->ty = (uint8_t)int_width(rt);
        x->nel = (uint16_t)nel_of(rt);
        return SIMT_ERR_OK;
    }
    if (strcmp(nm, "llvm.trap") == 0 || strcmp(nm, "llvm.debugtrap") == 0 ||
        strcmp(nm, "llvm.nvvm.trap") == 0) {
        *cls = SIMT_IC_INT; /* reaching it ends the launch with an error */
        ;
        INTR(XI_TRAP);
        return SIMT_ERR_OK;
    }
    if (strcmp(nm, "vprintf") == 0) {
        INTR(XI_VPRINTF);
        return SIMT_ERR_OK;
    }
    if (strcmp(nm, "__assertfail") == 0 || strcmp(nm, "__assert_fail") == 0) {
        *cls = SIMT_IC_INT; /* (an EXIT must end its block) */
        ;
        INTR(XI_ASSERT);
        return SIMT_ERR_OK;
    }
    if ((strcmp(nm, "__simt_tex_fetch") == 0 || strcmp(nm, "__simt_tex_sample") == 0 ||
         strcmp(nm, "__simt_tex_sample_n") == 0 || strcmp(nm, "__simt_tex_sample_layer") == 0 ||
         strcmp(nm, "__simt_tex_sample_cube") == 0) &&
        nargs == 5) {
        *cls = SIMT_IC_LOAD;
        x = INTR(XI_TEX);
        /* 0: integer texel indices; 1: float coordinates (sampled); 2: sampled, integer
         * channels converted to normalised floats (references read as normalized float);
         * 3: sampled in 1D/2D within layer z of a layered array (tex1DLayered/tex2DLayered);
         * 4: as 3, at normalised face coordinates of a cubemap (texCubemap: face = z) */
        x->imm = nm[11] != 's'                    ? 0
                 : strcmp(nm + 17, "_n") == 0     ? 2
                 : strcmp(nm + 17, "_layer") == 0 ? 3
                 : strcmp(nm + 17, "_cube") == 0  ? 4
                                                  : 1;
        x->aux = aux_push(fs, args[3]);
        aux_push(fs, args[4]);
        x = &fs->f->code[fs->f->ncode - 1];
        x->flags |= XF_TRACEMEM;
        *msp = SIMT_MS_TEXTURE;
        *access_bytes = 0;
        return SIMT_ERR_OK;
    }
    if ((strcmp(nm, "__simt_surf_read") == 0 || strcmp(nm, "__simt_surf_write") == 0) &&
        nargs == 7) {
        /* (surface, x bytes, y, z, data*, size, boundary mode): the array's global memory */
        LLVMValueRef sz = LLVMGetOperand(I, 5);
        if (!LLVMIsAConstantInt(sz))
            return ferr(fs, I, "surface access of a size that is not a constant");
        const int wr = nm[12] == 'w';
        *cls = wr ? SIMT_IC_STORE : SIMT_IC_LOAD;
        x = INTR(XI_SURF);
        x->imm = wr;
        x->aux = aux_push(fs, args[3]);
        aux_push(fs, args[4]);
        aux_push(fs, args[5]);
        aux_push(fs, args[6]);
        x = &fs->f->code[fs->f->ncode - 1];
        x->flags |= XF_TRACEMEM;
        *msp = SIMT_MS_GLOBAL;
        *access_bytes = (uint32_t)LLVMConstIntGetZExtValue(sz);
        return SIMT_ERR_OK;
    }
    if (strcmp(nm, "__simt_grid_sync") == 0 && nargs == 0) {
        /* grid-wide barrier (cooperative groups' this_grid().sync()): the launch runs all
         * its CTAs side by side (exec.c, cooperative launches) */
        *cls = SIMT_IC_BARRIER;
        INTR(XI_GRIDSYNC);
        fs->f->has_gridsync = 1;
        return SIMT_ERR_OK;
    }
    /* device operator new / new[] (also the nothrow forms, whose second argument is the
     * tag) take the heap as malloc does: CUDA's device new returns NULL rather than throwing
     * when the heap is exhausted; delete / delete[] (also sized) are free */
    if (strcmp(nm, "malloc") == 0 || strcmp(nm, "_Znwm") == 0 || strcmp(nm, "_Znam") == 0 ||
        strcmp(nm, "_ZnwmRKSt9nothrow_t") == 0 || strcmp(nm, "_ZnamRKSt9nothrow_t") == 0) {
        INTR(XI_MALLOC);
        return SIMT_ERR_OK;
    }
    if (strcmp(nm, "free") == 0 || strcmp(nm, "_ZdlPv") == 0 || strcmp(nm, "_ZdaPv") == 0 ||
        strcmp(nm, "_ZdlPvm") == 0 || strcmp(nm, "_ZdaPvm") == 0) {
        INTR(XI_FREE);
        return SIMT_ERR_OK;
    }
    if (starts(nm, "llvm.stacksave") || starts(nm, "llvm.stackrestore")) {
        *cls = SIMT_IC_FREE;
        x = INTR(starts(nm, "llvm.stacksave") ? XI_STACKSAVE : XI_STACKRESTORE);
        x->cost = 0;
        return SIMT_ERR_OK;
    }
    if (strcmp(nm, "llvm.nvvm.nanosleep") == 0) {
        INTR(XI_NANOSLEEP);
        return SIMT_ERR_OK;
    }
#if defined(SIMT_HAVE_LIBDEVICE)
    if (starts(nm, "__nv_")) {
        SIMT_TRY(xl_native(fs, I, irpc, nm, args, nargs, dst, cls));
        return SIMT_ERR_OK;
    }
#endif
    (void)access_bytes;
    x = emit(fs, OP_UNKNOWN, irpc, 1);
    x->dst = dst;
    /* a function the program declared but this module does not define - typically an extern
     * __device__ function of another .cu file, which nvcc links only with -rdc: sub 1 lets the
     * error say so instead of calling it an unknown intrinsic */
    x->sub = !starts(nm, "llvm.");
    *cls = SIMT_IC_INT;
    return SIMT_ERR_OK;
#undef INTR
}

/* --- one function --------------------------------------------------------------------------- */

static int is_contract(struct fstate *fs, uint32_t irpc)
{
    /* The LLVM 16 C API has no fast-math-flag accessor: read the flag from the IR text. */
    char *tf;
    const char *t = inst_text(fs, irpc, fs->insts[irpc], &tf);
    int r = 0;
    const char *p = strchr(t, '=');
    if (p) {
        const char *q = p + 1;
        while (*q == ' ')
            q++;
        /* "fadd contract float ..." : flags sit between the opcode and the type */
        const char *end = q;
        for (int words = 0; *end && words < 8; words++) {
            const char *sp = strchr(end, ' ');
            if (!sp)
                break;
            if ((sp - end == 8 && strncmp(end, "contract", 8) == 0) ||
                (sp - end == 4 && strncmp(end, "fast", 4) == 0))
                r = 1;
            end = sp + 1;
        }
    }
    if (tf)
        LLVMDisposeMessage(tf);
    return r;
}

static unsigned use_count(LLVMValueRef v)
{
    unsigned n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        n++;
    return n;
}

/* Decides fmul+fadd/fsub fusion as the NVPTX back end's DAG combiner does (both
 * instructions `contract`, same basic block, the multiply with fewer uses when both
 * operands are multiplies). */
static void plan_fusion(struct fstate *fs)
{
    uint32_t n = fs->f->nir;
    uint8_t *contract = calloc(n ? n : 1, 1);
    /* clang -O0 marks functions optnone: the back end then fuses nothing */
    unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
    if (fs->ms->m->dev->cfg.fma == SIMT_FMA_SEPARATE ||
        LLVMGetEnumAttributeAtIndex(fs->fn, LLVMAttributeFunctionIndex, optnone)) {
        free(contract);
        return;
    }
    for (uint32_t i = 0; i < n; i++) {
        LLVMOpcode op = LLVMGetInstructionOpcode(fs->insts[i]);
        if (op == LLVMFMul || op == LLVMFAdd || op == LLVMFSub)
            contract[i] = (uint8_t)is_contract(fs, i);
    }
    for (uint32_t i = 0; i < n; i++) {
        LLVMValueRef I = fs->insts[i];
        LLVMOpcode op = LLVMGetInstructionOpcode(I);
        if ((op != LLVMFAdd && op != LLVMFSub) || !contract[i])
            continue;
        int ok[2] = {0, 0};
        for (int k = 0; k < 2; k++) {
            LLVMValueRef o = LLVMGetOperand(I, (unsigned)k);
            uint32_t pc;
            if (LLVMIsAInstruction(o) && LLVMGetInstructionOpcode(o) == LLVMFMul &&
                LLVMGetInstructionParent(o) == LLVMGetInstructionParent(I) &&
                pmap_get(&fs->irpc, o, &pc) && contract[pc])
                ok[k] = 1;
        }
        int pick = 0;
        if (ok[0] && ok[1])
            pick = use_count(LLVMGetOperand(I, 0)) > use_count(LLVMGetOperand(I, 1)) ? 2 : 1;
        else if (ok[0])
            pick = 1;
        else if (ok[1])
            pick = 2;
        fs->fuse_op[i] = (uint32_t)pick;
    }
    /* an fmul all of whose uses are fused disappears */
    for (uint32_t i = 0; i < n; i++) {
        LLVMValueRef I = fs->insts[i];
        if (LLVMGetInstructionOpcode(I) != LLVMFMul || !contract[i])
            continue;
        int all = LLVMGetFirstUse(I) != NULL;
        for (LLVMUseRef u = LLVMGetFirstUse(I); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef us = LLVMGetUser(u);
            uint32_t pc;
            if (!pmap_get(&fs->irpc, us, &pc) || !fs->fuse_op[pc] ||
                LLVMGetOperand(us, fs->fuse_op[pc] - 1) != I ||
                LLVMGetOperand(us, 2 - fs->fuse_op[pc]) == I) {
                all = 0;
                break;
            }
        }
        fs->fused[i] = (uint8_t)all;
    }
    free(contract);
}

static uint32_t edge_new(struct fstate *fs, LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                         uint32_t succ, simt_err *e)
{
    struct xfunc *f = fs->f;
    GROW(f->edges, f->nedges, fs->capedge);
    uint32_t ei = f->nedges++;
    struct xedge *ed = &f->edges[ei];
    uint32_t bi = 0;
    pmap_get(&fs->bidx, to, &bi);
    ed->target = bi; /* block index; resolved to a pc after emission */
    ed->succ = succ;
    ed->moves = 0;
    /* phi moves */
    uint32_t nm = 0, start = 0;
    for (LLVMValueRef I = LLVMGetFirstInstruction(to); I && LLVMIsAPHINode(I);
         I = LLVMGetNextInstruction(I)) {
        unsigned ni = LLVMCountIncoming(I);
        for (unsigned k = 0; k < ni; k++) {
            if (LLVMGetIncomingBlock(I, k) != from)
                continue;
            uint32_t src, dst;
            *e = ref(fs, LLVMGetIncomingValue(I, k), &src);
            if (*e)
                return 0;
            pmap_get(&fs->vslot, I, &dst);
            if (!nm) {
                start = aux_push(fs, 0);
                aux_push(fs, 0); /* needs temporaries */
            }
            aux_push(fs, dst);
            aux_push(fs, src);
            aux_push(fs, type_words(LLVMTypeOf(I)));
            nm++;
            break;
        }
    }
    if (nm) {
        f->aux[start] = nm;
        /* parallel-copy hazard: a source is also a destination of this edge */
        int hazard = 0;
        for (uint32_t i = 0; i < nm && !hazard; i++)
            for (uint32_t j = 0; j < nm; j++) {
                uint32_t s = f->aux[start + 2 + 3 * i + 1], d = f->aux[start + 2 + 3 * j];
                uint32_t dw = f->aux[start + 2 + 3 * j + 2];
                if (!(s & REF_CONST) && s >= d && s < d + dw && i != j) {
                    hazard = 1;
                    break;
                }
            }
        if (hazard) {
            uint32_t tw = 0;
            for (uint32_t i = 0; i < nm; i++)
                tw += f->aux[start + 2 + 3 * i + 2];
            f->aux[start + 1] = new_slots(fs, tw) + 1; /* temp base + 1 */
        }
        f->edges[ei].moves = start;
    }
    return ei;
}

/* ipdoms on the reverse CFG (virtual exit = nb). */
static void compute_ipdom(uint32_t nb, const uint32_t *succ_first, const uint32_t *nsucc,
                          const uint32_t *succs, uint32_t *ipdom)
{
    uint32_t N = nb + 1;
    /* reverse-CFG predecessors of b = original successors of b (exit for exiting blocks) */
    uint32_t *order = malloc(N * sizeof(uint32_t)), *po = malloc(N * sizeof(uint32_t));
    uint32_t *stack = malloc(N * 2 * sizeof(uint32_t) + 8);
    uint8_t *seen = calloc(N, 1);
    uint32_t *idom = malloc(N * sizeof(uint32_t));
    /* original predecessor lists (reverse-CFG successors) */
    uint32_t *npred = calloc(N, sizeof(uint32_t)), *pfirst = calloc(N + 1, sizeof(uint32_t));
    uint32_t tot = 0;
    for (uint32_t b = 0; b < nb; b++) {
        if (!nsucc[b])
            npred[nb]++;
        for (uint32_t k = 0; k < nsucc[b]; k++)
            npred[succs[succ_first[b] + k]]++;
    }
    for (uint32_t b = 0; b < N; b++) {
        pfirst[b] = tot;
        tot += npred[b];
    }
    pfirst[N] = tot;
    uint32_t *preds = malloc((tot + 1) * sizeof(uint32_t)), *fill = calloc(N, sizeof(uint32_t));
    for (uint32_t b = 0; b < nb; b++) {
        if (!nsucc[b])
            preds[pfirst[nb] + fill[nb]++] = b;
        for (uint32_t k = 0; k < nsucc[b]; k++) {
            uint32_t s = succs[succ_first[b] + k];
            preds[pfirst[s] + fill[s]++] = b;
        }
    }
    /* DFS from exit over reverse edges (to original predecessors) -> postorder */
    uint32_t npo = 0, sp = 0;
    stack[sp++] = nb;
    seen[nb] = 1;
    uint32_t *it = calloc(N, sizeof(uint32_t));
    while (sp) {
        uint32_t v = stack[sp - 1];
        if (it[v] < npred[v]) {
            uint32_t w = preds[pfirst[v] + it[v]++];
            if (!seen[w]) {
                seen[w] = 1;
                stack[sp++] = w;
            }
        } else {
            po[v] = npo;
            order[npo++] = v;
            sp--;
        }
    }
    for (uint32_t b = 0; b < N; b++)
        idom[b] = UINT32_MAX;
    idom[nb] = nb;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (uint32_t i = npo; i-- > 0;) {
            uint32_t b = order[i];
            if (b == nb)
                continue;
            uint32_t nd = UINT32_MAX;
            /* reverse-CFG predecessors of b: its original successors, or exit */
            uint32_t cnt = nsucc[b] ? nsucc[b] : 1;
            for (uint32_t k = 0; k < cnt; k++) {
                uint32_t p = nsucc[b] ? succs[succ_first[b] + k] : nb;
                if (idom[p] == UINT32_MAX)
                    continue;
                if (nd == UINT32_MAX) {
                    nd = p;
                    continue;
                }
                uint32_t x = p, y = nd;
                while (x != y) {
                    while (po[x] < po[y])
                        x = idom[x];
                    while (po[y] < po[x])
                        y = idom[y];
                }
                nd = x;
            }
            if (nd != UINT32_MAX && idom[b] != nd) {
                idom[b] = nd;
                changed = 1;
            }
        }
    }
    for (uint32_t b = 0; b < nb; b++)
        ipdom[b] = (idom[b] == UINT32_MAX || idom[b] == nb) ? SIMT_NO_BLOCK : idom[b];
    free(order);
    free(po);
    free(stack);
    free(seen);
    free(idom);
    free(npred);
    free(pfirst);
    free(preds);
    free(fill);
    free(it);
}

static int is_free_inst(struct fstate *fs, uint32_t pc);

/* Collects issued producer registers of operand v into srcs (looking through FREE insts). */
static void collect_srcs(struct fstate *fs, LLVMValueRef v, uint32_t *srcs, uint8_t *n, int depth)
{
    uint32_t pc;
    /* bounded search: depth, and a budget of visits per instruction (phi webs) */
    if (depth > 16 || fs->src_budget == 0 || !LLVMIsAInstruction(v) || !pmap_get(&fs->irpc, v, &pc))
        return;
    fs->src_budget--;
    if (is_free_inst(fs, pc) || fs->fused[pc]) {
        if (LLVMIsAPHINode(v)) {
            unsigned ni = LLVMCountIncoming(v);
            for (unsigned k = 0; k < ni && *n < SIMT_MAX_SRCS; k++)
                if (LLVMGetIncomingValue(v, k) != v)
                    collect_srcs(fs, LLVMGetIncomingValue(v, k), srcs, n, depth + 1);
            return;
        }
        int no = LLVMGetNumOperands(v);
        for (int k = 0; k < no && *n < SIMT_MAX_SRCS; k++) {
            LLVMValueRef o = LLVMGetOperand(v, (unsigned)k);
            if (LLVMIsAInstruction(o))
                collect_srcs(fs, o, srcs, n, depth + 1);
        }
        return;
    }
    uint32_t r = fs->f->sinsts[pc].dst;
    if (!r)
        return;
    for (uint8_t i = 0; i < *n; i++)
        if (srcs[i] == r)
            return;
    if (*n < SIMT_MAX_SRCS)
        srcs[(*n)++] = r;
}

static int is_free_inst(struct fstate *fs, uint32_t pc)
{
    return fs->f->sinsts[pc].iclass == SIMT_IC_FREE;
}

static int asm_template(const char *txt, char *out, size_t cap);

/* Named barriers written as PTX, as CUTLASS's NamedBarrier and nvcc-only code write them:
 * `bar.sync $0;` and `bar.sync $0, $1;` (and the barrier.sync, .aligned and .cta spellings),
 * the id and the thread count as operands. 0: another template; else as barrier_intrinsic. */
static int asm_barrier_kind(const char *str)
{
    static const char *const ops[] = {"bar.sync ",         "bar.cta.sync ",
                                      "barrier.sync ",     "barrier.sync.aligned ",
                                      "barrier.cta.sync ", "barrier.cta.sync.aligned "};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!starts(str, ops[i]))
            continue;
        char rest[32];
        size_t n = 0;
        for (const char *q = str + strlen(ops[i]); *q && n + 1 < sizeof rest; q++)
            if (*q != ' ')
                rest[n++] = *q;
        rest[n] = 0;
        return strcmp(rest, "$0;") == 0 ? 1 : strcmp(rest, "$0,$1;") == 0 ? 2 : 0;
    }
    return 0;
}

/* A named barrier's id and thread count for the timing model (simt_sinst.bar_id/bar_count):
 * constant operands are recorded; an id or count computed at run time sets SIMT_IF_BARDYN
 * instead (the timing model then replays a CTA-wide barrier). barrier0 and its reductions,
 * `bar.sync 0` and the grid barrier keep id 0 and count 0 (every live thread). Which intrinsics
 * take which operands: barrier_intrinsic (XI_BARRIER: a = id, b = count); which PTX templates:
 * asm_barrier_kind. */
static void barrier_operands(struct fstate *fs, uint32_t p, LLVMValueRef I, struct simt_sinst *si)
{
    if (LLVMGetInstructionOpcode(I) != LLVMCall)
        return;
    LLVMValueRef cv = LLVMGetCalledValue(I);
    unsigned na = (unsigned)LLVMGetNumArgOperands(I);
    int kind = 0;
    if (LLVMIsAInlineAsm(cv)) {
        char *tf, str[640];
        const char *txt = inst_text(fs, p, I, &tf);
        kind = asm_template(txt, str, sizeof str) ? asm_barrier_kind(str) : 0;
        if (tf)
            LLVMDisposeMessage(tf);
    } else if (LLVMIsAFunction(cv)) {
        size_t l;
        kind = barrier_intrinsic(LLVMGetValueName2(cv, &l), na);
    }
    int counted = kind == 2;
    if (!kind)
        return;
    uint64_t id = 0, count = 0;
    int dyn = 0;
    if (na >= 1) {
        LLVMValueRef v = LLVMGetOperand(I, 0);
        if (LLVMIsAConstantInt(v))
            id = LLVMConstIntGetZExtValue(v);
        else
            dyn = 1;
    }
    if (counted) {
        LLVMValueRef v = LLVMGetOperand(I, 1);
        if (LLVMIsAConstantInt(v))
            count = LLVMConstIntGetZExtValue(v);
        else
            dyn = 1;
    }
    if (dyn || id > 15 || count > 65536) {
        /* out-of-range constants fail when executed (the engine names them); run-time values
         * are not in the trace */
        si->flags |= dyn ? SIMT_IF_BARDYN : 0;
        return;
    }
    si->bar_id = (uint32_t)id;
    si->bar_count = (uint32_t)count;
}

static simt_err xl_inst(struct fstate *fs, LLVMValueRef I, uint32_t irpc, uint32_t bidx, int *cls,
                        int *msp, uint32_t *abytes, uint8_t *iflags, uint32_t *callee);

/* ------------------------------------------------------------------------------------------ */
/* register estimate                                                                            */
/*
 * What a register allocator (ptxas) would need: the maximum, over program points, of the
 * 32-bit registers of the values live there, computed on "register units" rather than on
 * IR values, so that instructions a compiler folds away cost nothing:
 * - every scalar leaf of a value is one unit (vectors and first-class aggregates by
 *   element); its weight is its 32-bit registers: i64, double and pointers 2, i128 4, i1 0
 *   (predicates live in the separate predicate file), other scalars 1;
 * - constants, globals, allocas (frame offsets from the stack pointer) and kernel parameters
 *   (read from the parameter constant bank as instruction operands) have no unit;
 * - FREE instructions of docs/INSTRUCTION_CLASSES.md are renamings: casts, constant-index
 *   getelementptrs, extract/insert of elements and members, shufflevector, pass-through
 *   intrinsics and fused multiplies designate the units of their operands (a fused fmul
 *   designates both factors, which live until the fma);
 * - getelementptrs with variable indices that share their base and their variable
 *   (index, scale) terms differ only by a constant offset and share one unit: the back end
 *   computes the address once and folds the constants into [reg+imm] operands (the 32
 *   hoisted &As[ty][k] / &Bs[k][tx] of a tiled matrix multiply are 2 units, not 32);
 *   constant bases of shared, constant or local memory fold into the immediate as well;
 * - phi nodes define fresh units at the block entry, their incoming values are live out of
 *   the incoming blocks.
 * Pressure is measured before and after every instruction (a result that is never used still
 * needs a register when it is written). A call adds the callee's own requirement to the
 * units live across it (device.c / xl_module: reg_total()).
 */
#define UNIT_NONE 0xffffffffu

struct rstate {
    struct fstate *fs;
    uint32_t nv;           /* values: nir instructions, then the parameters */
    uint32_t *vfirst, *vn; /* per value: its units, lst[vfirst .. vfirst+vn) */
    uint8_t *vdone;        /* per value: units assigned */
    uint32_t *lst;         /* unit lists (UNIT_NONE: a leaf without a register) */
    size_t nlst, caplst;
    uint8_t *uw; /* per unit: weight in 32-bit registers */
    uint32_t nu;
    size_t capu;
    uint8_t *isdef, *isuse; /* per pc: writes its units / reads its operands' units */
    /* address keys of variable getelementptrs (words in kbuf) */
    uint64_t *kbuf;
    size_t nkbuf, capkbuf;
    struct rkey {
        uint64_t hash;
        uint32_t first, len, unit;
    } * keys;
    uint32_t nk;
    size_t capk;
};

/* 32-bit registers of a scalar type (i1: a predicate register, not counted). */
static uint32_t reg_weight(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMVoidTypeKind:
    case LLVMLabelTypeKind:
    case LLVMMetadataTypeKind:
        return 0;
    case LLVMIntegerTypeKind:
        return LLVMGetIntTypeWidth(t) == 1 ? 0 : (LLVMGetIntTypeWidth(t) + 31) / 32;
    case LLVMHalfTypeKind:
    case LLVMBFloatTypeKind:
    case LLVMFloatTypeKind:
        return 1;
    default:
        return 2; /* pointers, double */
    }
}

/* Scalar leaves of a type (vectors by element, aggregates flattened). */
static uint32_t leaf_count(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMVoidTypeKind:
    case LLVMLabelTypeKind:
    case LLVMMetadataTypeKind:
        return 0;
    case LLVMVectorTypeKind:
        return LLVMGetVectorSize(t);
    case LLVMArrayTypeKind:
        return LLVMGetArrayLength(t) * leaf_count(LLVMGetElementType(t));
    case LLVMStructTypeKind: {
        uint32_t n = 0, k = LLVMCountStructElementTypes(t);
        for (uint32_t i = 0; i < k; i++)
            n += leaf_count(LLVMStructGetTypeAtIndex(t, i));
        return n;
    }
    default:
        return 1;
    }
}

/* Appends the weights of the leaves of t to *w (n of them; *w has room for leaf_count(t)). */
static void leaf_weights(LLVMTypeRef t, uint8_t *w, uint32_t *n)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMVoidTypeKind:
    case LLVMLabelTypeKind:
    case LLVMMetadataTypeKind:
        return;
    case LLVMVectorTypeKind: {
        uint32_t k = LLVMGetVectorSize(t), ew = reg_weight(LLVMGetElementType(t));
        for (uint32_t i = 0; i < k; i++)
            w[(*n)++] = (uint8_t)ew;
        return;
    }
    case LLVMArrayTypeKind: {
        uint32_t k = LLVMGetArrayLength(t);
        for (uint32_t i = 0; i < k; i++)
            leaf_weights(LLVMGetElementType(t), w, n);
        return;
    }
    case LLVMStructTypeKind: {
        uint32_t k = LLVMCountStructElementTypes(t);
        for (uint32_t i = 0; i < k; i++)
            leaf_weights(LLVMStructGetTypeAtIndex(t, i), w, n);
        return;
    }
    default: {
        uint32_t r = reg_weight(t);
        w[(*n)++] = (uint8_t)(r > 255 ? 255 : r);
        return;
    }
    }
}

/* Leaf offset of an extractvalue/insertvalue index path into aggregate type t. */
static uint32_t leaf_offset(LLVMTypeRef t, const unsigned *idx, unsigned n)
{
    uint32_t off = 0;
    for (unsigned i = 0; i < n; i++) {
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            for (unsigned k = 0; k < idx[i]; k++)
                off += leaf_count(LLVMStructGetTypeAtIndex(t, k));
            t = LLVMStructGetTypeAtIndex(t, idx[i]);
        } else {
            t = LLVMGetElementType(t);
            off += idx[i] * leaf_count(t);
        }
    }
    return off;
}

static uint32_t r_new_unit(struct rstate *rs, uint32_t w)
{
    if (!w)
        return UNIT_NONE;
    GROW(rs->uw, rs->nu, rs->capu);
    rs->uw[rs->nu] = (uint8_t)(w > 255 ? 255 : w);
    return rs->nu++;
}

static void r_push(struct rstate *rs, uint32_t u)
{
    GROW(rs->lst, rs->nlst, rs->caplst);
    rs->lst[rs->nlst++] = u;
}

/* Value index of an instruction or parameter of the function, or UINT32_MAX. */
static uint32_t r_vidx(struct rstate *rs, LLVMValueRef v)
{
    struct fstate *fs = rs->fs;
    uint32_t pc;
    if (LLVMIsAInstruction(v) && pmap_get(&fs->irpc, v, &pc))
        return pc;
    if (LLVMIsAArgument(v))
        for (uint32_t a = 0; a < fs->f->nparams; a++)
            if (LLVMGetParam(fs->fn, a) == v)
                return fs->f->nir + a;
    return UINT32_MAX;
}

/* The units of operand v (NULL / 0 for constants, kernel parameters, unprocessed values). */
static const uint32_t *r_units(struct rstate *rs, LLVMValueRef v, uint32_t *n)
{
    uint32_t i = r_vidx(rs, v);
    *n = 0;
    if (i == UINT32_MAX || !rs->vdone[i])
        return NULL;
    *n = rs->vn[i];
    return rs->lst + rs->vfirst[i];
}

/* Gives value i fresh units, one per leaf of type t. */
static void r_fresh(struct rstate *rs, uint32_t i, LLVMTypeRef t)
{
    uint32_t nl = leaf_count(t), k = 0;
    uint8_t wbuf[64], *w = nl <= 64 ? wbuf : malloc(nl);
    if (!w)
        abort();
    leaf_weights(t, w, &k);
    rs->vfirst[i] = (uint32_t)rs->nlst;
    rs->vn[i] = k;
    for (uint32_t j = 0; j < k; j++)
        r_push(rs, r_new_unit(rs, w[j]));
    if (w != wbuf)
        free(w);
}

/* Value i designates the units of its operands (a renaming / forwarding instruction). */
static void r_forward(struct rstate *rs, uint32_t i, LLVMValueRef I)
{
    rs->vfirst[i] = (uint32_t)rs->nlst;
    int no = LLVMGetNumOperands(I);
    for (int k = 0; k < no; k++) {
        uint32_t n;
        const uint32_t *u = r_units(rs, LLVMGetOperand(I, (unsigned)k), &n);
        size_t at = u ? (size_t)(u - rs->lst) : 0;
        for (uint32_t j = 0; j < n; j++)
            r_push(rs, rs->lst[at + j]); /* r_push may move lst: index it */
    }
    rs->vn[i] = (uint32_t)(rs->nlst - rs->vfirst[i]);
}

/* Identity of an address component: 1<<62 | unit for values with a register, 2<<62 | param
 * for parameters read from the constant bank, 0 for constants that fold into an immediate
 * (shared / constant / local windows, allocas), 3<<62 | hash of the constant otherwise. */
static uint64_t r_ident(struct rstate *rs, LLVMValueRef v)
{
    uint32_t n, i = r_vidx(rs, v);
    const uint32_t *u = r_units(rs, v, &n);
    for (uint32_t j = 0; j < n; j++)
        if (u[j] != UNIT_NONE)
            return 1ull << 62 | u[j];
    if (i != UINT32_MAX && i >= rs->fs->f->nir)
        return 2ull << 62 | (i - rs->fs->f->nir);
    if (i != UINT32_MAX) /* an instruction without a register (alloca, ...) */
        return 0;
    LLVMValueRef c = v;
    for (int d = 0; d < 8 && LLVMIsAConstantExpr(c) && LLVMGetNumOperands(c) > 0; d++)
        c = LLVMGetOperand(c, 0);
    if (LLVMGetTypeKind(LLVMTypeOf(c)) == LLVMPointerTypeKind) {
        unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(c));
        if (as == 3 || as == 4 || as == 5)
            return 0;
    }
    return 3ull << 62 | ((uint64_t)phash(c) & ((1ull << 62) - 1));
}

/* Adds index value v * scale to the address terms of a key: looks through the integer
 * arithmetic a back end folds into an address (sign/zero extension, adding or subtracting a
 * constant, shifting or multiplying by a constant), so that &a[i + 3] and &a[i - 1] share
 * the register of &a[i] (32-bit shared-memory indices are extended this way). */
static void r_key_term(struct rstate *rs, LLVMValueRef v, uint64_t scale, uint64_t *key,
                       uint32_t *nkw, uint32_t cap, int depth)
{
    if (LLVMIsAConstantInt(v))
        return;
    if (depth < 8 && LLVMIsAInstruction(v)) {
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        LLVMValueRef b = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
        int bc = b && LLVMIsAConstantInt(b) && int_width(LLVMTypeOf(b)) <= 64;
        uint64_t cb = bc ? LLVMConstIntGetZExtValue(b) : 0;
        if (op == LLVMSExt || op == LLVMZExt) {
            r_key_term(rs, LLVMGetOperand(v, 0), scale, key, nkw, cap, depth + 1);
            return;
        }
        if ((op == LLVMAdd || op == LLVMSub) && bc) {
            r_key_term(rs, LLVMGetOperand(v, 0), scale, key, nkw, cap, depth + 1);
            return;
        }
        if (op == LLVMShl && bc && cb < 32) {
            r_key_term(rs, LLVMGetOperand(v, 0), scale << cb, key, nkw, cap, depth + 1);
            return;
        }
        if (op == LLVMMul && bc) {
            r_key_term(rs, LLVMGetOperand(v, 0), scale * cb, key, nkw, cap, depth + 1);
            return;
        }
    }
    uint64_t id = r_ident(rs, v);
    for (uint32_t at = 1; at < *nkw; at += 2)
        if (key[at] == id) { /* the same index twice: one term */
            key[at + 1] += scale;
            return;
        }
    if (*nkw + 2 > cap)
        return;
    /* insert (id, scale) keeping the terms sorted by id */
    uint32_t at = 1;
    while (at < *nkw && key[at] < id)
        at += 2;
    memmove(&key[at + 2], &key[at], (*nkw - at) * sizeof(key[0]));
    key[at] = id;
    key[at + 1] = scale;
    *nkw += 2;
}

/* The unit of the address key of a variable getelementptr (created on first use). */
static uint32_t r_gep_key(struct rstate *rs, LLVMValueRef I)
{
    struct mstate *ms = rs->fs->ms;
    uint64_t key[1 + 2 * 64];
    uint32_t nkw = 0;
    key[nkw++] = r_ident(rs, LLVMGetOperand(I, 0));
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(I);
    unsigned n = (unsigned)LLVMGetNumOperands(I);
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef iv = LLVMGetOperand(I, i);
        uint64_t scale;
        if (i == 1) {
            scale = LLVMABISizeOfType(ms->td, ty);
        } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
            ty = LLVMStructGetTypeAtIndex(ty, (unsigned)LLVMConstIntGetZExtValue(iv));
            continue;
        } else {
            ty = LLVMGetElementType(ty);
            scale = LLVMABISizeOfType(ms->td, ty);
        }
        r_key_term(rs, iv, scale, key, &nkw, 1 + 2 * 64, 0);
    }
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < nkw; i++)
        h = (h ^ key[i]) * 1099511628211ull;
    for (uint32_t k = 0; k < rs->nk; k++)
        if (rs->keys[k].hash == h && rs->keys[k].len == nkw &&
            memcmp(rs->kbuf + rs->keys[k].first, key, nkw * sizeof(key[0])) == 0)
            return rs->keys[k].unit;
    GROW(rs->keys, rs->nk, rs->capk);
    for (uint32_t i = 0; i < nkw; i++) {
        GROW(rs->kbuf, rs->nkbuf, rs->capkbuf);
        rs->kbuf[rs->nkbuf++] = key[i];
    }
    struct rkey *k = &rs->keys[rs->nk++];
    k->hash = h;
    k->first = (uint32_t)(rs->nkbuf - nkw);
    k->len = nkw;
    k->unit = r_new_unit(rs, 2);
    return k->unit;
}

/* Assigns the units of instruction pc (value index pc). */
static void r_assign(struct rstate *rs, uint32_t pc)
{
    struct fstate *fs = rs->fs;
    LLVMValueRef I = fs->insts[pc];
    LLVMTypeRef t = LLVMTypeOf(I);
    int is_free = fs->f->sinsts[pc].iclass == SIMT_IC_FREE;
    LLVMOpcode opc = LLVMGetInstructionOpcode(I);
    rs->vdone[pc] = 1;
    rs->isuse[pc] = !is_free;
    rs->isdef[pc] = !is_free;
    if (opc == LLVMPHI) {
        rs->isuse[pc] = 0; /* incoming values are live out of the predecessors */
        rs->isdef[pc] = 1;
        r_fresh(rs, pc, t);
        return;
    }
    if (opc == LLVMGetElementPtr && !is_free && LLVMGetTypeKind(t) != LLVMVectorTypeKind) {
        rs->vfirst[pc] = (uint32_t)rs->nlst;
        rs->vn[pc] = 1;
        uint32_t u = r_gep_key(rs, I);
        r_push(rs, u);
        return;
    }
    if (!is_free) {
        r_fresh(rs, pc, t);
        return;
    }
    uint32_t nl = leaf_count(t);
    /* renamings of parts of aggregates: only when the operand's units match its leaves */
    if (opc == LLVMExtractValue || opc == LLVMExtractElement) {
        LLVMValueRef a = LLVMGetOperand(I, 0);
        uint32_t n;
        const uint32_t *u = r_units(rs, a, &n);
        uint32_t off = UINT32_MAX;
        if (!n) { /* a part of a constant or of a kernel parameter */
            rs->vfirst[pc] = (uint32_t)rs->nlst;
            rs->vn[pc] = 0;
            return;
        }
        if (n == leaf_count(LLVMTypeOf(a))) {
            if (opc == LLVMExtractValue)
                off = leaf_offset(LLVMTypeOf(a), LLVMGetIndices(I), LLVMGetNumIndices(I));
            else if (LLVMIsAConstantInt(LLVMGetOperand(I, 1)))
                off = (uint32_t)LLVMConstIntGetZExtValue(LLVMGetOperand(I, 1));
        }
        if (off != UINT32_MAX && off + nl <= n) {
            rs->vfirst[pc] = (uint32_t)(u - rs->lst) + off;
            rs->vn[pc] = nl;
            return;
        }
    } else if (opc == LLVMInsertValue || opc == LLVMInsertElement || opc == LLVMShuffleVector) {
        LLVMValueRef a = LLVMGetOperand(I, 0), b = LLVMGetOperand(I, 1);
        uint32_t na, nb;
        r_units(rs, a, &na);
        r_units(rs, b, &nb);
        int ok = 1;
        /* constant operands (undef, poison, zeroinitializer) have no units at all */
        if (na && na != leaf_count(LLVMTypeOf(a)))
            ok = 0;
        if (nb && nb != leaf_count(LLVMTypeOf(b)))
            ok = 0;
        uint32_t off = 0;
        if (opc == LLVMInsertValue)
            off = leaf_offset(t, LLVMGetIndices(I), LLVMGetNumIndices(I));
        else if (opc == LLVMInsertElement) {
            if (LLVMIsAConstantInt(LLVMGetOperand(I, 2)))
                off = (uint32_t)LLVMConstIntGetZExtValue(LLVMGetOperand(I, 2));
            else
                ok = 0;
        }
        if (ok) {
            uint32_t first = (uint32_t)rs->nlst;
            if (opc == LLVMShuffleVector) {
                uint32_t la = leaf_count(LLVMTypeOf(a));
                unsigned nm = LLVMGetNumMaskElements(I);
                for (unsigned k = 0; k < nm; k++) {
                    int mv = LLVMGetMaskValue(I, k);
                    uint32_t x = UNIT_NONE;
                    const uint32_t *ua = r_units(rs, a, &na), *ub = r_units(rs, b, &nb);
                    if (mv >= 0 && (uint32_t)mv < la)
                        x = (uint32_t)mv < na ? ua[mv] : UNIT_NONE;
                    else if (mv >= 0)
                        x = (uint32_t)mv - la < nb ? ub[mv - (int)la] : UNIT_NONE;
                    r_push(rs, x);
                }
            } else {
                uint32_t nbl = leaf_count(LLVMTypeOf(b));
                for (uint32_t k = 0; k < nl; k++) {
                    const uint32_t *ua = r_units(rs, a, &na), *ub = r_units(rs, b, &nb);
                    uint32_t x = UNIT_NONE;
                    if (k >= off && k < off + nbl)
                        x = nb ? ub[k - off] : UNIT_NONE;
                    else
                        x = na ? ua[k] : UNIT_NONE;
                    r_push(rs, x);
                }
            }
            rs->vfirst[pc] = first;
            rs->vn[pc] = (uint32_t)(rs->nlst - first);
            return;
        }
    } else {
        r_forward(rs, pc, I);
        return;
    }
    /* a renaming the estimate cannot follow: count it as a real instruction */
    rs->isuse[pc] = 1;
    rs->isdef[pc] = 1;
    r_fresh(rs, pc, t);
}

/* Register estimate of a function (its own, calls excluded): see the comment above. Call
 * sites are recorded in f->reg_calls as (callee module index or UINT32_MAX for an indirect
 * call, 32-bit registers live across the call). */
static uint32_t estimate_registers(struct fstate *fs)
{
    struct xfunc *f = fs->f;
    uint32_t nir = f->nir, nb = fs->nb, nv = nir + f->nparams;
    struct rstate rs;
    memset(&rs, 0, sizeof(rs));
    rs.fs = fs;
    rs.nv = nv;
    rs.vfirst = calloc(nv + 1, sizeof(uint32_t));
    rs.vn = calloc(nv + 1, sizeof(uint32_t));
    rs.vdone = calloc(nv + 1, 1);
    rs.isdef = calloc(nir + 1, 1);
    rs.isuse = calloc(nir + 1, 1);
    uint32_t *order = calloc(nb + 1, sizeof(uint32_t)), *stack = calloc(nb + 1, sizeof(uint32_t)),
             *next = calloc(nb + 1, sizeof(uint32_t));
    uint8_t *seen = calloc(nb + 1, 1);
    uint64_t *mem = NULL, *phiout = NULL;
    uint32_t maxp = 0;
    if (!rs.vfirst || !rs.vn || !rs.vdone || !rs.isdef || !rs.isuse || !order || !stack || !next ||
        !seen)
        goto out;
    /* parameters: registers in device functions, the constant bank in kernels */
    for (uint32_t a = 0; a < f->nparams; a++) {
        rs.vdone[nir + a] = 1;
        rs.vfirst[nir + a] = (uint32_t)rs.nlst;
        if (!f->is_kernel && !f->param_byval[a])
            r_fresh(&rs, nir + a, LLVMTypeOf(LLVMGetParam(fs->fn, a)));
    }
    /* units in reverse post-order (definitions before uses), unreachable blocks last */
    uint32_t no = 0;
    if (nb) {
        uint32_t sp = 0;
        uint32_t *post = calloc(nb + 1, sizeof(uint32_t));
        uint32_t np = 0;
        if (!post)
            goto out;
        stack[sp++] = 0;
        seen[0] = 1;
        while (sp) {
            uint32_t b = stack[sp - 1];
            if (next[b] < f->sblocks[b].nsucc) {
                uint32_t s = f->ssuccs[f->sblocks[b].succ_first + next[b]++];
                if (!seen[s]) {
                    seen[s] = 1;
                    stack[sp++] = s;
                }
            } else {
                post[np++] = b;
                sp--;
            }
        }
        while (np)
            order[no++] = post[--np];
        for (uint32_t b = 0; b < nb; b++)
            if (!seen[b])
                order[no++] = b;
        free(post);
    }
    for (uint32_t k = 0; k < no; k++) {
        const struct simt_sblock *sb = &f->sblocks[order[k]];
        for (uint32_t p = sb->first_pc; p < sb->first_pc + sb->ninst; p++)
            r_assign(&rs, p);
    }
    /* liveness over units */
    uint32_t nu = rs.nu;
    size_t words = (nu + 63) / 64 + 1;
    mem = calloc((size_t)nb * 4 * words + words, 8);
    phiout = calloc((size_t)nb * words + 1, 8);
    if (!mem || !phiout)
        goto out;
    uint64_t *use = mem, *def = use + nb * words, *in = def + nb * words, *outs = in + nb * words,
             *live = outs + nb * words;
#define BS(set, b) ((set) + (size_t)(b)*words)
#define SETB(p, i) ((p)[(i) / 64] |= 1ull << ((i) % 64))
#define CLRB(p, i) ((p)[(i) / 64] &= ~(1ull << ((i) % 64)))
#define TSTB(p, i) (((p)[(i) / 64] >> ((i) % 64)) & 1)
    for (uint32_t b = 0; b < nb; b++) {
        const struct simt_sblock *sb = &f->sblocks[b];
        for (uint32_t p = sb->first_pc; p < sb->first_pc + sb->ninst; p++) {
            LLVMValueRef I = fs->insts[p];
            if (LLVMIsAPHINode(I)) {
                unsigned ni = LLVMCountIncoming(I);
                for (unsigned k = 0; k < ni; k++) {
                    uint32_t n, pb;
                    const uint32_t *u = r_units(&rs, LLVMGetIncomingValue(I, k), &n);
                    if (!pmap_get(&fs->bidx, LLVMGetIncomingBlock(I, k), &pb))
                        continue;
                    for (uint32_t j = 0; j < n; j++)
                        if (u[j] != UNIT_NONE)
                            SETB(BS(phiout, pb), u[j]);
                }
            } else if (rs.isuse[p]) {
                int nop = LLVMGetNumOperands(I);
                for (int k = 0; k < nop; k++) {
                    uint32_t n;
                    const uint32_t *u = r_units(&rs, LLVMGetOperand(I, (unsigned)k), &n);
                    for (uint32_t j = 0; j < n; j++)
                        if (u[j] != UNIT_NONE && !TSTB(BS(def, b), u[j]))
                            SETB(BS(use, b), u[j]);
                }
            }
            if (rs.isdef[p])
                for (uint32_t j = 0; j < rs.vn[p]; j++)
                    if (rs.lst[rs.vfirst[p] + j] != UNIT_NONE)
                        SETB(BS(def, b), rs.lst[rs.vfirst[p] + j]);
        }
    }
    int changed = 1;
    for (int iter = 0; changed && iter < 10000; iter++) {
        changed = 0;
        for (uint32_t k = no; k-- > 0;) {
            uint32_t b = order[k];
            uint64_t *o = BS(outs, b);
            memcpy(o, BS(phiout, b), words * 8);
            for (uint32_t s = 0; s < f->sblocks[b].nsucc; s++) {
                const uint64_t *si = BS(in, f->ssuccs[f->sblocks[b].succ_first + s]);
                for (size_t w = 0; w < words; w++)
                    o[w] |= si[w];
            }
            uint64_t *ib = BS(in, b);
            for (size_t w = 0; w < words; w++) {
                uint64_t nwv = BS(use, b)[w] | (o[w] & ~BS(def, b)[w]);
                if (nwv != ib[w]) {
                    ib[w] = nwv;
                    changed = 1;
                }
            }
        }
    }
    /* pressure, block by block, backwards */
    size_t capcalls = 0;
    for (uint32_t b = 0; b < nb; b++) {
        memcpy(live, BS(outs, b), words * 8);
        uint32_t pr = 0;
        for (uint32_t u = 0; u < nu; u++)
            if (TSTB(live, u))
                pr += rs.uw[u];
        if (pr > maxp)
            maxp = pr;
        const struct simt_sblock *sb = &f->sblocks[b];
        for (uint32_t p = sb->first_pc + sb->ninst; p-- > sb->first_pc;) {
            LLVMValueRef I = fs->insts[p];
            const uint32_t *du = rs.lst + rs.vfirst[p];
            uint32_t dn = rs.isdef[p] ? rs.vn[p] : 0, dead = 0, across = pr;
            for (uint32_t j = 0; j < dn; j++) {
                if (du[j] == UNIT_NONE)
                    continue;
                if (TSTB(live, du[j])) {
                    across -= rs.uw[du[j]];
                } else {
                    dead += rs.uw[du[j]];
                    SETB(live, du[j]); /* written, then dead: counted once below */
                }
            }
            if (pr + dead > maxp)
                maxp = pr + dead;
            pr += dead;
            if (f->sinsts[p].iclass == SIMT_IC_CALL) {
                GROW(f->reg_calls, f->nreg_calls * 2 + 1, capcalls);
                f->reg_calls[f->nreg_calls * 2] =
                    (f->sinsts[p].flags & SIMT_IF_INDIRECT) ? UINT32_MAX : f->sinsts[p].callee;
                f->reg_calls[f->nreg_calls * 2 + 1] = across;
                f->nreg_calls++;
            }
            for (uint32_t j = 0; j < dn; j++)
                if (du[j] != UNIT_NONE && TSTB(live, du[j])) {
                    CLRB(live, du[j]);
                    pr -= rs.uw[du[j]];
                }
            if (rs.isuse[p]) {
                int nop = LLVMGetNumOperands(I);
                for (int k = 0; k < nop; k++) {
                    uint32_t n;
                    const uint32_t *u = r_units(&rs, LLVMGetOperand(I, (unsigned)k), &n);
                    for (uint32_t j = 0; j < n; j++)
                        if (u[j] != UNIT_NONE && !TSTB(live, u[j])) {
                            SETB(live, u[j]);
                            pr += rs.uw[u[j]];
                        }
                }
            }
            if (pr > maxp)
                maxp = pr;
        }
    }
#undef BS
#undef SETB
#undef CLRB
#undef TSTB
out:
    free(mem);
    free(phiout);
    free(order);
    free(stack);
    free(next);
    free(seen);
    free(rs.vfirst);
    free(rs.vn);
    free(rs.vdone);
    free(rs.lst);
    free(rs.uw);
    free(rs.isdef);
    free(rs.isuse);
    free(rs.kbuf);
    free(rs.keys);
    return maxp;
}

/* Kernels: exit_bound[pc] = 1 when every path from internal pc reaches the kernel's `ret`
 * executing only side-effect-free register operations (no memory access, call, barrier,
 * warp or runtime intrinsic, no switch): threads parked there are as good as exited (the
 * front end merges the `return`s of `if (i >= n) return;` into the kernel's one exit
 * block, where the returning threads wait under PDOM reconvergence). A greatest fixed
 * point over the code. */
static int pure_intrinsic(uint32_t sub)
{
    switch (sub) {
    case XI_SREG:
    case XI_FMA:
    case XI_IMINMAX:
    case XI_FMINMAX:
    case XI_ABS:
    case XI_CTPOP:
    case XI_CTLZ:
    case XI_CTTZ:
    case XI_BSWAP:
    case XI_BITREV:
    case XI_FSHL:
    case XI_FSHR:
    case XI_FUNARY:
    case XI_COPYSIGN:
    case XI_OVF:
    case XI_SATADD:
    case XI_MULHI:
    case XI_POPC_BREV:
    case XI_FRCP:
    case XI_FPOW:
        return 1;
    default:
        return 0;
    }
}

static void compute_exit_bound(struct xfunc *f)
{
    uint32_t n = f->ncode;
    f->exit_bound = calloc(n + 1, 1);
    if (!f->exit_bound)
        return; /* no exit-bound points: barriers after early returns are then errors */
    for (uint32_t pc = 0; pc < n; pc++) {
        const struct xinst *x = &f->code[pc];
        switch (x->op) {
        case OP_LOAD:
        case OP_STORE:
        case OP_ATOMIC:
        case OP_CMPXCHG:
        case OP_FENCE:
        case OP_SWITCH:
        case OP_UNREACHABLE:
        case OP_CALL:
        case OP_ICALL:
        case OP_NATIVE:
        case OP_UNKNOWN:
            break;
        case OP_INTRIN:
            f->exit_bound[pc] = (uint8_t)pure_intrinsic(x->sub);
            break;
        default:
            f->exit_bound[pc] = 1;
        }
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t pc = n; pc-- > 0;) {
            if (!f->exit_bound[pc])
                continue;
            const struct xinst *x = &f->code[pc];
            int ok;
            if (x->op == OP_RET)
                ok = 1;
            else if (x->op == OP_BR)
                ok = f->exit_bound[f->edges[x->aux].target];
            else if (x->op == OP_CONDBR)
                ok = f->exit_bound[f->edges[x->aux].target] &&
                     f->exit_bound[f->edges[x->aux + 1].target];
            else
                ok = pc + 1 < n && f->exit_bound[pc + 1];
            if (!ok) {
                f->exit_bound[pc] = 0;
                changed = 1;
            }
        }
    }
}

static simt_err xl_function(struct mstate *ms, struct xfunc *f, LLVMValueRef fn)
{
    struct fstate fs;
    memset(&fs, 0, sizeof(fs));
    fs.ms = ms;
    fs.f = f;
    fs.fn = fn;
    simt_err e = SIMT_ERR_OK;
    uint32_t *nsucc = NULL, *sfirst = NULL, *ipdom = NULL;

    /* blocks and IR pcs */
    fs.nb = LLVMCountBasicBlocks(fn);
    fs.blocks = calloc(fs.nb + 1, sizeof(*fs.blocks));
    LLVMGetBasicBlocks(fn, fs.blocks);
    f->nblocks = fs.nb;
    uint32_t nir = 0;
    for (uint32_t b = 0; b < fs.nb; b++) {
        pmap_put(&fs.bidx, fs.blocks[b], b);
        for (LLVMValueRef I = LLVMGetFirstInstruction(fs.blocks[b]); I;
             I = LLVMGetNextInstruction(I))
            nir++;
    }
    f->nir = nir;
    fs.insts = calloc(nir + 1, sizeof(*fs.insts));
    fs.fused = calloc(nir + 1, 1);
    fs.fuse_op = calloc(nir + 1, sizeof(uint32_t));
    f->sinsts = calloc(nir + 1, sizeof(*f->sinsts));
    f->sblocks = calloc(fs.nb + 1, sizeof(*f->sblocks));
    f->block_start = calloc(fs.nb + 1, sizeof(uint32_t));
    uint32_t pc = 0;
    /* params */
    f->nparams = LLVMCountParams(fn);
    f->param_slot = calloc(f->nparams + 1, sizeof(uint32_t));
    f->param_words = calloc(f->nparams + 1, sizeof(uint32_t));
    f->param_bytes = calloc(f->nparams + 1, sizeof(uint32_t));
    f->param_align = calloc(f->nparams + 1, sizeof(uint32_t));
    f->param_leaves = calloc(f->nparams + 1, sizeof(uint32_t));
    f->param_byval = calloc(f->nparams + 1, 1);
    unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
    unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
    for (uint32_t i = 0; i < f->nparams; i++) {
        LLVMValueRef p = LLVMGetParam(fn, i);
        LLVMTypeRef pt = LLVMTypeOf(p);
        f->param_words[i] = type_words(pt);
        f->param_slot[i] = new_slots(&fs, f->param_words[i]);
        pmap_put(&fs.vslot, p, f->param_slot[i]);
        LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(fn, i + 1, byval_kind);
        LLVMTypeRef vt = pt;
        if (bv) {
            vt = LLVMGetTypeAttributeValue(bv);
            f->param_byval[i] = 1;
        }
        f->param_bytes[i] = (uint32_t)LLVMABISizeOfType(ms->td, vt);
        f->param_align[i] = LLVMABIAlignmentOfType(ms->td, vt);
        LLVMAttributeRef pa = LLVMGetEnumAttributeAtIndex(fn, i + 1, align_kind);
        if (bv && pa && LLVMGetEnumAttributeValue(pa) > f->param_align[i])
            f->param_align[i] = (uint32_t)LLVMGetEnumAttributeValue(pa);
        uint32_t *lv = NULL, nl = 0;
        size_t capl = 0;
        if (!bv && type_leaves(ms, pt, 0, &lv, &nl, &capl)) {
            free(lv);
            e = simt_seterr(SIMT_ERR_UNSUPPORTED,
                            "%s: function %s: not supported: parameter %u "
                            "of bit-vector type",
                            ms->m->name, f->name, i);
            goto out;
        }
        f->param_leaves[i] = aux_push(&fs, nl / 2);
        for (uint32_t k = 0; k < nl; k++)
            aux_push(&fs, lv[k]);
        free(lv);
    }
    f->ret_words = type_words(LLVMGetReturnType(LLVMGlobalGetValueType(fn)));
    uint32_t reg = 0;
    for (uint32_t b = 0; b < fs.nb; b++) {
        f->sblocks[b].first_pc = pc;
        for (LLVMValueRef I = LLVMGetFirstInstruction(fs.blocks[b]); I;
             I = LLVMGetNextInstruction(I)) {
            fs.insts[pc] = I;
            pmap_put(&fs.irpc, I, pc);
            LLVMTypeRef t = LLVMTypeOf(I);
            if (LLVMGetTypeKind(t) != LLVMVoidTypeKind) {
                pmap_put(&fs.vslot, I, new_slots(&fs, type_words(t)));
                f->sinsts[pc].dst = ++reg;
            }
            f->sinsts[pc].block = b;
            pc++;
        }
        f->sblocks[b].ninst = pc - f->sblocks[b].first_pc;
    }
    f->nregs = reg;
    split_function_text(&fs, nir);
    plan_fusion(&fs);
    str_add(&fs, "");

    /* successors and ipdoms */
    nsucc = calloc(fs.nb + 1, sizeof(uint32_t));
    sfirst = calloc(fs.nb + 1, 4);
    size_t capss = 0;
    for (uint32_t b = 0; b < fs.nb; b++) {
        LLVMValueRef T = LLVMGetBasicBlockTerminator(fs.blocks[b]);
        sfirst[b] = f->nssuccs;
        if (!T)
            continue;
        unsigned ns = LLVMGetNumSuccessors(T);
        for (unsigned k = 0; k < ns; k++) {
            uint32_t bi = 0;
            pmap_get(&fs.bidx, LLVMGetSuccessor(T, k), &bi);
            GROW(f->ssuccs, f->nssuccs, capss);
            f->ssuccs[f->nssuccs++] = bi;
        }
        nsucc[b] = ns;
        f->sblocks[b].nsucc = ns;
        f->sblocks[b].succ_first = sfirst[b];
    }
    ipdom = calloc(fs.nb + 1, sizeof(uint32_t));
    compute_ipdom(fs.nb, sfirst, nsucc, f->ssuccs, ipdom);
    for (uint32_t b = 0; b < fs.nb; b++)
        f->sblocks[b].ipdom = ipdom[b];

    /* emit code */
    for (uint32_t b = 0; b < fs.nb && !e; b++) {
        f->block_start[b] = f->ncode;
        for (uint32_t p = f->sblocks[b].first_pc; p < f->sblocks[b].first_pc + f->sblocks[b].ninst;
             p++) {
            LLVMValueRef I = fs.insts[p];
            int cls = SIMT_IC_INT, msp = SIMT_MS_NONE;
            uint32_t abytes = 0, callee = SIMT_NO_FUNC;
            uint8_t iflags = 0;
            e = xl_inst(&fs, I, p, b, &cls, &msp, &abytes, &iflags, &callee);
            if (e)
                break;
            struct simt_sinst *si = &f->sinsts[p];
            si->iclass = (uint8_t)cls;
            si->mspace = (uint8_t)msp;
            si->access_bytes = abytes;
            si->flags = iflags;
            if (cls == SIMT_IC_COPY || msp == SIMT_MS_TEXTURE)
                si->flags |= SIMT_IF_VARSIZE;
            si->callee = callee;
            if (cls == SIMT_IC_BARRIER)
                barrier_operands(&fs, p, I, si);
            si->reconv_pc = SIMT_PC_EXIT;
            const char *fnm = NULL;
            unsigned fnl = 0;
            si->line = own_line(I, &fnm, &fnl);
            if (!f->source_file && si->line && fnm)
                f->source_file = strndup(fnm, fnl);
            char *tf;
            char *tp = (char *)inst_text(&fs, p, I, &tf);
            /* drop metadata attachments (", !tbaa !5") to keep the text short */
            char *md = strstr(tp, ", !");
            if (md)
                *md = 0;
            si->text = str_add(&fs, tp);
            if (tf)
                LLVMDisposeMessage(tf);
        }
    }
    if (e)
        goto out;
    /* ipdom-dependent fields: reconvergence pcs of terminators, edge targets */
    for (uint32_t b = 0; b < fs.nb; b++) {
        uint32_t tpc = f->sblocks[b].first_pc + f->sblocks[b].ninst - 1;
        if (ipdom[b] != SIMT_NO_BLOCK)
            f->sinsts[tpc].reconv_pc = f->sblocks[ipdom[b]].first_pc;
        if (f->sblocks[b].nsucc > 1)
            f->sinsts[tpc].flags |= SIMT_IF_COND;
    }
    for (uint32_t i = 0; i < f->nedges; i++)
        f->edges[i].target = f->block_start[f->edges[i].target];
    for (uint32_t i = 0; i < f->ncode; i++) {
        struct xinst *x = &f->code[i];
        if (x->op == OP_CONDBR || x->op == OP_SWITCH || x->op == OP_BR) {
            uint32_t b = f->sinsts[x->irpc].block;
            x->c = ipdom[b] == SIMT_NO_BLOCK ? RPC_EXIT : f->block_start[ipdom[b]];
            if (f->sblocks[b].nsucc > 1)
                x->flags |= XF_TRACEBR;
        }
    }
    /* sources (look through FREE instructions) */
    for (uint32_t p = 0; p < nir; p++) {
        LLVMValueRef I = fs.insts[p];
        struct simt_sinst *si = &f->sinsts[p];
        if (si->iclass == SIMT_IC_FREE)
            continue;
        if (LLVMIsAPHINode(I))
            continue;
        int no = LLVMGetNumOperands(I);
        for (int k = 0; k < no && si->nsrc < SIMT_MAX_SRCS; k++) {
            fs.src_budget = 256;
            collect_srcs(&fs, LLVMGetOperand(I, (unsigned)k), si->srcs, &si->nsrc, 0);
        }
        if (si->iclass == SIMT_IC_FREE)
            si->dst = 0;
    }
    for (uint32_t p = 0; p < nir; p++)
        if (f->sinsts[p].iclass == SIMT_IC_FREE)
            f->sinsts[p].nsrc = 0;
    /* invariant: executed cost of each IR instruction == 1 iff its class issues */
    {
        uint8_t *cost = calloc(nir + 1, 1);
        for (uint32_t i = 0; cost && i < f->ncode; i++)
            cost[f->code[i].irpc] += f->code[i].cost;
        for (uint32_t p = 0; cost && p < nir && !e; p++)
            if (cost[p] != (f->sinsts[p].iclass != SIMT_IC_FREE))
                e = simt_seterr(SIMT_ERR_INVARIANT,
                                "%s: function %s: instruction %u (%s): executed cost %u but class "
                                "%s",
                                ms->m->name, f->name, p, f->strings + f->sinsts[p].text, cost[p],
                                simt_iclass_name(f->sinsts[p].iclass));
        free(cost);
        if (e)
            goto out;
    }
    f->strings_size = (uint32_t)fs.nstr;
    f->reg_own = estimate_registers(&fs);
    if (f->is_kernel)
        compute_exit_bound(f);
    if (!f->nconst) { /* keep cpool non-NULL */
        f->cpool = calloc(WARP, 8);
    }
out:
    free(nsucc);
    free(sfirst);
    free(ipdom);
    free(fs.blocks);
    free(fs.insts);
    free(fs.fused);
    free(fs.fuse_op);
    free(fs.itext);
    if (fs.ftext)
        LLVMDisposeMessage(fs.ftext);
    pmap_free(&fs.vslot);
    pmap_free(&fs.cslot);
    pmap_free(&fs.irpc);
    pmap_free(&fs.bidx);
    return e;
}

/* Element k of a GEP operand: the operand itself when scalar (splat), else its k-th
 * element (a register word, or a constant element). */
static LLVMValueRef gep_elt(LLVMValueRef v, unsigned k, int *is_elt_const)
{
    *is_elt_const = 0;
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind)
        return v;
    if (LLVMIsAConstant(v)) {
        LLVMValueRef e = LLVMGetAggregateElement(v, k);
        *is_elt_const = 1;
        return e;
    }
    return v;
}

/* getelementptr: dst = base + imm + sum(index * scale). A vector GEP (vector base and/or
 * vector indices) computes one address per element: one OP_GEP per element, the first
 * carrying the instruction's cost. */
static simt_err xl_gep(struct fstate *fs, LLVMValueRef I, uint32_t irpc, uint32_t dst, int *cls)
{
    struct mstate *ms = fs->ms;
    LLVMTypeRef rt = LLVMTypeOf(I);
    unsigned nel = LLVMGetTypeKind(rt) == LLVMVectorTypeKind ? LLVMGetVectorSize(rt) : 1;
    int vec = LLVMGetTypeKind(rt) == LLVMVectorTypeKind;
    unsigned n = (unsigned)LLVMGetNumOperands(I);
    int variable = 0;
    for (unsigned i = 1; i < n; i++)
        variable |= !LLVMIsAConstant(LLVMGetOperand(I, i));
    for (unsigned k = 0; k < nel; k++) {
        LLVMValueRef bv = LLVMGetOperand(I, 0);
        uint32_t base;
        int bc;
        LLVMValueRef be = gep_elt(bv, k, &bc);
        if (!be)
            return ferr(fs, I, "vector getelementptr with an unreadable constant base");
        SIMT_TRY(ref(fs, be, &base));
        if (vec && !bc && LLVMGetTypeKind(LLVMTypeOf(bv)) == LLVMVectorTypeKind)
            base += k; /* element k of a vector register (or constant) */
        LLVMTypeRef ty = LLVMGetGEPSourceElementType(I);
        int64_t imm = 0;
        uint32_t terms[64];
        uint32_t nt = 0;
        for (unsigned i = 1; i < n; i++) {
            LLVMValueRef iv = LLVMGetOperand(I, i);
            int ic;
            LLVMValueRef ie = gep_elt(iv, k, &ic);
            if (!ie)
                return ferr(fs, I, "getelementptr with an unreadable constant index");
            uint64_t scale;
            if (i == 1) {
                scale = LLVMABISizeOfType(ms->td, ty);
            } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
                if (!LLVMIsAConstantInt(ie))
                    return ferr(fs, I, "getelementptr with a non-constant structure index");
                unsigned f = (unsigned)LLVMConstIntGetZExtValue(ie);
                imm += (int64_t)LLVMOffsetOfElement(ms->td, ty, f);
                ty = LLVMStructGetTypeAtIndex(ty, f);
                continue;
            } else {
                ty = LLVMGetElementType(ty);
                scale = LLVMABISizeOfType(ms->td, ty);
            }
            if (LLVMIsAConstantInt(ie)) {
                imm += (int64_t)sext_w(LLVMConstIntGetZExtValue(ie), int_width(LLVMTypeOf(ie))) *
                       (int64_t)scale;
            } else if (LLVMIsAConstant(ie) && (LLVMIsUndef(ie) || LLVMIsPoison(ie))) {
                continue; /* an undefined index: any value, 0 */
            } else {
                if (nt >= 16)
                    return ferr(fs, I, "getelementptr with more than 16 variable indices");
                SIMT_TRY(ref(fs, ie, &terms[nt * 4]));
                if (!ic && LLVMGetTypeKind(LLVMTypeOf(iv)) == LLVMVectorTypeKind)
                    terms[nt * 4] += k;
                terms[nt * 4 + 1] = int_width(LLVMTypeOf(ie));
                terms[nt * 4 + 2] = (uint32_t)scale;
                terms[nt * 4 + 3] = (uint32_t)(scale >> 32);
                nt++;
            }
        }
        struct xinst *x = emit(fs, nt || imm ? OP_GEP : OP_MOV, irpc, variable && k == 0);
        x->dst = dst + k;
        x->a = base;
        x->imm = imm;
        x->nel = 1;
        x->aux = aux_push(fs, nt);
        for (uint32_t i = 0; i < nt * 4; i++)
            aux_push(fs, terms[i]);
    }
    *cls = variable ? SIMT_IC_INT : SIMT_IC_FREE;
    return SIMT_ERR_OK;
}

/* The template of an inline-asm call from its printed form (`asm [sideeffect] "..."`, the LLVM
 * 16 C API has no accessor): LLVM's \XX escapes decoded, every run of white space made one
 * blank, none at either end. 0 if there is none or it does not fit in cap bytes. */
static int asm_template(const char *txt, char *out, size_t cap)
{
    const char *p = strstr(txt, " asm ");
    const char *q = p ? strchr(p, '"') : NULL;
    if (!q || cap == 0)
        return 0;
    size_t n = 0;
    int blank = 1; /* drops leading white space */
    for (q++; *q && *q != '"'; q++) {
        int ch = (unsigned char)*q;
        if (ch == '\\' && isxdigit((unsigned char)q[1]) && isxdigit((unsigned char)q[2])) {
            char hx[3] = {q[1], q[2], 0};
            ch = (int)strtol(hx, NULL, 16);
            q += 2;
        }
        if (isspace(ch)) {
            if (!blank && n + 1 < cap)
                out[n++] = ' ';
            blank = 1;
            continue;
        }
        if (n + 1 >= cap)
            return 0;
        out[n++] = (char)ch;
        blank = 0;
    }
    if (*q != '"')
        return 0;
    while (n && out[n - 1] == ' ')
        n--;
    out[n] = 0;
    return 1;
}

/* CUB's warp reduction and scan steps (warp_reduce_shfl.cuh, warp_scan_shfl.cuh): one shuffle
 * (two 32-bit halves for 64-bit types) whose result is added to an operand when the source lane
 * is valid. Builds the template for (sync, mode, type, family) into buf; returns the arguments
 * of value, offset, c, mask (-1: none) and addend. Families: 0 = 32-bit, 1 = 64-bit integer
 * scan, 2 = 64-bit integer reduction, 3 = f64. */
static void shfl_add_template(char *buf, size_t cap, int sync, const char *m, const char *t,
                              int fam)
{
    const char *sy = sync ? ".sync" : "";
    if (fam == 0)
        snprintf(buf, cap,
                 "{ .reg .%s r0; .reg .pred p; shfl%s.%s.b32 r0|p, $1, $2, $3%s; @p add.%s r0, "
                 "r0, $4; mov.%s $0, r0;}",
                 t, sy, m, sync ? ", $5" : "", t, t);
    else if (fam == 1)
        snprintf(buf, cap,
                 "{ .reg .%s r0; .reg .u32 lo; .reg .u32 hi; .reg .pred p; mov.b64 {lo, hi}, $1; "
                 "shfl%s.%s.b32 lo|p, lo, $2, $3%s; shfl%s.%s.b32 hi|p, hi, $2, $3%s; mov.b64 "
                 "r0, {lo, hi}; @p add.%s r0, r0, $4; mov.%s $0, r0;}",
                 t, sy, m, sync ? ", $5" : "", sy, m, sync ? ", $5" : "", t, t);
    else if (fam == 2)
        snprintf(buf, cap,
                 "{ .reg .u32 lo; .reg .u32 hi; .reg .pred p; mov.b64 {lo, hi}, $1; shfl%s.%s.b32 "
                 "lo|p, lo, $2, $3%s; shfl%s.%s.b32 hi|p, hi, $2, $3%s; mov.b64 $0, {lo, hi}; @p "
                 "add.%s $0, $0, $1;}",
                 sy, m, sync ? ", $4" : "", sy, m, sync ? ", $4" : "", t);
    else
        snprintf(buf, cap,
                 "{ .reg .u32 lo; .reg .u32 hi; .reg .pred p; .reg .f64 r0; mov.b64 $0, $1; "
                 "mov.b64 {lo, hi}, $1; shfl%s.%s.b32 lo|p, lo, $2, $3%s; shfl%s.%s.b32 hi|p, hi, "
                 "$2, $3%s; mov.b64 r0, {lo, hi}; @p add.f64 $0, $0, r0;}",
                 sy, m, sync ? ", $4" : "", sy, m, sync ? ", $4" : "");
}

/* Straight-line inline PTX arithmetic (XI_PTXALU; engine.h gives the program layout). Programs
 * write short asm statements for what CUDA C++ has no operator for - carry chains of
 * multi-word arithmetic (add.cc/addc), mad.lo/mul.wide, lop3, bfind, cvt with a rounding mode,
 * setp/selp - which no fixed template can cover, so such a template is parsed into a small
 * program of PTX ALU statements here and interpreted per lane. Anything outside that subset
 * (branches, labels, memory, special registers in a longer block, setp combiners) makes the
 * parse fail and the asm stays "not supported" when reached. */
#define PTXALU_MAXREG  96
#define PTXALU_MAXINST 128
struct ptxalu {
    unsigned nops;  /* operands $0 .. $nops-1 */
    unsigned nregs; /* registers in use (operands, locals, constants) */
    char names[PTXALU_MAXREG][24];
    uint8_t rw[PTXALU_MAXREG]; /* register width in bits (predicates 1) */
    uint32_t inst[PTXALU_MAXINST][3];
    unsigned ninst;
    uint64_t cval[PTXALU_MAXREG];
    uint8_t creg[PTXALU_MAXREG];
    unsigned nconst;
};

/* A type suffix: width in bits and PF_SIGNED/PF_FLOAT; 0 if it is none. */
static unsigned ptxalu_type(const char *t, unsigned *fl)
{
    static const struct {
        const char *n;
        unsigned w, f;
    } ty[] = {{"u8", 8, 0},          {"s8", 8, PF_SIGNED},   {"b8", 8, 0},
              {"u16", 16, 0},        {"s16", 16, PF_SIGNED}, {"b16", 16, 0},
              {"u32", 32, 0},        {"s32", 32, PF_SIGNED}, {"b32", 32, 0},
              {"u64", 64, 0},        {"s64", 64, PF_SIGNED}, {"b64", 64, 0},
              {"f32", 32, PF_FLOAT}, {"f64", 64, PF_FLOAT},  {"pred", 1, 0}};
    for (size_t i = 0; i < sizeof ty / sizeof ty[0]; i++)
        if (strcmp(t, ty[i].n) == 0) {
            *fl = ty[i].f;
            return ty[i].w;
        }
    return 0;
}

static int ptxalu_newreg(struct ptxalu *P, const char *name, unsigned w)
{
    if (P->nregs >= PTXALU_MAXREG || strlen(name) >= sizeof P->names[0])
        return -1;
    snprintf(P->names[P->nregs], sizeof P->names[0], "%s", name);
    P->rw[P->nregs] = (uint8_t)w;
    return (int)P->nregs++;
}

/* An operand: $k, a declared register, an integer or float literal (of the statement's type:
 * w bits, fl). The register number, or -1. */
static int ptxalu_operand(struct ptxalu *P, const char *tok, unsigned w, unsigned fl)
{
    while (*tok == ' ')
        tok++;
    if (tok[0] == '$') {
        char *e;
        unsigned long k = strtoul(tok + 1, &e, 10);
        return e != tok + 1 && *e == 0 && k < P->nops ? (int)k : -1;
    }
    for (unsigned r = P->nops; r < P->nregs; r++)
        if (P->names[r][0] && strcmp(P->names[r], tok) == 0)
            return (int)r;
    uint64_t v;
    char *e;
    if ((tok[0] == '0' && (tok[1] == 'f' || tok[1] == 'F' || tok[1] == 'd' || tok[1] == 'D')) &&
        isxdigit((unsigned char)tok[2])) {
        v = strtoull(tok + 2, &e, 16); /* 0f + 8 or 0d + 16 hex digits: the bits */
        if (*e)
            return -1;
        if ((tok[1] | 0x20) == 'f' && w == 64 && (fl & PF_FLOAT)) { /* f32 literal in f64 */
            uint32_t u = (uint32_t)v;
            float f;
            memcpy(&f, &u, 4);
            double d = f;
            memcpy(&v, &d, 8);
        }
    } else if ((fl & PF_FLOAT) && (strchr(tok, '.') || strchr(tok, 'e') || strchr(tok, 'E'))) {
        double d = strtod(tok, &e);
        if (*e || e == tok)
            return -1;
        if (w == 32) {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            v = u;
        } else {
            memcpy(&v, &d, 8);
        }
    } else if (isdigit((unsigned char)tok[0]) || tok[0] == '-') {
        v = (uint64_t)strtoll(tok, &e, 0);
        if (tok[0] != '-' && *e == 0)
            v = strtoull(tok, &e, 0);
        if (*e == 'U')
            e++;
        if (*e)
            return -1;
        if (fl & PF_FLOAT) { /* an integer literal in a float statement is its value */
            if (w == 32) {
                float f = (float)(int64_t)v;
                uint32_t u;
                memcpy(&u, &f, 4);
                v = u;
            } else {
                double d = (double)(int64_t)v;
                memcpy(&v, &d, 8);
            }
        }
    } else {
        return -1;
    }
    for (unsigned i = 0; i < P->nconst; i++) /* one register per distinct constant */
        if (P->cval[i] == v)
            return P->creg[i];
    int r = ptxalu_newreg(P, "", 64);
    if (r < 0)
        return -1;
    P->cval[P->nconst] = v;
    P->creg[P->nconst++] = (uint8_t)r;
    return r;
}

/* Splits s at top-level commas (not inside braces) into at most max trimmed tokens. */
static int ptxalu_split(char *s, char **tok, int max)
{
    int n = 0, depth = 0;
    char *start = s;
    for (char *p = s;; p++) {
        if (*p == '{')
            depth++;
        else if (*p == '}')
            depth--;
        if ((*p == ',' && depth == 0) || *p == 0) {
            int end = *p == 0;
            *p = 0;
            while (*start == ' ')
                start++;
            char *q = start + strlen(start);
            while (q > start && q[-1] == ' ')
                *--q = 0;
            if (n >= max)
                return -1;
            tok[n++] = start;
            if (end)
                break;
            start = p + 1;
        }
    }
    return n;
}

/* One statement ("@!p add.cc.u32 $0, $1, $2" without the ';'); 0 when understood. */
static int ptxalu_stmt(struct ptxalu *P, char *s)
{
    while (*s == ' ' || *s == '{' || *s == '}')
        s++;
    /* a scope's closing brace without a ';' before it; not a vector operand's {a, b} */
    int depth = 0;
    for (const char *c = s; *c; c++)
        depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
    char *q = s + strlen(s);
    while (q > s && (q[-1] == ' ' || (q[-1] == '}' && depth < 0))) {
        depth += q[-1] == '}';
        *--q = 0;
    }
    if (!*s)
        return 0;
    if (starts(s, ".reg ")) { /* .reg .TYPE a, b, c<4> */
        char *t = s + 5;
        if (*t != '.')
            return -1;
        char *sp = strchr(t, ' ');
        if (!sp)
            return -1;
        *sp = 0;
        unsigned fl, w = ptxalu_type(t + 1, &fl);
        if (!w)
            return -1;
        char *names[32];
        int n = ptxalu_split(sp + 1, names, 32);
        for (int i = 0; i < n; i++) {
            char *lt = strchr(names[i], '<');
            if (lt) { /* a parameterised name: name0 .. name<N-1> */
                long cnt = strtol(lt + 1, NULL, 10);
                *lt = 0;
                for (long k = 0; k < cnt && k < PTXALU_MAXREG; k++) {
                    char nm[32];
                    snprintf(nm, sizeof nm, "%s%ld", names[i], k);
                    if (ptxalu_newreg(P, nm, w) < 0)
                        return -1;
                }
            } else if (ptxalu_newreg(P, names[i], w) < 0) {
                return -1;
            }
        }
        return n > 0 ? 0 : -1;
    }
    unsigned pred = 0xff, pfl = 0;
    if (s[0] == '@') { /* @p / @!p */
        int neg = s[1] == '!';
        char *sp = strchr(s, ' ');
        if (!sp)
            return -1;
        *sp = 0;
        int r = ptxalu_operand(P, s + 1 + neg, 1, 0);
        if (r < 0)
            return -1;
        pred = (unsigned)r;
        pfl = neg ? PF_PNEG : 0;
        s = sp + 1;
    }
    char *sp = strchr(s, ' ');
    if (!sp)
        return -1;
    *sp = 0;
    /* opcode and modifiers */
    char *mod[8];
    int nm = 0;
    for (char *p = s; p;) {
        char *dot = strchr(p, '.');
        if (dot)
            *dot++ = 0;
        if (nm >= 8 || !*p)
            return -1;
        mod[nm++] = p;
        p = dot;
    }
    const char *opc = mod[0];
    unsigned w = 0, fl = 0, sw = 0, sfl = 0, ntypes = 0, cmp = PC_NUM_, rnd = PR_NONE;
    int lo = 0, hi = 0, wide = 0, cc = 0, uns_cmp = 0, approx = 0;
    for (int i = 1; i < nm; i++) {
        unsigned f2, w2 = ptxalu_type(mod[i], &f2);
        static const char *const cmps[] = {"eq", "ne", "lt", "le", "gt",
                                           "ge", "lo", "ls", "hi", "hs"};
        static const char *const rnds[] = {"", "rni", "rzi", "rmi", "rpi", "rn"};
        int done = 0;
        if (w2) {
            if (ntypes == 0)
                w = w2, fl = f2;
            else
                sw = w2, sfl = f2;
            ntypes++;
            done = 1;
        }
        static const unsigned cmpv[] = {PC_EQ, PC_NE, PC_LT, PC_LE, PC_GT,
                                        PC_GE, PC_LT, PC_LE, PC_GT, PC_GE};
        for (unsigned c = 0; !done && c < 10 && strcmp(mod[0], "setp") == 0; c++)
            if (strcmp(mod[i], cmps[c]) == 0) {
                cmp = cmpv[c];
                uns_cmp = c >= 6; /* lo/ls/hi/hs: unsigned comparisons */
                done = 1;
            }
        for (unsigned c = 1; !done && c < 6; c++)
            if (strcmp(mod[i], rnds[c]) == 0)
                rnd = c, done = 1;
        if (done)
            continue;
        if (strcmp(mod[i], "lo") == 0)
            lo = 1;
        else if (strcmp(mod[i], "hi") == 0)
            hi = 1;
        else if (strcmp(mod[i], "wide") == 0)
            wide = 1;
        else if (strcmp(mod[i], "cc") == 0)
            cc = 1;
        else if (strcmp(mod[i], "approx") == 0 || strcmp(mod[i], "full") == 0)
            approx = 1;
        else if (strcmp(mod[i], "ftz") == 0 || strcmp(mod[i], "sat") == 0 ||
                 strcmp(mod[i], "shiftamt") == 0 || strcmp(mod[i], "uni") == 0)
            ; /* ftz: denormals are kept, as everywhere in the tracer; sat only on cvt (below) */
        else
            return -1; /* .rz/.rm/.rp arithmetic, setp combiners, .clamp, ... */
    }
    (void)approx;
    char *ops[6];
    int no = ptxalu_split(sp + 1, ops, 6);
    if (no < 1 || !w)
        return -1;
    static const struct {
        const char *n;
        int op, fop, nsrc;
    } tab[] = {{"mov", PA_MOV, PA_MOV, 1},
               {"add", PA_ADD, PA_FADD, 2},
               {"addc", PA_ADD, -1, 2},
               {"sub", PA_SUB, PA_FSUB, 2},
               {"subc", PA_SUB, -1, 2},
               {"mul", PA_MULLO, PA_FMUL, 2},
               {"mad", PA_MADLO, PA_FFMA, 3},
               {"madc", PA_MADLO, -1, 3},
               {"fma", -1, PA_FFMA, 3},
               {"mul24", PA_MUL24LO, -1, 2},
               {"mad24", PA_MAD24LO, -1, 3},
               {"div", PA_DIV, PA_FDIV, 2},
               {"rem", PA_REM, -1, 2},
               {"and", PA_AND, -1, 2},
               {"or", PA_OR, -1, 2},
               {"xor", PA_XOR, -1, 2},
               {"not", PA_NOT, -1, 1},
               {"cnot", PA_CNOT, -1, 1},
               {"neg", PA_NEG, PA_FNEG, 1},
               {"abs", PA_ABS, PA_FABS, 1},
               {"min", PA_MIN, PA_FMIN, 2},
               {"max", PA_MAX, PA_FMAX, 2},
               {"shl", PA_SHL, -1, 2},
               {"shr", PA_SHR, -1, 2},
               {"popc", PA_POPC, -1, 1},
               {"clz", PA_CLZ, -1, 1},
               {"brev", PA_BREV, -1, 1},
               {"bfind", PA_BFIND, -1, 1},
               {"lop3", PA_LOP3, -1, 3},
               {"setp", PA_SETP, PA_SETP, 2},
               {"selp", PA_SELP, PA_SELP, 3},
               {"cvt", PA_CVT, PA_CVT, 1},
               {"bfe", PA_BFE, -1, 3},
               {"bfi", PA_BFI, -1, 4},
               {"prmt", PA_PRMT, -1, 3},
               {"sqrt", -1, PA_FSQRT, 1},
               {"rcp", -1, PA_FRCP, 1},
               {"rsqrt", -1, PA_FRSQRT, 1},
               {"ex2", -1, PA_FEX2, 1},
               {"lg2", -1, PA_FLG2, 1},
               {"sin", -1, PA_FSIN, 1},
               {"cos", -1, PA_FCOS, 1},
               {NULL, 0, 0, 0}};
    int ti = 0;
    while (tab[ti].n && strcmp(tab[ti].n, opc) != 0)
        ti++;
    if (!tab[ti].n || no != 1 + tab[ti].nsrc + (tab[ti].op == PA_LOP3))
        return -1;
    int isf = (fl & PF_FLOAT) && strcmp(opc, "cvt") != 0 && strcmp(opc, "setp") != 0 &&
              strcmp(opc, "selp") != 0 && strcmp(opc, "mov") != 0;
    int op = isf ? tab[ti].fop : tab[ti].op;
    if (op < 0 || (isf && rnd != PR_NONE && rnd != PR_RN))
        return -1;
    unsigned flags = (fl & (PF_SIGNED | PF_FLOAT)) | pfl;
    if (cc)
        flags |= PF_CC;
    if (strcmp(opc, "addc") == 0 || strcmp(opc, "subc") == 0 || strcmp(opc, "madc") == 0)
        flags |= PF_CIN;
    if (op == PA_MULLO || op == PA_MADLO) {
        if (hi)
            op = op == PA_MULLO ? PA_MULHI : PA_MADHI;
        else if (wide)
            op = op == PA_MULLO ? PA_MULWIDE : PA_MADWIDE;
        else if (!lo)
            return -1;
        if (wide && w > 32)
            return -1;
    }
    if (uns_cmp)
        flags &= ~(unsigned)PF_SIGNED;
    uint32_t extra = 0;
    int d = -1, a = -1, b = -1, c = -1;
    /* the type the sources are read as */
    unsigned srcw = w, srcfl = fl;
    if (op == PA_CVT) {
        if (ntypes != 2)
            return -1;
        srcw = sw, srcfl = sfl;
        /* float results of an integer or a narrower float: .rn (the default); float -> int
         * truncations need an rXi mode, as do float -> float roundings to an integral value
         * (cvt.rni.f32.f32); int -> int none */
        if ((fl & PF_FLOAT) && rnd != PR_RN && rnd != PR_NONE &&
            !((sfl & PF_FLOAT) && rnd >= PR_RNI && rnd <= PR_RPI))
            return -1;
        if (!(fl & PF_FLOAT) && (sfl & PF_FLOAT) && (rnd < PR_RNI || rnd > PR_RPI))
            return -1;
        extra = sw | sfl << 8 | rnd << 16;
    } else if (ntypes != 1) {
        return -1;
    }
    if (op == PA_SETP) {
        if (cmp == PC_NUM_ || strchr(ops[0], '|'))
            return -1;
        extra = cmp;
    } else if (cmp != PC_NUM_) {
        return -1;
    }
    if (op == PA_SHL || op == PA_SHR) { /* shift amounts are .u32 */
        b = ptxalu_operand(P, ops[2], 32, 0);
    }
    if (op == PA_MOV && (ops[0][0] == '{' || ops[1][0] == '{')) {
        /* mov.b64 d, {lo, hi} / mov.b64 {lo, hi}, s (and .b32 with 16-bit halves) */
        int packs = ops[1][0] == '{';
        char *br = packs ? ops[1] : ops[0];
        size_t bl = strlen(br);
        if (br[bl - 1] != '}')
            return -1;
        br[bl - 1] = 0;
        char *hv[2];
        if (ptxalu_split(br + 1, hv, 2) != 2)
            return -1;
        int h0 = ptxalu_operand(P, hv[0], w / 2, 0), h1 = ptxalu_operand(P, hv[1], w / 2, 0);
        int o = ptxalu_operand(P, packs ? ops[0] : ops[1], w, 0);
        if (h0 < 0 || h1 < 0 || o < 0)
            return -1;
        op = packs ? PA_PACK : PA_UNPACK;
        if (packs)
            d = o, a = h0, b = h1;
        else
            d = h0, a = o, extra = (uint32_t)h1;
    } else {
        d = ptxalu_operand(P, ops[0], op == PA_SETP ? 1 : w, fl);
        if (op == PA_MULWIDE || op == PA_MADWIDE) /* (d and the addend are 2w bits) */
            d = ptxalu_operand(P, ops[0], 2 * w, fl);
        a = ptxalu_operand(P, ops[1], srcw, srcfl);
        if (b < 0 && no > 2)
            b = ptxalu_operand(P, ops[2], op == PA_PRMT || op == PA_BFE ? 32 : w, fl);
        if (no > 3)
            c = ptxalu_operand(P, ops[3], op == PA_SELP ? 1 : w, op == PA_SELP ? 0 : fl);
        if (op == PA_BFI) {
            int e = ptxalu_operand(P, ops[4], 32, 0);
            if (e < 0)
                return -1;
            extra = (uint32_t)e;
        }
        if (op == PA_LOP3) {
            char *e;
            unsigned long lut = strtoul(ops[4], &e, 0);
            if (*e || lut > 255)
                return -1;
            extra = (uint32_t)lut;
        }
        if (d < 0 || a < 0 || (no > 2 && b < 0) || (no > 3 && c < 0))
            return -1;
    }
    if (P->ninst >= PTXALU_MAXINST)
        return -1;
    uint32_t *in = P->inst[P->ninst++];
    in[0] = (uint32_t)op | (w & 0xff) << 8 | flags << 16 | pred << 24;
    in[1] = (uint32_t)d | (uint32_t)(a < 0 ? 0 : a) << 8 | (uint32_t)(b < 0 ? 0 : b) << 16 |
            (uint32_t)(c < 0 ? 0 : c) << 24;
    in[2] = extra;
    return 0;
}

/* Parses the template str of an asm call I into an XI_PTXALU instruction; 0 if it is not a
 * straight-line ALU sequence (the caller then reports the asm as not supported). */
static int ptxalu_parse(struct fstate *fs, LLVMValueRef I, const char *txt, const char *str,
                        uint32_t irpc, uint32_t dst)
{
    /* the constraint string: the second quoted string of `asm [sideeffect] "tpl", "cons"` */
    const char *p = strstr(txt, " asm ");
    p = p ? strchr(p, '"') : NULL;
    while (p && *++p && *p != '"')
        if (*p == '\\' && p[1])
            p++;
    p = p && *p == '"' ? strchr(p + 1, '"') : NULL;
    const char *pe = p ? strchr(p + 1, '"') : NULL;
    if (!p || !pe || pe - p > 255)
        return 0;
    char cons[256];
    memcpy(cons, p + 1, (size_t)(pe - p - 1));
    cons[pe - p - 1] = 0;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(I);
    unsigned nout = 0, nin = 0;
    int tied[32];
    char *ctok[64];
    int nc = ptxalu_split(cons, ctok, 64);
    for (int i = 0; i < nc; i++) {
        if (ctok[i][0] == '~')
            continue; /* clobbers */
        if (strchr(ctok[i], '*') || strchr(ctok[i], 'm'))
            return 0; /* memory operands */
        if (ctok[i][0] == '=') {
            if (nin || nout >= 32)
                return 0;
            tied[nout++] = -1;
        } else {
            if (nout + nin >= 32)
                return 0;
            if (isdigit((unsigned char)ctok[i][0])) { /* tied to an output: its initial value */
                unsigned t = (unsigned)atoi(ctok[i]);
                if (t >= nout)
                    return 0;
                tied[t] = (int)nin;
            }
            nin++;
        }
    }
    if (nin != nargs || nout + nin > 32)
        return 0;
    LLVMTypeRef rt = LLVMTypeOf(I);
    if (nout == 0
            ? LLVMGetTypeKind(rt) != LLVMVoidTypeKind
            : type_words(rt) != nout || (nout > 1 && LLVMGetTypeKind(rt) != LLVMStructTypeKind))
        return 0;
    struct ptxalu *P = calloc(1, sizeof *P);
    if (!P)
        return 0;
    P->nops = P->nregs = nout + nin;
    uint32_t ow[32], iw[32];
    for (unsigned k = 0; k < nout + nin; k++) {
        LLVMTypeRef t = k < nout ? (nout == 1 ? rt : LLVMStructGetTypeAtIndex(rt, k))
                                 : LLVMTypeOf(LLVMGetOperand(I, k - nout));
        LLVMTypeKind tk = LLVMGetTypeKind(t);
        uint32_t wb = tk == LLVMIntegerTypeKind  ? int_width(t)
                      : tk == LLVMFloatTypeKind  ? 32 | PF_FLOAT << 8
                      : tk == LLVMDoubleTypeKind ? 64 | PF_FLOAT << 8
                                                 : 0;
        if (!wb || (wb & 0xff) > 64) {
            free(P);
            return 0;
        }
        if (k < nout)
            ow[k] = wb;
        else
            iw[k - nout] = wb;
        P->rw[k] = (uint8_t)(wb & 0xff);
    }
    /* statements: split at ';' (none inside a statement) */
    char buf[640];
    snprintf(buf, sizeof buf, "%s", str);
    int ok = 1;
    for (char *s = buf, *e; ok && s && *s; s = e) {
        e = strchr(s, ';');
        if (e)
            *e++ = 0;
        ok = ptxalu_stmt(P, s) == 0;
    }
    if (!ok || P->ninst == 0) {
        free(P);
        return 0;
    }
    uint32_t refs[32];
    for (unsigned j = 0; j < nin; j++)
        if (ref(fs, LLVMGetOperand(I, j), &refs[j])) {
            free(P);
            return 0;
        }
    struct xinst *x = emit(fs, OP_INTRIN, irpc, 1);
    x->sub = XI_PTXALU;
    x->dst = dst;
    x->aux = aux_push(fs, nout | nin << 8 | P->nregs << 16);
    aux_push(fs, P->ninst);
    aux_push(fs, P->nconst);
    for (unsigned k = 0; k < nout; k++)
        aux_push(fs, ow[k] | (uint32_t)(tied[k] + 1) << 16);
    for (unsigned j = 0; j < nin; j++) {
        aux_push(fs, refs[j]);
        aux_push(fs, iw[j]);
    }
    for (unsigned i = 0; i < P->nconst; i++) {
        aux_push(fs, P->creg[i]);
        aux_push(fs, (uint32_t)P->cval[i]);
        aux_push(fs, (uint32_t)(P->cval[i] >> 32));
    }
    for (unsigned i = 0; i < P->ninst; i++)
        for (int k = 0; k < 3; k++)
            aux_push(fs, P->inst[i][k]);
    free(P);
    return 1;
}

/* Inline PTX, recognised by its template: the idioms of CUDA code, clang's CUDA headers and the
 * CUDA libraries (CUB, thrust): activemask, shuffles (and CUB's shuffle-and-add steps), vote
 * ballots, bit-field extract/insert, byte permute, the video shift-and-add forms, funnel shifts,
 * special-register moves, single ld/st/red/atom statements (asm_mem), bar.sync 0 and named
 * barriers with operands (bar.sync $0, $1), membar/fence, trap, nanosleep. Anything else becomes an
 * instruction that reports "not supported" (with the asm text) when reached. */
/* The address operand `a` of a PTX access in the shared state space as a tracer address in
 * *out: PTX programs pass the 32-bit window offset __cvta_generic_to_shared gives ("r"
 * operands), or the whole address; either way the low 32 bits are the offset in the CTA's
 * window (SIMT_WIN_SHARED_BASE + offset; shared memory is far below 4 GiB). */
static simt_err asm_shared_addr(struct fstate *fs, LLVMValueRef I, uint32_t irpc, uint32_t a,
                                uint32_t *out)
{
    LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(I)));
    uint32_t lo, base;
    SIMT_TRY(cref(fs, LLVMConstInt(i64, 0xffffffffull, 0), &lo));
    SIMT_TRY(cref(fs, LLVMConstInt(i64, SIMT_WIN_SHARED_BASE, 0), &base));
    const uint32_t t = new_slots(fs, 1);
    struct xinst *x = emit(fs, OP_AND, irpc, 0);
    x->dst = t;
    x->a = a;
    x->b = lo;
    x->ty = 64;
    x->nel = 1;
    x = emit(fs, OP_OR, irpc, 0);
    x->dst = t;
    x->a = t;
    x->b = base;
    x->ty = 64;
    x->nel = 1;
    *out = t;
    return SIMT_ERR_OK;
}

/* Inline PTX memory statements, one per asm (PTX ISA "Data Movement and Conversion
 * Instructions: ld, st" and "Parallel Synchronization and Communication Instructions: atom,
 * red"), as hand-tuned CUDA code writes them: ld/st in any state space with the memory-order
 * (.weak/.volatile/.relaxed/.acquire/.release + scope), cache-operator, eviction (.L1::/.L2::)
 * and .nc qualifiers, scalar or .v2/.v4, and atom/red with every integer/float operation. Each
 * becomes the same instruction a C++ access would (OP_LOAD/OP_STORE/OP_ATOMIC/OP_CMPXCHG,
 * XI_ATOM_INC/DEC) with the space, size and class the trace needs. The qualifiers that only
 * order or cache accesses change nothing here: warps run one at a time and every access is
 * sequentially consistent. A single statement is one static instruction, so it has one class
 * and one address per thread; several memory statements in one asm stay "not supported". */
struct amop {
    int kind; /* 0 register $k, 1 {$k, ...}, 2 address [$k+imm], 3 integer immediate */
    int n;
    int reg[4];
    int64_t imm;
};

static const char *am_reg(const char *p, int *k)
{
    if (p[0] != '$' || !isdigit((unsigned char)p[1]))
        return NULL;
    char *e;
    long v = strtol(p + 1, &e, 10);
    if (v > 64)
        return NULL;
    *k = (int)v;
    return e;
}

static const char *am_operand(const char *p, struct amop *o)
{
    char *e;
    while (*p == ' ')
        p++;
    memset(o, 0, sizeof *o);
    if (*p == '{') {
        o->kind = 1;
        for (p++;;) {
            while (*p == ' ')
                p++;
            if (o->n == 4 || !(p = am_reg(p, &o->reg[o->n++])))
                return NULL;
            while (*p == ' ')
                p++;
            if (*p == '}')
                return p + 1;
            if (*p++ != ',')
                return NULL;
        }
    }
    if (*p == '[') {
        /* [$k], [$k+imm], [$k+-imm], [$k-imm] */
        o->kind = 2;
        for (p++; *p == ' ';)
            p++;
        if (!(p = am_reg(p, &o->reg[0])))
            return NULL;
        while (*p == ' ')
            p++;
        if (*p == '+' || *p == '-') {
            int neg = *p == '-';
            for (p++; *p == ' ';)
                p++;
            long long v = strtoll(p, &e, 0);
            if (e == p)
                return NULL;
            o->imm = neg ? -(int64_t)v : (int64_t)v;
            for (p = e; *p == ' ';)
                p++;
        }
        return *p == ']' ? p + 1 : NULL;
    }
    if (*p == '$') {
        o->n = 1;
        return am_reg(p, &o->reg[0]);
    }
    if (isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1]))) {
        o->kind = 3;
        o->imm = *p == '-' ? (int64_t)strtoll(p, &e, 0) : (int64_t)strtoull(p, &e, 0);
        if (*e == 'U')
            e++;
        return e;
    }
    return NULL;
}

/* Register width in bits of an asm operand's LLVM type (pointers 64) and whether it is a float
 * register; 0 if the type is no scalar register. */
static uint32_t am_width(LLVMTypeRef t, int *fp)
{
    *fp = 0;
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
        return LLVMGetIntTypeWidth(t) <= 64 ? LLVMGetIntTypeWidth(t) : 0;
    case LLVMPointerTypeKind:
        return 64;
    case LLVMHalfTypeKind:
    case LLVMBFloatTypeKind:
        *fp = 1;
        return 16;
    case LLVMFloatTypeKind:
        *fp = 1;
        return 32;
    case LLVMDoubleTypeKind:
        *fp = 1;
        return 64;
    default:
        return 0;
    }
}

/* Translates str if it is one supported ld/st/red/atom statement: 1 (emitted) or 0 (not one;
 * the caller goes on), errors in *err. */
static int asm_mem(struct fstate *fs, LLVMValueRef I, uint32_t irpc, uint32_t dst, const char *str,
                   int *cls, int *msp, uint32_t *abytes, uint8_t *iflags, simt_err *err)
{
    enum { AM_LD, AM_ST, AM_RED, AM_ATOM };
    enum { AO_ADD, AO_MIN, AO_MAX, AO_AND, AO_OR, AO_XOR, AO_INC, AO_DEC, AO_EXCH, AO_CAS };
    static const char *const aops[] = {"add", "min", "max", "and",  "or",
                                       "xor", "inc", "dec", "exch", "cas"};
    *err = SIMT_ERR_OK;
    const size_t len = strlen(str);
    const char *sp = strchr(str, ' ');
    if (!sp || len < 2 || str[len - 1] != ';' || strchr(str, ';') != str + len - 1 ||
        (size_t)(sp - str) >= 96)
        return 0;
    char opc[96];
    memcpy(opc, str, (size_t)(sp - str));
    opc[sp - str] = 0;
    char *tok[16];
    int nt = 0;
    for (char *s = opc, *d; s && nt < 16; s = d) {
        d = strchr(s, '.');
        if (d)
            *d++ = 0;
        tok[nt++] = s;
    }
    int kind = strcmp(tok[0], "ld") == 0     ? AM_LD
               : strcmp(tok[0], "st") == 0   ? AM_ST
               : strcmp(tok[0], "red") == 0  ? AM_RED
               : strcmp(tok[0], "atom") == 0 ? AM_ATOM
                                             : -1;
    if (kind < 0 || nt < 2)
        return 0;
    /* the type: the last qualifier */
    static const struct {
        const char *n;
        uint8_t bytes, sgn, fp, bits;
    } tys[] = {{"b8", 1, 0, 0, 1},  {"u8", 1, 0, 0, 0},  {"s8", 1, 1, 0, 0},  {"b16", 2, 0, 0, 1},
               {"u16", 2, 0, 0, 0}, {"s16", 2, 1, 0, 0}, {"b32", 4, 0, 0, 1}, {"u32", 4, 0, 0, 0},
               {"s32", 4, 1, 0, 0}, {"f32", 4, 0, 1, 0}, {"b64", 8, 0, 0, 1}, {"u64", 8, 0, 0, 0},
               {"s64", 8, 1, 0, 0}, {"f64", 8, 0, 1, 0}, {NULL, 0, 0, 0, 0}};
    int ti = 0;
    while (tys[ti].n && strcmp(tys[ti].n, tok[nt - 1]) != 0)
        ti++;
    if (!tys[ti].n)
        return 0;
    const uint32_t tb = tys[ti].bytes;
    int space = SIMT_MS_GENERIC, have_space = 0, sem = -1, scope = 0, cache = 0, nc = 0, vec = 1,
        aop = -1;
    /* sem: 0 weak, 1 volatile, 2 relaxed, 3 acquire, 4 release, 5 acq_rel */
    static const char *const sems[] = {"weak",    "volatile", "relaxed",
                                       "acquire", "release",  "acq_rel"};
    for (int i = 1; i < nt - 1; i++) {
        const char *q = tok[i];
        int s, k;
        for (s = 0; s < 6 && strcmp(q, sems[s]) != 0; s++)
            ;
        for (k = 0; k < 10 && strcmp(q, aops[k]) != 0; k++)
            ;
        if (strcmp(q, "global") == 0 || strcmp(q, "shared") == 0 || strcmp(q, "shared::cta") == 0 ||
            strcmp(q, "local") == 0 || strcmp(q, "const") == 0) {
            if (have_space++)
                return 0;
            space = q[0] == 'g'   ? SIMT_MS_GLOBAL
                    : q[0] == 's' ? SIMT_MS_SHARED
                    : q[0] == 'l' ? SIMT_MS_LOCAL
                                  : SIMT_MS_CONST;
        } else if (s < 6) {
            if (sem >= 0)
                return 0;
            sem = s;
        } else if (strcmp(q, "cta") == 0 || strcmp(q, "gpu") == 0 || strcmp(q, "sys") == 0) {
            if (scope++)
                return 0;
        } else if (kind <= AM_ST && (strcmp(q, "v2") == 0 || strcmp(q, "v4") == 0)) {
            if (vec > 1)
                return 0;
            vec = q[1] - '0';
        } else if (kind == AM_LD && strcmp(q, "nc") == 0) {
            if (nc++)
                return 0;
        } else if (kind == AM_LD &&
                   (strcmp(q, "ca") == 0 || strcmp(q, "cg") == 0 || strcmp(q, "cs") == 0 ||
                    strcmp(q, "lu") == 0 || strcmp(q, "cv") == 0)) {
            if (cache++)
                return 0;
        } else if (kind == AM_ST && (strcmp(q, "wb") == 0 || strcmp(q, "cg") == 0 ||
                                     strcmp(q, "cs") == 0 || strcmp(q, "wt") == 0)) {
            if (cache++)
                return 0;
        } else if ((starts(q, "L1::") || starts(q, "L2::")) && strcmp(q, "L2::cache_hint") != 0) {
            /* eviction priorities and prefetch sizes: hints (a cache_hint takes an operand) */
        } else if (kind >= AM_RED && k < 10) {
            if (aop >= 0)
                return 0;
            aop = k;
        } else {
            return 0;
        }
    }
    /* the combinations the PTX ISA defines */
    static const uint8_t sem_ok[4] = {/* ld */ 1 | 2 | 4 | 8, /* st */ 1 | 2 | 4 | 16,
                                      /* red */ 4 | 16, /* atom */ 4 | 8 | 16 | 32};
    if ((sem >= 0 && !(sem_ok[kind] >> sem & 1)) || (scope && kind <= AM_ST && sem < 2) ||
        (nc && (space != SIMT_MS_GLOBAL || sem > 0)) || vec * tb > 16 ||
        (space == SIMT_MS_CONST && kind != AM_LD) ||
        (kind >= AM_RED && space != SIMT_MS_GLOBAL && space != SIMT_MS_SHARED &&
         space != SIMT_MS_GENERIC))
        return 0;
    if (kind >= AM_RED) {
        /* the types of each operation (red: no exch or cas) */
        static const char *const atys[] = {"u32 s32 u64 f32 f64",
                                           "u32 s32 u64 s64",
                                           "u32 s32 u64 s64",
                                           "b32 b64",
                                           "b32 b64",
                                           "b32 b64",
                                           "u32",
                                           "u32",
                                           "b32 b64",
                                           "b32 b64"};
        if (aop < 0 || (kind == AM_RED && aop >= AO_EXCH) || !strstr(atys[aop], tys[ti].n))
            return 0;
    }
    /* operands */
    struct amop ops[4];
    int nops = 0;
    for (const char *p = sp + 1; *p != ';';) {
        if (nops == 4 || !(p = am_operand(p, &ops[nops++])))
            return 0;
        while (*p == ' ')
            p++;
        if (*p == ',')
            p++;
        else if (*p != ';')
            return 0;
    }
    static const char *const shapes[] = {"da", "as", "as", "das"};
    const char *shape = kind == AM_ATOM && aop == AO_CAS ? "dass" : shapes[kind];
    if ((int)strlen(shape) != nops)
        return 0;
    LLVMTypeRef rt = LLVMTypeOf(I);
    const unsigned nargs = (unsigned)LLVMGetNumArgOperands(I);
    const unsigned nout = LLVMGetTypeKind(rt) == LLVMVoidTypeKind ? 0
                          : LLVMGetTypeKind(rt) == LLVMStructTypeKind
                              ? LLVMCountStructElementTypes(rt)
                              : 1;
    int ndst = 0, dreg[4] = {0}, addr = -1;
    uint32_t srcs[4];
    int nsrc = 0;
    int64_t aoff = 0;
    LLVMContextRef ctx = LLVMGetTypeContext(rt);
    for (int i = 0; i < nops; i++) {
        struct amop *o = &ops[i];
        const int want = shape[i] == 'd'                    ? (kind == AM_LD ? vec : 1)
                         : shape[i] == 's' && kind == AM_ST ? vec
                                                            : 1;
        if (shape[i] == 'a') {
            if (o->kind != 2 || o->reg[0] < (int)nout || o->reg[0] >= (int)(nout + nargs))
                return 0;
            addr = o->reg[0] - (int)nout;
            aoff = o->imm;
            continue;
        }
        if (o->kind == 2 || (want > 1) != (o->kind == 1) || (o->kind == 1 && o->n != want) ||
            (o->kind == 3 && (shape[i] == 'd' || tys[ti].fp)))
            return 0;
        for (int k = 0; k < (o->kind == 3 ? 1 : o->n); k++) {
            int fp;
            if (o->kind == 3) {
                /* an integer immediate of the instruction type */
                LLVMValueRef cv =
                    LLVMConstInt(LLVMIntTypeInContext(ctx, tb * 8), (unsigned long long)o->imm, 0);
                if ((*err = cref(fs, cv, &srcs[nsrc++])))
                    return 1;
                continue;
            }
            const int r = o->reg[k];
            if (shape[i] == 'd') {
                /* a destination: one of the asm's outputs, each written once */
                if (r >= (int)nout)
                    return 0;
                for (int j = 0; j < ndst; j++)
                    if (dreg[j] == r)
                        return 0;
                LLVMTypeRef t = nout == 1 ? rt : LLVMStructGetTypeAtIndex(rt, (unsigned)r);
                const uint32_t w = am_width(t, &fp);
                /* ld writes registers at least as wide as the type (extended as PTX's
                 * "Operand Size Exceeding Instruction-Type Size" rules say); atom exactly */
                if (!w || w < tb * 8 || (kind == AM_ATOM && w != tb * 8) || (fp && w != tb * 8) ||
                    LLVMGetTypeKind(t) == LLVMPointerTypeKind)
                    return 0;
                dreg[ndst++] = r;
            } else {
                if (r < (int)nout || r >= (int)(nout + nargs))
                    return 0;
                LLVMValueRef v = LLVMGetOperand(I, (unsigned)(r - (int)nout));
                const uint32_t w = am_width(LLVMTypeOf(v), &fp);
                /* sources wider than a store's type are cut to it; atomics take exact ones */
                if (!w || w < tb * 8 || (kind >= AM_RED && w != tb * 8))
                    return 0;
                if ((*err = ref(fs, v, &srcs[nsrc++])))
                    return 1;
            }
        }
    }
    if (ndst != (int)nout || addr < 0)
        return 0;
    /* the address: a 64-bit one, or for the shared, local and constant spaces also the 32-bit
     * window offset (cvta.to.shared / __cvta_generic_to_shared give it); the low 32 bits of
     * either are the offset in the window, which lies far below 4 GiB */
    LLVMValueRef av = LLVMGetOperand(I, (unsigned)addr);
    int afp;
    const uint32_t aw = am_width(LLVMTypeOf(av), &afp);
    const int windowed =
        space == SIMT_MS_SHARED || space == SIMT_MS_LOCAL || space == SIMT_MS_CONST;
    if (afp || (aw != 64 && !(windowed && aw == 32)))
        return 0;
    uint32_t ar;
    if ((*err = ref(fs, av, &ar)))
        return 1;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
    struct xinst *x;
    if (aoff) {
        uint32_t cr, t = new_slots(fs, 1);
        if ((*err = cref(fs, LLVMConstInt(i64, (unsigned long long)aoff, 0), &cr)))
            return 1;
        x = emit(fs, OP_ADD, irpc, 0);
        x->dst = t;
        x->a = ar;
        x->b = cr;
        x->ty = 64;
        ar = t;
    }
    if (windowed) {
        const uint64_t base = space == SIMT_MS_SHARED  ? SIMT_WIN_SHARED_BASE
                              : space == SIMT_MS_LOCAL ? SIMT_WIN_LOCAL_BASE
                                                       : SIMT_WIN_CONST_BASE;
        uint32_t lo, br, t = new_slots(fs, 1);
        if ((*err = cref(fs, LLVMConstInt(i64, 0xffffffffull, 0), &lo)) ||
            (*err = cref(fs, LLVMConstInt(i64, base, 0), &br)))
            return 1;
        x = emit(fs, OP_AND, irpc, 0);
        x->dst = t;
        x->a = ar;
        x->b = lo;
        x->ty = 64;
        x = emit(fs, OP_OR, irpc, 0);
        x->dst = t;
        x->a = t;
        x->b = br;
        x->ty = 64;
        ar = t;
    }
    *msp = space;
    *abytes = tb * (uint32_t)vec;
    if (kind <= AM_ST) {
        /* the elements at i * tb; a load fills consecutive slots (direct when the outputs are
         * $0.. in order), a store reads them (its operands moved into consecutive slots) */
        uint32_t vals = REF_NONE, ld_to = dst;
        const int direct =
            kind == AM_LD && (vec == 1 || (dreg[0] == 0 && dreg[1] == 1 &&
                                           (vec == 2 || (dreg[2] == 2 && dreg[3] == 3))));
        if (kind == AM_LD && !direct)
            ld_to = new_slots(fs, (uint32_t)vec);
        if (kind == AM_ST) {
            vals = srcs[0];
            if (vec > 1) {
                vals = new_slots(fs, (uint32_t)vec);
                for (int i = 0; i < vec; i++) {
                    x = emit(fs, OP_MOV, irpc, 0);
                    x->dst = vals + (uint32_t)i;
                    x->a = srcs[i];
                }
            }
        }
        x = emit(fs, kind == AM_LD ? OP_LOAD : OP_STORE, irpc, 1);
        if (kind == AM_LD) {
            x->dst = ld_to;
            x->a = ar;
        } else {
            x->a = vals;
            x->b = ar;
        }
        x->nel = (uint16_t)vec;
        x->flags = XF_TRACEMEM | (sem == 1 ? XF_VOLATILE : 0);
        x->imm = (int64_t)tb * vec;
        x->ty = (uint8_t)(tb * (uint32_t)vec); /* PTX requires the access's natural alignment */
        x->aux = aux_push(fs, (uint32_t)vec);
        for (int i = 0; i < vec; i++) {
            aux_push(fs, (uint32_t)i * tb);
            aux_push(fs, tb);
        }
        *cls = kind == AM_LD ? SIMT_IC_LOAD : SIMT_IC_STORE;
        *iflags = sem == 1 ? SIMT_IF_VOLATILE : 0;
        for (int i = 0; kind == AM_LD && i < vec; i++) {
            const uint32_t d = dst + (uint32_t)dreg[i];
            if (!direct) {
                x = emit(fs, OP_MOV, irpc, 0);
                x->dst = d;
                x->a = ld_to + (uint32_t)i;
            }
            int fp;
            LLVMTypeRef t = nout == 1 ? rt : LLVMStructGetTypeAtIndex(rt, (unsigned)dreg[i]);
            const uint32_t w = am_width(t, &fp);
            if (tys[ti].sgn && w > tb * 8) { /* .s8/.s16/.s32 into a wider register */
                x = emit(fs, OP_SEXT, irpc, 0);
                x->dst = d;
                x->a = d;
                x->sub = (uint8_t)(tb * 8);
                x->ty = (uint8_t)w;
            }
        }
        return 1;
    }
    *cls = SIMT_IC_ATOMIC;
    const uint32_t adst = kind == AM_ATOM ? dst : REF_NONE;
    if (aop == AO_INC || aop == AO_DEC) {
        x = emit(fs, OP_INTRIN, irpc, 1);
        x->sub = aop == AO_INC ? XI_ATOM_INC : XI_ATOM_DEC;
        x->dst = adst;
        x->a = ar;
        x->b = srcs[0];
        x->ty = 32;
        x->flags = XF_TRACEMEM;
        return 1;
    }
    if (aop == AO_CAS) {
        x = emit(fs, OP_CMPXCHG, irpc, 1);
        x->dst = adst;
        x->a = ar;
        x->b = srcs[0];
        x->c = srcs[1];
        x->sub = 1; /* the old value only */
        x->ty = (uint8_t)(tb * 8);
        x->imm = tb;
        x->flags = XF_TRACEMEM;
        return 1;
    }
    /* atomic_op codes (LLVM's atomicrmw numbering; 15 = PTX's f32 add, which flushes
     * subnormal inputs and results to sign-preserving zero) */
    static const uint8_t rmw_u[] = {1, 10, 9, 3, 5, 6, 0, 0, 0};
    static const uint8_t rmw_s[] = {1, 8, 7, 3, 5, 6, 0, 0, 0};
    x = emit(fs, OP_ATOMIC, irpc, 1);
    x->dst = adst;
    x->a = ar;
    x->b = srcs[0];
    x->sub = tys[ti].sgn ? rmw_s[aop] : rmw_u[aop];
    x->ty = (uint8_t)(tb * 8);
    if (tys[ti].fp) {
        x->sub = tb == 4 ? 15 : 11;
        x->ty = (uint8_t)(0x80 | (tb == 4 ? XK_F32 : XK_F64));
    }
    x->imm = tb;
    x->flags = XF_TRACEMEM;
    return 1;
}

/* CUB's one-byte ThreadLoad/ThreadStore (cub/thread/thread_load.cuh, thread_store.cuh: the
 * _CUB_LOAD_1/_CUB_STORE_1 macros, reached by DeviceSelect::Flagged's char flags and any
 * cache-modified char iterator) move the byte through a scratch .u8 register with a cvt to or
 * from the 16-bit asm operand: "{ .reg .u8 datum; ld.MOD.u8 datum, [$1]; cvt.u16.u8 $0,
 * datum;}" and "{ .reg .u8 datum; cvt.u8.u16 datum, $1; st.MOD.u8 [$0], datum;}". The cvt only
 * zero-extends or truncates, which asm_mem's single ld/st already does for a 16-bit register,
 * so each block is rewritten into that one statement ("ld.MOD.u8 $0, [$1];"); 0 if str is
 * neither. */
static int asm_cub_byte(const char *str, char *out, size_t cap)
{
    static const char pre[] = "{ .reg .u8 datum; ";
    if (!starts(str, pre))
        return 0;
    const char *p = str + strlen(pre);
    const char *ld_tail = ".u8 datum, [$1]; cvt.u16.u8 $0, datum;}";
    const char *st_head = "cvt.u8.u16 datum, $1; st.";
    const char *st_tail = ".u8 [$0], datum;}";
    const char *mod, *end;
    int ld;
    if (starts(p, "ld.")) {
        mod = p + 3;
        end = strstr(mod, ld_tail);
        ld = 1;
        if (!end || strcmp(end, ld_tail) != 0)
            return 0;
    } else if (starts(p, st_head)) {
        mod = p + strlen(st_head);
        end = strstr(mod, st_tail);
        ld = 0;
        if (!end || strcmp(end, st_tail) != 0)
            return 0;
    } else {
        return 0;
    }
    const int n = (int)(end - mod);
    for (int i = 0; i < n; i++) /* the modifiers: qualifiers only, no second statement */
        if (!isalnum((unsigned char)mod[i]) && mod[i] != '.' && mod[i] != ':' && mod[i] != '_')
            return 0;
    const int w = snprintf(out, cap, ld ? "ld.%.*s.u8 $0, [$1];" : "st.%.*s.u8 [$0], $1;", n, mod);
    return w > 0 && (size_t)w < cap;
}

static simt_err xl_asm(struct fstate *fs, LLVMValueRef I, uint32_t irpc, uint32_t dst, int *cls,
                       int *msp, uint32_t *abytes, uint8_t *iflags)
{
    char *tf;
    const char *txt = inst_text(fs, irpc, I, &tf);
    char str[640] = "";
    if (!asm_template(txt, str, sizeof str))
        str[0] = 0;
    if (tf)
        LLVMDisposeMessage(tf);
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(I);
    uint32_t args[6] = {REF_NONE, REF_NONE, REF_NONE, REF_NONE, REF_NONE, REF_NONE};
    for (unsigned i = 0; i < nargs && i < 6; i++)
        SIMT_TRY(ref(fs, LLVMGetOperand(I, i), &args[i]));
    struct xinst *x;
    *cls = SIMT_IC_INT;
#define ASM_INTR(sub_)                                                                             \
    ({                                                                                             \
        x = emit(fs, OP_INTRIN, irpc, 1);                                                          \
        x->sub = (sub_);                                                                           \
        x->dst = dst;                                                                              \
        x->a = args[0];                                                                            \
        x->b = args[1];                                                                            \
        x->c = args[2];                                                                            \
        x;                                                                                         \
    })
    if (strstr(str, "activemask.b32") == str) {
        *cls = SIMT_IC_WARP;
        ASM_INTR(XI_ACTIVEMASK);
        return SIMT_ERR_OK;
    }
    if (starts(str, "shf.") && nargs == 3) {
        /* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: funnel of b:a */
        int left = str[4] == 'l', clamp = strstr(str, "clamp") != NULL;
        x = ASM_INTR(left ? XI_FSHL : XI_FSHR);
        x->a = args[1]; /* hi = b */
        x->b = args[0]; /* lo = a */
        x->c = args[2];
        x->ty = 32;
        x->imm = clamp; /* clamp: shifts >= 32 give a (left) / b (right) */
        return SIMT_ERR_OK;
    }
    static const char *const modes[] = {"idx", "up", "down", "bfly"};
    if (starts(str, "shfl.")) {
        /* shfl[.sync].MODE.b32 d, value, lane/offset, c[, membermask] */
        int sync = starts(str, "shfl.sync.");
        const char *r = str + (sync ? strlen("shfl.sync.") : strlen("shfl."));
        for (int md = 0; md < 4; md++) {
            size_t ml = strlen(modes[md]);
            if (strncmp(r, modes[md], ml) != 0 ||
                strcmp(r + ml, sync ? ".b32 $0, $1, $2, $3, $4;" : ".b32 $0, $1, $2, $3;") != 0 ||
                nargs != (sync ? 4u : 3u))
                continue;
            *cls = SIMT_IC_WARP;
            x = ASM_INTR(XI_SHFL);
            x->a = sync ? args[3] : REF_NONE;
            x->b = args[0];
            x->c = args[1];
            x->imm = md;
            x->aux = aux_push(fs, args[2]);
            return SIMT_ERR_OK;
        }
    }
    if (str[0] == '{' && strstr(str, "shfl") && strstr(str, "@p add.")) {
        static const char *const tys[4][3] = {
            {"u32", "s32", "f32"}, {"u64", "s64", NULL}, {"u64", "s64", NULL}, {"f64", NULL, NULL}};
        char tb[400];
        for (int fam = 0; fam < 4; fam++)
            for (int ti = 0; ti < 3 && tys[fam][ti]; ti++)
                for (int md = 0; md < 4; md++)
                    for (int sync = 0; sync < 2; sync++) {
                        shfl_add_template(tb, sizeof tb, sync, modes[md], tys[fam][ti], fam);
                        if (strcmp(tb, str) != 0)
                            continue;
                        /* arguments: value $1, offset $2, c $3, then addend/mask by family */
                        unsigned want = (fam <= 1 ? 4u : 3u) + (unsigned)sync;
                        if (nargs != want)
                            continue;
                        *cls = SIMT_IC_WARP;
                        x = ASM_INTR(XI_SHFL);
                        x->a = !sync ? REF_NONE : args[fam <= 1 ? 4 : 3];
                        x->b = args[0];
                        x->c = args[1];
                        /* 0x100: add when valid; bits 12-13: 0 int32, 1 f32, 2 int64, 3 f64 */
                        int kind = fam == 3 ? 3 : fam >= 1 ? 2 : tys[fam][ti][0] == 'f' ? 1 : 0;
                        x->imm = md | 0x100 | (kind << 12);
                        x->aux = aux_push(fs, args[2]);
                        aux_push(fs, fam <= 1 ? args[3] : args[0]);
                        return SIMT_ERR_OK;
                    }
    }
    if (strcmp(str, "{ .reg .pred p; and.b32 $0, $1, $2; setp.eq.u32 p, $0, $2; "
                    "vote.ballot.sync.b32 $0, p, 0xffffffff; @!p not.b32 $0, $0; }") == 0 &&
        nargs == 2) {
        /* CUB's radix-rank digit match (cub/block/radix_rank_sort_operations.cuh) */
        *cls = SIMT_IC_WARP;
        ASM_INTR(XI_PTX)->imm = PX_BALLOT_EQ;
        return SIMT_ERR_OK;
    }
    static const struct {
        const char *tpl;
        unsigned nargs;
        int px;
    } plain[] = {{"bfe.u32 $0, $1, $2, $3;", 3, PX_BFE_U32},
                 {"bfe.s32 $0, $1, $2, $3;", 3, PX_BFE_S32},
                 {"bfe.u64 $0, $1, $2, $3;", 3, PX_BFE_U64},
                 {"bfe.s64 $0, $1, $2, $3;", 3, PX_BFE_S64},
                 {"bfi.b32 $0, $1, $2, $3, $4;", 4, PX_BFI_B32},
                 {"prmt.b32 $0, $1, $2, $3;", 3, PX_PRMT_B32},
                 {"vshl.u32.u32.u32.clamp.add $0, $1, $2, $3;", 3, PX_VSHL_ADD},
                 {"vshr.u32.u32.u32.clamp.add $0, $1, $2, $3;", 3, PX_VSHR_ADD},
                 {"vadd.u32.u32.u32.add $0, $1, $2, $3;", 3, PX_VADD_ADD},
                 {NULL, 0, 0}};
    for (int i = 0; plain[i].tpl; i++)
        if (strcmp(str, plain[i].tpl) == 0 && nargs == plain[i].nargs) {
            x = ASM_INTR(XI_PTX);
            x->imm = plain[i].px;
            if (nargs > 3)
                x->aux = aux_push(fs, args[3]);
            return SIMT_ERR_OK;
        }
    {
        simt_err e;
        char one[sizeof str];
        const char *ms = asm_cub_byte(str, one, sizeof one) ? one : str;
        if (asm_mem(fs, I, irpc, dst, ms, cls, msp, abytes, iflags, &e))
            return e;
    }
    static const struct {
        const char *reg;
        int sr;
    } movs[] = {{"%laneid", SR_LANEID},
                {"%warpid", SR_WARPID},
                {"%nwarpid", SR_NWARPID},
                {"%smid", SR_SMID},
                {"%nsmid", SR_NSMID},
                {"%clock64", SR_CLOCK64},
                {"%clock", SR_CLOCK},
                {"%globaltimer", SR_GLOBALTIMER},
                /* the thread and grid geometry, which kernels also read through asm */
                {"%tid.x", SR_TID_X},
                {"%tid.y", SR_TID_Y},
                {"%tid.z", SR_TID_Z},
                {"%ntid.x", SR_NTID_X},
                {"%ntid.y", SR_NTID_Y},
                {"%ntid.z", SR_NTID_Z},
                {"%ctaid.x", SR_CTAID_X},
                {"%ctaid.y", SR_CTAID_Y},
                {"%ctaid.z", SR_CTAID_Z},
                {"%nctaid.x", SR_NCTAID_X},
                {"%nctaid.y", SR_NCTAID_Y},
                {"%nctaid.z", SR_NCTAID_Z},
                {"%gridid", SR_GRIDID},
                {"%lanemask_lt", SR_LANEMASK_LT},
                {"%lanemask_le", SR_LANEMASK_LE},
                {"%lanemask_eq", SR_LANEMASK_EQ},
                {"%lanemask_ge", SR_LANEMASK_GE},
                {"%lanemask_gt", SR_LANEMASK_GT},
                {NULL, 0}};
    if (starts(str, "mov.u32 $0, %") || starts(str, "mov.u64 $0, %")) {
        const char *r = strchr(str, '%');
        for (int i = 0; movs[i].reg; i++)
            if (starts(r, movs[i].reg) &&
                (r[strlen(movs[i].reg)] == ';' || r[strlen(movs[i].reg)] == 0)) {
                ASM_INTR(XI_SREG)->imm = movs[i].sr;
                return SIMT_ERR_OK;
            }
    }
    if (strcmp(str, "bar.sync 0;") == 0 || strcmp(str, "barrier.sync 0;") == 0) {
        *cls = SIMT_IC_BARRIER;
        ASM_INTR(XI_BARRIER);
        return SIMT_ERR_OK;
    }
    const int bark = asm_barrier_kind(str);
    if (bark) { /* a = id, b = thread count (imm = 1), as for the intrinsics */
        *cls = SIMT_IC_BARRIER;
        ASM_INTR(XI_BARRIER)->imm = bark == 2;
        if (bark == 1)
            x->b = REF_NONE;
        return SIMT_ERR_OK;
    }
    if (starts(str, "membar.") || starts(str, "fence.")) {
        *cls = SIMT_IC_MEMBAR;
        ASM_INTR(XI_MEMBAR);
        return SIMT_ERR_OK;
    }
    if (strcmp(str, "trap;") == 0) {
        ASM_INTR(XI_TRAP);
        return SIMT_ERR_OK;
    }
    if (strcmp(str, "exit;") == 0) {
        /* CUB's ThreadExit: the threads end here, inside the block (TRACE_FORMAT.md) */
        *cls = SIMT_IC_EXIT;
        ASM_INTR(XI_EXIT);
        return SIMT_ERR_OK;
    }
    if ((starts(str, "prefetch.") || starts(str, "prefetchu.")) &&
        strchr(str, ';') == str + strlen(str) - 1) { /* one statement */
        /* a cache hint (prefetch.global.L2 [a]; ...): no effect on the results, so a no-op */
        ASM_INTR(XI_NANOSLEEP);
        return SIMT_ERR_OK;
    }
    if (starts(str, "nanosleep.u32")) {
        ASM_INTR(XI_NANOSLEEP);
        return SIMT_ERR_OK;
    }
    /* Tensor-core fragments (warp-wide, the whole warp at once; PTX ISA "Matrix Fragments for
     * mma.m16n8k16 / m16n8k8" and "ldmatrix"): ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans]
     * .shared.b16 loads 8x8 b16 matrices whose rows the lanes 0-7, 8-15, ... address; each
     * lane gets row lane/4, columns 2 (lane % 4) and +1 of each (transposed with .trans). One
     * LOAD of 16 bytes per lane in the trace (lanes beyond the addressing ones repeat one). */
    if (starts(str, "ldmatrix.sync.aligned.m8n8.x") && nargs == 1) {
        const int nm = str[strlen("ldmatrix.sync.aligned.m8n8.x")] - '0';
        const int trans = strstr(str, ".trans") != NULL;
        static const char *const outs[] = {"", "$0", "{$0, $1}", "", "{$0, $1, $2, $3}"};
        char want[64];
        if ((nm == 1 || nm == 2 || nm == 4) && strstr(str, ".shared") &&
            (snprintf(want, sizeof want, " %s, [$%d];", outs[nm], nm),
             strstr(str, want) != NULL && strcmp(strstr(str, want), want) == 0) &&
            type_words(LLVMTypeOf(I)) == (uint32_t)nm) {
            uint32_t a;
            SIMT_TRY(asm_shared_addr(fs, I, irpc, args[0], &a));
            x = emit(fs, OP_INTRIN, irpc, 1);
            x->sub = XI_LDMATRIX;
            x->dst = dst;
            x->a = a;
            x->imm = nm | (trans ? 16 : 0);
            x->flags |= XF_TRACEMEM;
            *cls = SIMT_IC_LOAD;
            *msp = SIMT_MS_SHARED;
            *abytes = 16;
            return SIMT_ERR_OK;
        }
    }
    /* mma.sync.aligned.m16n8k16 / m16n8k8 .row.col.f32.{f16,bf16}.{f16,bf16}.f32: D = A B + C
     * over the warp's fragments, accumulated in float in k order (the tensor core's own
     * order and rounding of the sum are not modelled). One FP16-class instruction. */
    if (starts(str, "mma.sync.aligned.m16n8k")) {
        static const struct {
            const char *tpl;
            int kind;
            unsigned nin;
        } mm[] = {{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, {$4, $5, "
                   "$6, $7}, {$8, $9}, {$10, $11, $12, $13};",
                   MMA_K16_F16, 10},
                  {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {$0, $1, $2, $3}, {$4, $5, "
                   "$6, $7}, {$8, $9}, {$10, $11, $12, $13};",
                   MMA_K16_BF16, 10},
                  {"mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, {$4, $5}, "
                   "{$6}, {$7, $8, $9, $10};",
                   MMA_K8_F16, 7},
                  {"mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {$0, $1, $2, $3}, {$4, $5}, "
                   "{$6}, {$7, $8, $9, $10};",
                   MMA_K8_BF16, 7},
                  {"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, "
                   "{$6, $7}, {$8, $9};",
                   MMA_K16_F16ACC, 8},
                  {"mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3}, {$4}, "
                   "{$5, $6};",
                   MMA_K8_F16ACC, 5},
                  {NULL, 0, 0}};
        for (int i = 0; mm[i].tpl; i++)
            if (strcmp(str, mm[i].tpl) == 0 && nargs == mm[i].nin &&
                type_words(LLVMTypeOf(I)) ==
                    (mm[i].kind == MMA_K16_F16ACC || mm[i].kind == MMA_K8_F16ACC ? 2u : 4u)) {
                uint32_t refs[10] = {0};
                for (unsigned k = 0; k < nargs; k++)
                    SIMT_TRY(ref(fs, LLVMGetOperand(I, k), &refs[k]));
                x = emit(fs, OP_INTRIN, irpc, 1);
                x->sub = XI_MMA;
                x->dst = dst;
                x->imm = mm[i].kind;
                x->aux = aux_push(fs, refs[0]);
                for (unsigned k = 1; k < nargs; k++)
                    aux_push(fs, refs[k]);
                *cls = SIMT_IC_FP16;
                return SIMT_ERR_OK;
            }
    }
    /* Ampere's asynchronous copies (cp.async, as CUTLASS and hand-written sm_80 kernels write
     * them): the copy is made at once here, global to shared like a memcpy (one COPY
     * instruction in the trace); commit_group does nothing; wait_group / wait_all are memory
     * barriers of the thread (the copies they wait for are done). With a source size operand
     * the N bytes are zeroed first and min(source size, N) copied (a size of 0 reads nothing,
     * as CUTLASS's predicated copies rely on). */
    if (starts(str, "cp.async.commit_group")) {
        ASM_INTR(XI_NANOSLEEP);
        return SIMT_ERR_OK;
    }
    if (starts(str, "cp.async.wait_group") || starts(str, "cp.async.wait_all")) {
        *cls = SIMT_IC_MEMBAR;
        ASM_INTR(XI_MEMBAR);
        return SIMT_ERR_OK;
    }
    if ((starts(str, "cp.async.ca.shared.global") || starts(str, "cp.async.cg.shared.global")) &&
        nargs >= 2) {
        const char *sp = strchr(str, ' ');
        const char *q = sp ? sp + 1 : "";
        /* "[$0], [$1], N;" with N literal or a constant operand $2, and optionally the source
         * size as the next operand: ", $k;" (the rest of the N bytes is zero-filled) */
        uint64_t n = 0;
        int zsrc = -1;
        if (starts(q, "[$0], [$1], ")) {
            q += strlen("[$0], [$1], ");
            unsigned next = 2;
            char *end = (char *)q;
            if (q[0] == '$' && strtoul(q + 1, &end, 10) == 2 && nargs > 2 &&
                LLVMIsAConstantInt(LLVMGetOperand(I, 2))) {
                n = LLVMConstIntGetZExtValue(LLVMGetOperand(I, 2));
                next = 3;
            } else if (isdigit((unsigned char)q[0])) {
                n = strtoull(q, &end, 10);
            }
            q = end;
            if (starts(q, ", $") && strtoul(q + 3, &end, 10) == next && nargs > next) {
                zsrc = (int)next++;
                q = end;
            }
            if (strcmp(q, ";") != 0 || nargs != next)
                n = 0;
        }
        const char *mods = str + strlen("cp.async.ca.shared.global");
        /* (.cg caches in L2 only and copies 16 bytes, as ptxas requires) */
        const int cg = starts(str, "cp.async.cg.");
        if ((n == 4 || n == 8 || n == 16) && (!cg || n == 16) &&
            (mods[0] == ' ' || starts(mods, ".L2::"))) {
            LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(I)));
            uint32_t to, nref, copied;
            SIMT_TRY(asm_shared_addr(fs, I, irpc, args[0], &to));
            SIMT_TRY(cref(fs, LLVMConstInt(i64, n, 0), &nref));
            copied = nref;
            if (zsrc >= 0) {
                /* copy min(source size, N) bytes and zero the rest of the N (XI_MEMCPY's imm) */
                uint32_t lo;
                SIMT_TRY(cref(fs, LLVMConstInt(i64, 0xffffffffull, 0), &lo));
                const uint32_t w = int_width(LLVMTypeOf(LLVMGetOperand(I, (unsigned)zsrc)));
                copied = new_slots(fs, 1);
                x = emit(fs, OP_AND, irpc, 0); /* the operand's own width */
                x->dst = copied;
                x->a = args[zsrc];
                x->b = w < 64 ? lo : args[zsrc];
                x->ty = 64;
                x = emit(fs, OP_INTRIN, irpc, 0);
                x->sub = XI_IMINMAX;
                x->imm = 3; /* umin */
                x->dst = copied;
                x->a = copied;
                x->b = nref;
                x->ty = 64;
            }
            x = emit(fs, OP_INTRIN, irpc, 1);
            x->sub = XI_MEMCPY;
            x->a = to;
            x->b = args[1];
            x->c = copied;
            x->ty = 64;
            x->imm = zsrc >= 0 ? (int64_t)n : 0;
            x->flags |= XF_TRACEMEM;
            *cls = SIMT_IC_COPY;
            *msp = SIMT_MS_SHARED;
            *abytes = 0;
            return SIMT_ERR_OK;
        }
    }
#undef ASM_INTR
    {
        char *tf2;
        const char *txt2 = inst_text(fs, irpc, I, &tf2);
        const int alu = str[0] && ptxalu_parse(fs, I, txt2, str, irpc, dst);
        if (tf2)
            LLVMDisposeMessage(tf2);
        if (alu)
            return SIMT_ERR_OK;
    }
    x = emit(fs, OP_UNKNOWN, irpc, 1);
    x->dst = dst;
    return SIMT_ERR_OK;
}

/* Integers wider than 64 bits (up to 128): one generic op on two-word values.
 * sub = LLVM opcode (or predicate for icmp), ty = result width, imm = source width. */
static simt_err xl_wide(struct fstate *fs, LLVMValueRef I, uint32_t irpc, uint32_t dst, int *cls)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(I);
    LLVMTypeRef t = LLVMTypeOf(I), st = LLVMTypeOf(LLVMGetOperand(I, 0));
    if (int_width(t) > 128 || int_width(st) > 128 || LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        return ferr(fs, I, "integers wider than 128 bits or wide integer vectors");
    uint32_t a = REF_NONE, b = REF_NONE;
    SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
    if (LLVMGetNumOperands(I) > 1)
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
    struct xinst *x = emit(fs, OP_WIDE, irpc, 1);
    x->dst = dst;
    x->a = a;
    x->b = b;
    /* icmp: 64 + predicate (the predicates 32-41 overlap the cast opcodes) */
    x->sub = (uint8_t)(op == LLVMICmp ? 64 + LLVMGetICmpPredicate(I) : op);
    x->ty = (uint8_t)int_width(t);
    x->imm = int_width(st);
    x->aux = type_words(st); /* source words */
    x->nel = (uint16_t)type_words(t);
    *cls = (op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem) ? SIMT_IC_SFU
                                                                                  : SIMT_IC_INT;
    return SIMT_ERR_OK;
}

static simt_err xl_inst(struct fstate *fs, LLVMValueRef I, uint32_t irpc, uint32_t bidx, int *cls,
                        int *msp, uint32_t *abytes, uint8_t *iflags, uint32_t *callee)
{
    struct mstate *ms = fs->ms;
    struct xfunc *f = fs->f;
    LLVMOpcode op = LLVMGetInstructionOpcode(I);
    LLVMTypeRef t = LLVMTypeOf(I);
    uint32_t dst = REF_NONE, a = REF_NONE, b = REF_NONE, c = REF_NONE;
    uint32_t s;
    if (pmap_get(&fs->vslot, I, &s))
        dst = s;
    uint32_t words = type_words(t);
    struct xinst *x;
    int nops = LLVMGetNumOperands(I);
    (void)bidx;

    switch (op) {
    case LLVMPHI:
        *cls = SIMT_IC_FREE;
        return SIMT_ERR_OK;
    case LLVMAdd:
    case LLVMSub:
    case LLVMMul:
    case LLVMUDiv:
    case LLVMSDiv:
    case LLVMURem:
    case LLVMSRem:
    case LLVMShl:
    case LLVMLShr:
    case LLVMAShr:
    case LLVMAnd:
    case LLVMOr:
    case LLVMXor: {
        static const uint16_t map[] = {
            [LLVMAdd] = OP_ADD,   [LLVMSub] = OP_SUB,   [LLVMMul] = OP_MUL,   [LLVMUDiv] = OP_UDIV,
            [LLVMSDiv] = OP_SDIV, [LLVMURem] = OP_UREM, [LLVMSRem] = OP_SREM, [LLVMShl] = OP_SHL,
            [LLVMLShr] = OP_LSHR, [LLVMAShr] = OP_ASHR, [LLVMAnd] = OP_AND,   [LLVMOr] = OP_OR,
            [LLVMXor] = OP_XOR};
        if (int_width(t) > 64)
            return xl_wide(fs, I, irpc, dst, cls);
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
        x = emit(fs, map[op], irpc, 1);
        x->dst = dst;
        x->a = a;
        x->b = b;
        x->ty = (uint8_t)int_width(t);
        x->nel = (uint16_t)nel_of(t);
        *cls = (op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem) ? SIMT_IC_SFU
                                                                                      : SIMT_IC_INT;
        return SIMT_ERR_OK;
    }
    case LLVMFAdd:
    case LLVMFSub:
    case LLVMFMul:
    case LLVMFDiv:
    case LLVMFRem: {
        if (fs->fused[irpc]) {
            *cls = SIMT_IC_FREE;
            return SIMT_ERR_OK;
        }
        *cls = (op == LLVMFDiv || op == LLVMFRem) ? SIMT_IC_SFU : fp_class(t);
        if (fs->fuse_op[irpc]) {
            int k = (int)fs->fuse_op[irpc] - 1;
            LLVMValueRef mul = LLVMGetOperand(I, (unsigned)k);
            SIMT_TRY(ref(fs, LLVMGetOperand(mul, 0), &a));
            SIMT_TRY(ref(fs, LLVMGetOperand(mul, 1), &b));
            SIMT_TRY(ref(fs, LLVMGetOperand(I, (unsigned)(1 - k)), &c));
            x = emit(fs, OP_FMA, irpc, 1);
            x->dst = dst;
            x->a = a;
            x->b = b;
            x->c = c;
            x->ty = (uint8_t)scalar_kind(t);
            x->nel = (uint16_t)nel_of(t);
            /* fsub: a*b - c -> fma(a,b,-c); c - a*b -> fma(-a,b,c) */
            if (op == LLVMFSub)
                x->sub = k == 0 ? 2 : 1;
            return SIMT_ERR_OK;
        }
        static const uint16_t map[] = {[LLVMFAdd] = OP_FADD,
                                       [LLVMFSub] = OP_FSUB,
                                       [LLVMFMul] = OP_FMUL,
                                       [LLVMFDiv] = OP_FDIV,
                                       [LLVMFRem] = OP_FREM};
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
        x = emit(fs, map[op], irpc, 1);
        x->dst = dst;
        x->a = a;
        x->b = b;
        x->ty = (uint8_t)scalar_kind(t);
        x->nel = (uint16_t)nel_of(t);
        return SIMT_ERR_OK;
    }
    case LLVMFNeg:
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        x = emit(fs, OP_FNEG, irpc, 1);
        x->dst = dst;
        x->a = a;
        x->b = a; /* FLOOP reads a second operand */
        x->ty = (uint8_t)scalar_kind(t);
        x->nel = (uint16_t)nel_of(t);
        *cls = fp_class(t);
        return SIMT_ERR_OK;
    case LLVMICmp:
    case LLVMFCmp: {
        LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(I, 0));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
        if (op == LLVMICmp && int_width(ot) > 64)
            return xl_wide(fs, I, irpc, dst, cls);
        x = emit(fs, op == LLVMICmp ? OP_ICMP : OP_FCMP, irpc, 1);
        x->dst = dst;
        x->a = a;
        x->b = b;
        x->nel = (uint16_t)nel_of(t);
        if (op == LLVMICmp) {
            x->sub = (uint8_t)LLVMGetICmpPredicate(I);
            x->ty = (uint8_t)int_width(ot);
            *cls = SIMT_IC_INT;
        } else {
            x->sub = (uint8_t)LLVMGetFCmpPredicate(I);
            x->ty = (uint8_t)scalar_kind(ot);
            *cls = fp_class(ot);
        }
        return SIMT_ERR_OK;
    }
    case LLVMSelect: {
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 2), &c));
        x = emit(fs, OP_SELECT, irpc, 1);
        x->dst = dst;
        x->a = a;
        x->b = b;
        x->c = c;
        x->nel = (uint16_t)words;
        x->sub = LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(I, 0))) == LLVMVectorTypeKind;
        if (x->sub && words != nel_of(t))
            return ferr(fs, I, "vector select of aggregates");
        return SIMT_ERR_OK;
    }
    case LLVMFreeze:
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
    case LLVMIntToPtr:
    case LLVMPtrToInt:
    case LLVMZExt:
    case LLVMTrunc:
    case LLVMSExt: {
        LLVMValueRef o = LLVMGetOperand(I, 0);
        LLVMTypeRef ot = LLVMTypeOf(o);
        SIMT_TRY(ref(fs, o, &a));
        uint32_t ow = type_words(ot);
        if (op == LLVMBitCast && ow != words) {
            /* repack through memory layout (e.g. <2 x half> <-> i32) */
            uint32_t *l1 = NULL, n1 = 0, *l2 = NULL, n2 = 0;
            size_t c1 = 0, c2 = 0;
            if (type_leaves(ms, ot, 0, &l1, &n1, &c1) || type_leaves(ms, t, 0, &l2, &n2, &c2) ||
                LLVMStoreSizeOfType(ms->td, t) > 64) {
                free(l1);
                free(l2);
                return ferr(fs, I, "bitcast layout");
            }
            x = emit(fs, OP_BITCAST, irpc, 0);
            x->dst = dst;
            x->a = a;
            x->nel = (uint16_t)words;
            x->aux = aux_push(fs, n1 / 2);
            for (uint32_t i = 0; i < n1; i++)
                aux_push(fs, l1[i]);
            aux_push(fs, n2 / 2);
            for (uint32_t i = 0; i < n2; i++)
                aux_push(fs, l2[i]);
            free(l1);
            free(l2);
            *cls = SIMT_IC_FREE;
            return SIMT_ERR_OK;
        }
        uint32_t dw = int_width(t), sw = int_width(ot);
        if ((op == LLVMSExt || op == LLVMZExt || op == LLVMTrunc) && (dw > 64 || sw > 64))
            return xl_wide(fs, I, irpc, dst, cls);
        if (op == LLVMSExt) {
            x = emit(fs, OP_SEXT, irpc, 1);
            x->sub = (uint8_t)sw;
            x->ty = (uint8_t)dw;
            *cls = SIMT_IC_INT;
        } else if (op == LLVMTrunc || (op == LLVMPtrToInt && dw < 64)) {
            x = emit(fs, OP_TRUNC, irpc, op == LLVMTrunc);
            x->ty = (uint8_t)dw;
            *cls = op == LLVMTrunc ? SIMT_IC_INT : SIMT_IC_FREE;
        } else {
            x = emit(fs, OP_MOV, irpc, op == LLVMZExt);
            *cls = op == LLVMZExt ? SIMT_IC_INT : SIMT_IC_FREE;
        }
        x->dst = dst;
        x->a = a;
        x->nel = (uint16_t)(op == LLVMBitCast || op == LLVMFreeze || x->op == OP_MOV ? words
                                                                                     : nel_of(t));
        return SIMT_ERR_OK;
    }
    case LLVMFPTrunc:
    case LLVMFPExt:
    case LLVMFPToUI:
    case LLVMFPToSI:
    case LLVMUIToFP:
    case LLVMSIToFP: {
        LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(I, 0));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        uint16_t xo = op == LLVMFPTrunc || op == LLVMFPExt ? OP_FPCONV
                      : op == LLVMFPToUI                   ? OP_FPTOUI
                      : op == LLVMFPToSI                   ? OP_FPTOSI
                      : op == LLVMUIToFP                   ? OP_UITOFP
                                                           : OP_SITOFP;
        if (int_width(t) > 64 || int_width(ot) > 64)
            return ferr(fs, I, "conversion with integers wider than 64 bits");
        x = emit(fs, xo, irpc, 1);
        x->dst = dst;
        x->a = a;
        x->nel = (uint16_t)nel_of(t);
        x->sub = (uint8_t)(is_fp(ot) ? (uint32_t)scalar_kind(ot) : int_width(ot));
        x->ty = (uint8_t)(is_fp(t) ? (uint32_t)scalar_kind(t) : int_width(t));
        *cls =
            (scalar_kind(ot) == XK_F64 || scalar_kind(t) == XK_F64) ? SIMT_IC_FP64 : SIMT_IC_FP32;
        return SIMT_ERR_OK;
    }
    case LLVMExtractElement:
    case LLVMInsertElement: {
        LLVMValueRef vec = LLVMGetOperand(I, 0);
        LLVMValueRef idx = LLVMGetOperand(I, op == LLVMExtractElement ? 1 : 2);
        SIMT_TRY(ref(fs, vec, &a));
        uint32_t vn = LLVMGetVectorSize(LLVMTypeOf(vec));
        if (type_words(LLVMTypeOf(vec)) != vn)
            return ferr(fs, I, "vector of aggregates");
        if (op == LLVMInsertElement)
            SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
        if (LLVMIsAConstantInt(idx)) {
            uint64_t k = LLVMConstIntGetZExtValue(idx);
            if (op == LLVMExtractElement) {
                x = emit(fs, OP_MOV, irpc, 0);
                x->dst = dst;
                x->a = k < vn ? (a & REF_CONST ? a + (uint32_t)k : a + (uint32_t)k) : a;
                x->nel = 1;
            } else {
                x = emit(fs, OP_INSERTVAL, irpc, 0);
                x->dst = dst;
                x->a = a;
                x->b = b;
                x->nel = (uint16_t)vn;
                x->imm = k < vn ? (int64_t)k : 0;
                x->aux = 1;
            }
            *cls = SIMT_IC_FREE;
            return SIMT_ERR_OK;
        }
        SIMT_TRY(ref(fs, idx, &c));
        x = emit(fs, op == LLVMExtractElement ? OP_EXTRACTELT : OP_INSERTELT, irpc, 1);
        x->dst = dst;
        x->a = a;
        x->b = b;
        x->c = c;
        x->nel = (uint16_t)vn;
        *cls = SIMT_IC_INT;
        return SIMT_ERR_OK;
    }
    case LLVMShuffleVector: {
        LLVMValueRef v1 = LLVMGetOperand(I, 0), v2 = LLVMGetOperand(I, 1);
        SIMT_TRY(ref(fs, v1, &a));
        SIMT_TRY(ref(fs, v2, &b));
        uint32_t n1 = LLVMGetVectorSize(LLVMTypeOf(v1));
        unsigned nm = LLVMGetNumMaskElements(I);
        x = emit(fs, OP_SHUFFLE, irpc, 0);
        x->dst = dst;
        x->a = a;
        x->b = b;
        x->nel = (uint16_t)nm;
        x->imm = n1;
        x->aux = f->naux;
        for (unsigned i = 0; i < nm; i++) {
            int mv = LLVMGetMaskValue(I, i);
            aux_push(fs, mv == LLVMGetUndefMaskElem() ? UINT32_MAX : (uint32_t)mv);
        }
        x = &f->code[f->ncode - 1];
        *cls = SIMT_IC_FREE;
        return SIMT_ERR_OK;
    }
    case LLVMExtractValue:
    case LLVMInsertValue: {
        LLVMValueRef agg = LLVMGetOperand(I, 0);
        SIMT_TRY(ref(fs, agg, &a));
        LLVMTypeRef leaf;
        uint32_t off = word_offset(LLVMTypeOf(agg), LLVMGetIndices(I), LLVMGetNumIndices(I), &leaf);
        if (op == LLVMExtractValue) {
            x = emit(fs, OP_MOV, irpc, 0);
            x->dst = dst;
            x->a = a + off;
            x->nel = (uint16_t)type_words(leaf);
        } else {
            SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
            x = emit(fs, OP_INSERTVAL, irpc, 0);
            x->dst = dst;
            x->a = a;
            x->b = b;
            x->nel = (uint16_t)words;
            x->imm = off;
            x->aux = type_words(leaf);
        }
        *cls = SIMT_IC_FREE;
        return SIMT_ERR_OK;
    }
    case LLVMGetElementPtr:
        return xl_gep(fs, I, irpc, dst, cls);
    case LLVMAlloca: {
        LLVMTypeRef at = LLVMGetAllocatedType(I);
        LLVMValueRef cnt = LLVMGetOperand(I, 0);
        x = emit(fs, OP_ALLOCA, irpc, 0);
        x->dst = dst;
        x->imm = (int64_t)LLVMABISizeOfType(ms->td, at);
        unsigned al = LLVMGetAlignment(I);
        if (al < 1)
            al = 1;
        unsigned lg = 0;
        while ((1u << lg) < al)
            lg++;
        x->sub = (uint8_t)lg;
        if (LLVMIsAConstantInt(cnt)) {
            x->imm *= (int64_t)LLVMConstIntGetZExtValue(cnt);
            f->frame_local_bytes += (uint32_t)x->imm;
        } else {
            SIMT_TRY(ref(fs, cnt, &x->a));
            x = &f->code[f->ncode - 1];
            x->ty = (uint8_t)int_width(LLVMTypeOf(cnt));
        }
        *cls = SIMT_IC_FREE;
        return SIMT_ERR_OK;
    }
    case LLVMLoad:
    case LLVMStore: {
        LLVMValueRef ptr = LLVMGetOperand(I, op == LLVMLoad ? 0 : 1);
        LLVMTypeRef vt = op == LLVMLoad ? t : LLVMTypeOf(LLVMGetOperand(I, 0));
        uint32_t *lv = NULL, nl = 0;
        size_t capl = 0;
        if (type_leaves(ms, vt, 0, &lv, &nl, &capl)) {
            free(lv);
            return ferr(fs, I, "load/store of a bit vector");
        }
        SIMT_TRY(ref(fs, ptr, &b));
        if (op == LLVMStore)
            SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        x = emit(fs, op == LLVMLoad ? OP_LOAD : OP_STORE, irpc, 1);
        if (op == LLVMLoad) {
            x->dst = dst;
            x->a = b;
        } else {
            x->a = a;
            x->b = b;
        }
        x->nel = (uint16_t)type_words(vt);
        x->flags = XF_TRACEMEM | (LLVMGetVolatile(I) ? XF_VOLATILE : 0);
        x->imm = (int64_t)LLVMStoreSizeOfType(ms->td, vt);
        x->ty = (uint8_t)(LLVMGetAlignment(I) > 16 ? 16 : LLVMGetAlignment(I));
        x->aux = aux_push(fs, nl / 2);
        for (uint32_t i = 0; i < nl; i++)
            aux_push(fs, lv[i]);
        free(lv);
        *cls = op == LLVMLoad ? SIMT_IC_LOAD : SIMT_IC_STORE;
        *msp = mspace_of_ptr(ptr);
        *abytes = (uint32_t)LLVMStoreSizeOfType(ms->td, vt);
        *iflags = LLVMGetVolatile(I) ? SIMT_IF_VOLATILE : 0;
        return SIMT_ERR_OK;
    }
    case LLVMAtomicRMW: {
        LLVMValueRef ptr = LLVMGetOperand(I, 0);
        SIMT_TRY(ref(fs, ptr, &a));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
        x = emit(fs, OP_ATOMIC, irpc, 1);
        x->dst = dst;
        x->a = a;
        x->b = b;
        x->sub = (uint8_t)LLVMGetAtomicRMWBinOp(I);
        x->ty = (uint8_t)(is_fp(t) ? (uint32_t)(0x80 | scalar_kind(t)) : int_width(t));
        x->imm = (int64_t)LLVMStoreSizeOfType(ms->td, t);
        x->flags = XF_TRACEMEM;
        *cls = SIMT_IC_ATOMIC;
        *msp = mspace_of_ptr(ptr);
        *abytes = (uint32_t)x->imm;
        return SIMT_ERR_OK;
    }
    case LLVMAtomicCmpXchg: {
        LLVMValueRef ptr = LLVMGetOperand(I, 0);
        LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(I, 1));
        SIMT_TRY(ref(fs, ptr, &a));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 1), &b));
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 2), &c));
        x = emit(fs, OP_CMPXCHG, irpc, 1);
        x->dst = dst;
        x->a = a;
        x->b = b;
        x->c = c;
        x->ty = (uint8_t)int_width(vt);
        x->imm = (int64_t)LLVMStoreSizeOfType(ms->td, vt);
        x->flags = XF_TRACEMEM;
        *cls = SIMT_IC_ATOMIC;
        *msp = mspace_of_ptr(ptr);
        *abytes = (uint32_t)x->imm;
        return SIMT_ERR_OK;
    }
    case LLVMFence:
        emit(fs, OP_FENCE, irpc, 1);
        *cls = SIMT_IC_MEMBAR;
        return SIMT_ERR_OK;
    case LLVMBr: {
        simt_err e = SIMT_ERR_OK;
        LLVMBasicBlockRef from = LLVMGetInstructionParent(I);
        *cls = SIMT_IC_BRANCH;
        if (!LLVMIsConditional(I)) {
            uint32_t ei = edge_new(fs, from, LLVMValueAsBasicBlock(LLVMGetOperand(I, 0)), 0, &e);
            SIMT_TRY(e);
            x = emit(fs, OP_BR, irpc, 1);
            x->aux = ei;
            return SIMT_ERR_OK;
        }
        SIMT_TRY(ref(fs, LLVMGetCondition(I), &a));
        uint32_t e0 = edge_new(fs, from, LLVMGetSuccessor(I, 0), 0, &e);
        SIMT_TRY(e);
        uint32_t e1 = edge_new(fs, from, LLVMGetSuccessor(I, 1), 1, &e);
        SIMT_TRY(e);
        (void)e1;
        x = emit(fs, OP_CONDBR, irpc, 1);
        x->a = a;
        x->aux = e0;
        return SIMT_ERR_OK;
    }
    case LLVMSwitch: {
        simt_err e = SIMT_ERR_OK;
        LLVMBasicBlockRef from = LLVMGetInstructionParent(I);
        LLVMValueRef cond = LLVMGetOperand(I, 0);
        SIMT_TRY(ref(fs, cond, &a));
        if (int_width(LLVMTypeOf(cond)) > 64)
            return ferr(fs, I, "switch on integers wider than 64 bits");
        unsigned ns = LLVMGetNumSuccessors(I);
        uint32_t *eds = calloc(ns, sizeof(uint32_t));
        for (unsigned k = 0; k < ns && !e; k++)
            eds[k] = edge_new(fs, from, LLVMGetSuccessor(I, k), k, &e);
        if (e) {
            free(eds);
            return e;
        }
        /* aux: ncases, default edge, then (value lo, value hi, edge) per case */
        uint32_t ax = aux_push(fs, ns - 1);
        aux_push(fs, eds[0]);
        for (unsigned k = 1; k < ns; k++) {
            uint64_t v = LLVMConstIntGetZExtValue(LLVMGetOperand(I, 2 * k));
            aux_push(fs, (uint32_t)v);
            aux_push(fs, (uint32_t)(v >> 32));
            aux_push(fs, eds[k]);
        }
        free(eds);
        x = emit(fs, OP_SWITCH, irpc, 1);
        x->a = a;
        x->aux = ax;
        *cls = SIMT_IC_BRANCH;
        return SIMT_ERR_OK;
    }
    case LLVMIndirectBr: {
        /* a switch on the block address over the destination list, without a default
         * (an address that is none of the destinations is an error when reached) */
        simt_err e = SIMT_ERR_OK;
        LLVMBasicBlockRef from = LLVMGetInstructionParent(I);
        SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        unsigned ns = LLVMGetNumSuccessors(I);
        uint32_t *eds = calloc(ns + 1, sizeof(uint32_t));
        if (!eds)
            return SIMT_ERR_NOMEM;
        for (unsigned k = 0; k < ns && !e; k++)
            eds[k] = edge_new(fs, from, LLVMGetSuccessor(I, k), k, &e);
        if (e) {
            free(eds);
            return e;
        }
        uint32_t ax = aux_push(fs, ns);
        aux_push(fs, UINT32_MAX);
        for (unsigned k = 0; k < ns; k++) {
            uint64_t v = block_addr(fs->ms, fs->fn, LLVMGetSuccessor(I, k));
            aux_push(fs, (uint32_t)v);
            aux_push(fs, (uint32_t)(v >> 32));
            aux_push(fs, eds[k]);
        }
        free(eds);
        x = emit(fs, OP_SWITCH, irpc, 1);
        x->a = a;
        x->aux = ax;
        *cls = SIMT_IC_BRANCH;
        return SIMT_ERR_OK;
    }
    case LLVMRet:
        if (nops > 0)
            SIMT_TRY(ref(fs, LLVMGetOperand(I, 0), &a));
        x = emit(fs, OP_RET, irpc, 1);
        x->a = a;
        x->nel = (uint16_t)f->ret_words;
        *cls = f->is_kernel ? SIMT_IC_EXIT : SIMT_IC_RET;
        return SIMT_ERR_OK;
    case LLVMUnreachable:
        emit(fs, OP_UNREACHABLE, irpc, 0);
        *cls = SIMT_IC_FREE;
        return SIMT_ERR_OK;
    case LLVMCall: {
        LLVMValueRef cv = LLVMGetCalledValue(I);
        if (LLVMIsAInlineAsm(cv))
            return xl_asm(fs, I, irpc, dst, cls, msp, abytes, iflags);
        uint32_t fi;
        LLVMValueRef fnv = LLVMIsAFunction(cv) ? cv : NULL;
        if (fnv && pmap_get(&ms->fmap, fnv, &fi) && ms->m->funcs[fi].defined) {
            unsigned na = (unsigned)LLVMGetNumArgOperands(I);
            x = emit(fs, OP_CALL, irpc, 1);
            uint32_t ax = aux_push(fs, fi);
            aux_push(fs, na);
            for (unsigned i = 0; i < na; i++) {
                uint32_t r;
                SIMT_TRY(ref(fs, LLVMGetOperand(I, i), &r));
                aux_push(fs, r);
                aux_push(fs, type_words(LLVMTypeOf(LLVMGetOperand(I, i))));
            }
            x = &f->code[f->ncode - 1];
            x->dst = dst;
            x->nel = (uint16_t)words;
            x->aux = ax;
            *cls = SIMT_IC_CALL;
            *callee = fi;
            return SIMT_ERR_OK;
        }
        if (fnv) {
            size_t l;
            const char *nm = LLVMGetValueName2(fnv, &l);
            if (strcmp(nm, "__simt_grid_sync") == 0)
                *iflags |= SIMT_IF_GRID; /* the timing model replays it grid-wide */
            return xl_intrinsic(fs, I, irpc, nm, cls, abytes, msp);
        }
        /* indirect call */
        unsigned na = (unsigned)LLVMGetNumArgOperands(I);
        SIMT_TRY(ref(fs, cv, &a));
        x = emit(fs, OP_ICALL, irpc, 1);
        uint32_t ax = aux_push(fs, UINT32_MAX);
        aux_push(fs, na);
        for (unsigned i = 0; i < na; i++) {
            uint32_t r;
            SIMT_TRY(ref(fs, LLVMGetOperand(I, i), &r));
            aux_push(fs, r);
            aux_push(fs, type_words(LLVMTypeOf(LLVMGetOperand(I, i))));
        }
        x = &f->code[f->ncode - 1];
        x->dst = dst;
        x->a = a;
        x->nel = (uint16_t)words;
        x->aux = ax;
        f->has_icall = 1;
        *cls = SIMT_IC_CALL;
        *iflags = SIMT_IF_INDIRECT;
        return SIMT_ERR_OK;
    }
    default:
        break;
    }
    x = emit(fs, OP_UNKNOWN, irpc, 1);
    x->dst = dst;
    return SIMT_ERR_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* module                                                                                       */

/* Reads fn's nvvm.annotations: returns 1 if it is a kernel; *maxntid = the product of its
 * __launch_bounds__ maxntid{x,y,z} (0 if none), *minctasm = its minimum CTAs per SM (0 if
 * none). */
static int is_kernel_fn(struct mstate *ms, LLVMValueRef fn, uint32_t *maxntid, uint32_t *minctasm)
{
    int r = LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv;
    uint64_t mx = 0, mc = 0;
    unsigned n = LLVMGetNamedMetadataNumOperands(ms->mod, "nvvm.annotations");
    LLVMValueRef *ops = n ? calloc(n, sizeof(*ops)) : NULL;
    if (ops)
        LLVMGetNamedMetadataOperands(ms->mod, "nvvm.annotations", ops);
    for (unsigned i = 0; ops && i < n; i++) {
        unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
        if (k < 3 || k > 64)
            continue;
        LLVMValueRef o[64];
        LLVMGetMDNodeOperands(ops[i], o);
        if (o[0] != fn)
            continue;
        for (unsigned j = 1; j + 1 < k; j += 2) {
            unsigned l = 0;
            const char *s = o[j] ? LLVMGetMDString(o[j], &l) : NULL;
            if (s && l == 6 && memcmp(s, "kernel", 6) == 0)
                r = 1;
            if (s && l == 8 && memcmp(s, "maxntid", 7) == 0 && o[j + 1] &&
                LLVMIsAConstantInt(o[j + 1]))
                mx = (mx ? mx : 1) * LLVMConstIntGetZExtValue(o[j + 1]);
            if (s && l == 8 && memcmp(s, "minctasm", 8) == 0 && o[j + 1] &&
                LLVMIsAConstantInt(o[j + 1]))
                mc = LLVMConstIntGetZExtValue(o[j + 1]);
        }
    }
    free(ops);
    *maxntid = mx > 1024 ? 1024 : (uint32_t)mx;
    *minctasm = mc > 1024 ? 1024 : (uint32_t)mc;
    return r;
}

static simt_err layout_globals(struct mstate *ms)
{
    simt_module *m = ms->m;
    simt_device *d = m->dev;
    uint32_t n = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(ms->mod); g; g = LLVMGetNextGlobal(g))
        n++;
    m->globals = calloc(n + 1, sizeof(*m->globals));
    LLVMValueRef *gv = calloc(n + 1, sizeof(*gv));
    uint64_t cbytes = 0, sbytes = 0;
    uint32_t gi = 0;
    /* pass 1: sizes and offsets */
    for (LLVMValueRef g = LLVMGetFirstGlobal(ms->mod); g; g = LLVMGetNextGlobal(g)) {
        size_t l;
        const char *nm = LLVMGetValueName2(g, &l);
        if (starts(nm, "llvm."))
            continue;
        LLVMTypeRef vt = LLVMGlobalGetValueType(g);
        uint64_t sz = LLVMABISizeOfType(ms->td, vt);
        uint64_t al = LLVMGetAlignment(g);
        if (al < LLVMABIAlignmentOfType(ms->td, vt))
            al = LLVMABIAlignmentOfType(ms->td, vt);
        if (al < 1)
            al = 1;
        unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
        struct xglobal *x = &m->globals[gi];
        x->name = strdup(nm);
        x->bytes = sz;
        gv[gi] = g;
        if (as == 3) {
            x->space = SIMT_MS_SHARED;
            if (LLVMIsDeclaration(g) || sz == 0) {
                x->addr = UINT64_MAX; /* dynamic: placed after static */
            } else {
                sbytes = (sbytes + al - 1) / al * al;
                x->addr = SIMT_WIN_SHARED_BASE + sbytes;
                sbytes += sz;
            }
        } else if (as == 4) {
            x->space = SIMT_MS_CONST;
            cbytes = (cbytes + al - 1) / al * al;
            x->addr = cbytes; /* relative; fixed below */
            cbytes += sz;
        } else {
            x->space = SIMT_MS_GLOBAL;
            x->addr = 0;
        }
        pmap_put(&ms->gmap, g, gi);
        gi++;
    }
    m->nglobals = gi;
    m->shared_static_bytes = sbytes;
    uint64_t dyn = SIMT_WIN_SHARED_BASE + ((sbytes + 15) & ~15ull);
    m->cbank_bytes = cbytes;
    m->cbank_base = SIMT_WIN_CONST_BASE + d->next_const;
    d->next_const += (cbytes + 4095) & ~4095ull;
    if (!cbytes)
        d->next_const += 4096;
    m->cbank = calloc(cbytes ? cbytes : 1, 1);
    simt_err e = SIMT_ERR_OK;
    for (uint32_t i = 0; i < gi && !e; i++) {
        struct xglobal *x = &m->globals[i];
        if (x->space == SIMT_MS_SHARED && x->addr == UINT64_MAX)
            x->addr = dyn;
        else if (x->space == SIMT_MS_CONST)
            x->addr += m->cbank_base;
        else if (x->space == SIMT_MS_GLOBAL)
            e = dev_map_global(d, x->bytes ? x->bytes : 1, &x->addr);
    }
    /* pass 2: initialisers (all addresses known) */
    for (uint32_t i = 0; i < gi && !e; i++) {
        struct xglobal *x = &m->globals[i];
        LLVMValueRef init = LLVMIsDeclaration(gv[i]) ? NULL : LLVMGetInitializer(gv[i]);
        if (!init || x->space == SIMT_MS_SHARED)
            continue;
        uint8_t *p = x->space == SIMT_MS_CONST ? m->cbank + (x->addr - m->cbank_base)
                                               : (uint8_t *)(uintptr_t)x->addr;
        e = const_bytes(ms, init, p, x->bytes);
        if (e)
            simt_errprefix("%s: initialiser of global '%s'", m->name, x->name);
    }
    free(gv);
    return e;
}

/* LLVM's default diagnostic handler exits the process on errors: collect them instead. */
static void diag_handler(LLVMDiagnosticInfoRef di, void *ctx)
{
    char *buf = ctx;
    if (LLVMGetDiagInfoSeverity(di) != LLVMDSError)
        return;
    char *msg = LLVMGetDiagInfoDescription(di);
    if (!buf[0] && msg)
        snprintf(buf, 512, "%s", msg);
    LLVMDisposeMessage(msg);
}

/* Registers of function i with its calls: the maximum of its own estimate and, at every call
 * site, the registers live across the call plus the callee's total (an indirect call: the
 * largest total of the functions whose address is taken). The callee's registers come on top
 * of the caller's live values, as with the PTX ABI's caller-/callee-saved split; recursion
 * (a function on the current call path) adds the callee's own estimate once. */
static uint32_t reg_total(simt_module *m, uint32_t i, uint8_t *state, int depth)
{
    struct xfunc *f = &m->funcs[i];
    if (state[i] == 2)
        return f->reg_estimate;
    if (state[i] == 1 || depth > 64)
        return f->reg_own;
    state[i] = 1;
    uint32_t r = f->reg_own;
    for (uint32_t c = 0; c < f->nreg_calls; c++) {
        uint32_t callee = f->reg_calls[2 * c], across = f->reg_calls[2 * c + 1], need = 0;
        if (callee == UINT32_MAX) {
            for (uint32_t k = 0; k < m->nfuncs; k++)
                if (m->funcs[k].defined && m->funcs[k].addr_taken) {
                    uint32_t t = reg_total(m, k, state, depth + 1);
                    need = t > need ? t : need;
                }
        } else if (callee < m->nfuncs && m->funcs[callee].defined) {
            need = reg_total(m, callee, state, depth + 1);
        }
        if (across + need > r)
            r = across + need;
    }
    f->reg_estimate = r;
    state[i] = 2;
    return r;
}

simt_err xl_module(simt_module *m, const void *image, size_t size)
{
    if (!size)
        return simt_seterr(SIMT_ERR_FORMAT, "%s: empty device image (0 bytes)", m->name);
    struct mstate ms;
    memset(&ms, 0, sizeof(ms));
    ms.m = m;
    ms.ctx = LLVMContextCreate();
    char diag[512] = "";
    LLVMContextSetDiagnosticHandler(ms.ctx, diag_handler, diag);
    simt_err e = SIMT_ERR_OK;
    char *msg = NULL;
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy((const char *)image, size, m->name);
    int bad;
    if (size >= 4 && memcmp(image, "BC\xc0\xde", 4) == 0) {
        bad = LLVMParseBitcodeInContext2(ms.ctx, buf, &ms.mod);
        LLVMDisposeMemoryBuffer(buf);
        if (bad)
            msg = strdup(diag[0] ? diag : "invalid bitcode");
    } else {
        bad = LLVMParseIRInContext(ms.ctx, buf, &ms.mod, &msg); /* takes the buffer */
    }
    if (bad) {
        e = simt_seterr(SIMT_ERR_FORMAT, "%s: cannot parse LLVM IR: %s", m->name,
                        msg ? msg : "unknown error");
        if (msg && size >= 4 && memcmp(image, "BC\xc0\xde", 4) == 0)
            free(msg);
        else if (msg)
            LLVMDisposeMessage(msg);
        LLVMContextDispose(ms.ctx);
        return e;
    }
    ms.td = LLVMGetModuleDataLayout(ms.mod);
    /* functions */
    uint32_t nf = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(ms.mod); fn; fn = LLVMGetNextFunction(fn))
        nf++;
    m->funcs = calloc(nf + 1, sizeof(*m->funcs));
    m->nfuncs = nf;
    LLVMValueRef *fns = calloc(nf + 1, sizeof(*fns));
    uint32_t i = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(ms.mod); fn; fn = LLVMGetNextFunction(fn), i++) {
        size_t l;
        fns[i] = fn;
        m->funcs[i].name = strdup(LLVMGetValueName2(fn, &l));
        m->funcs[i].index = i;
        m->funcs[i].defined = !LLVMIsDeclaration(fn);
        m->funcs[i].is_kernel = m->funcs[i].defined &&
                                is_kernel_fn(&ms, fn, &m->funcs[i].maxntid, &m->funcs[i].minctasm);
        pmap_put(&ms.fmap, fn, i);
    }
    e = layout_globals(&ms);
    for (i = 0; i < nf && !e; i++) {
        if (!m->funcs[i].defined)
            continue;
        /* address taken? (used other than as a direct callee) */
        for (LLVMUseRef u = LLVMGetFirstUse(fns[i]); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef us = LLVMGetUser(u);
            if (!(LLVMIsACallInst(us) && LLVMGetCalledValue(us) == fns[i]))
                m->funcs[i].addr_taken = 1;
        }
        ms.curf = &m->funcs[i];
        ms.capused = 0;
        e = xl_function(&ms, &m->funcs[i], fns[i]);
        ms.curf = NULL;
        if (e)
            break;
        /* direct callees */
        struct xfunc *f = &m->funcs[i];
        size_t cap = 0;
        for (uint32_t k = 0; k < f->nir; k++) {
            uint32_t c = f->sinsts[k].callee;
            if (c == SIMT_NO_FUNC)
                continue;
            int dup = 0;
            for (uint32_t j = 0; j < f->ncallees; j++)
                dup |= f->callees[j] == c;
            if (!dup) {
                GROW(f->callees, f->ncallees, cap);
                f->callees[f->ncallees++] = c;
            }
        }
    }
    if (!e) {
        /* functions that may execute a grid-wide barrier: directly, through a direct call,
         * or through an indirect call (any function whose address is taken may be called) */
        int any_taken = 0;
        for (i = 0; i < nf; i++)
            m->funcs[i].may_gridsync = m->funcs[i].has_gridsync;
        for (int changed = 1; changed;) {
            changed = 0;
            for (i = 0; i < nf; i++)
                any_taken |= m->funcs[i].addr_taken && m->funcs[i].may_gridsync;
            for (i = 0; i < nf; i++) {
                struct xfunc *f = &m->funcs[i];
                int may = f->may_gridsync || (f->has_icall && any_taken);
                for (uint32_t k = 0; k < f->ncallees && !may; k++)
                    may = f->callees[k] < nf && m->funcs[f->callees[k]].may_gridsync;
                if (may && !f->may_gridsync) {
                    f->may_gridsync = 1;
                    changed = 1;
                }
            }
        }
    }
    if (!e) {
        uint8_t *state = calloc(nf + 1, 1);
        for (i = 0; i < nf && state; i++)
            if (m->funcs[i].defined)
                m->funcs[i].reg_estimate = reg_total(m, i, state, 0);
        free(state);
    }
    free(fns);
    pmap_free(&ms.fmap);
    pmap_free(&ms.gmap);
    LLVMDisposeModule(ms.mod);
    LLVMContextDispose(ms.ctx);
    return e;
}

void xl_free_module(simt_module *m)
{
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        struct xfunc *f = &m->funcs[i];
        free(f->name);
        free(f->param_slot);
        free(f->param_words);
        free(f->param_bytes);
        free(f->param_align);
        free(f->param_leaves);
        free(f->param_byval);
        free(f->cpool);
        free(f->code);
        free(f->aux);
        free(f->edges);
        free(f->sblocks);
        free(f->ssuccs);
        free(f->sinsts);
        free(f->strings);
        free(f->block_start);
        free(f->callees);
        free(f->reg_calls);
        free(f->exit_bound);
        free(f->used_globals);
        free((char *)f->source_file);
    }
    free(m->funcs);
    for (uint32_t i = 0; i < m->nglobals; i++)
        free(m->globals[i].name);
    free(m->globals);
    free(m->cbank);
}

/* ------------------------------------------------------------------------------------------ */
/* per-kernel static program                                                                    */

simt_err xl_kprog(simt_module *m, uint32_t kfunc, struct kprog **out)
{
    struct kprog *k = calloc(1, sizeof(*k));
    if (!k)
        return SIMT_ERR_NOMEM;
    uint32_t nf = m->nfuncs;
    k->pcbase = malloc((nf + 1) * sizeof(uint32_t));
    k->funcidx = malloc((nf + 1) * sizeof(uint32_t));
    k->order = malloc((nf + 1) * sizeof(uint32_t));
    k->blockbase = malloc((nf + 1) * sizeof(uint32_t));
    for (uint32_t i = 0; i < nf; i++)
        k->funcidx[i] = SIMT_NO_FUNC, k->pcbase[i] = UINT32_MAX;
    /* reachable functions: BFS over direct calls; address-taken ones if any indirect call */
    uint32_t n = 0;
    k->order[n++] = kfunc;
    k->funcidx[kfunc] = 0;
    int icall = 0;
    for (uint32_t q = 0; q < n; q++) {
        struct xfunc *f = &m->funcs[k->order[q]];
        icall |= f->has_icall;
        for (uint32_t j = 0; j < f->ncallees; j++) {
            uint32_t c = f->callees[j];
            if (k->funcidx[c] == SIMT_NO_FUNC) {
                k->funcidx[c] = n;
                k->order[n++] = c;
            }
        }
        if (q + 1 == n && icall) {
            for (uint32_t c = 0; c < nf; c++)
                if (m->funcs[c].defined && m->funcs[c].addr_taken &&
                    k->funcidx[c] == SIMT_NO_FUNC) {
                    k->funcidx[c] = n;
                    k->order[n++] = c;
                }
        }
    }
    uint32_t ninst = 0, nblk = 0, nsucc = 0, nstr = 0, nreg = 0;
    for (uint32_t q = 0; q < n; q++) {
        struct xfunc *f = &m->funcs[k->order[q]];
        ninst += f->nir;
        nblk += f->nblocks;
        nsucc += f->nssuccs;
        nstr += f->strings_size + (uint32_t)strlen(f->name) + 1;
        nreg += f->nregs;
    }
    struct simt_sfunc *sf = calloc(n, sizeof(*sf));
    struct simt_sblock *sb = calloc(nblk + 1, sizeof(*sb));
    struct simt_sinst *si = calloc(ninst + 1, sizeof(*si));
    uint32_t *ss = calloc(nsucc + 1, sizeof(uint32_t));
    char *str = calloc(nstr + 1, 1);
    uint32_t ip = 0, bp = 0, sp = 0, strp = 0, rp = 0;
    for (uint32_t q = 0; q < n; q++) {
        struct xfunc *f = &m->funcs[k->order[q]];
        k->pcbase[k->order[q]] = ip;
        k->blockbase[q] = bp;
        sf[q].name = strp;
        memcpy(str + strp, f->name, strlen(f->name) + 1);
        strp += (uint32_t)strlen(f->name) + 1;
        uint32_t sbase = strp;
        memcpy(str + strp, f->strings, f->strings_size);
        strp += f->strings_size;
        sf[q].first_block = bp;
        sf[q].nblocks = f->nblocks;
        for (uint32_t b = 0; b < f->nblocks; b++) {
            sb[bp + b] = f->sblocks[b];
            sb[bp + b].func = q;
            sb[bp + b].first_pc += ip;
            sb[bp + b].succ_first += sp;
            if (sb[bp + b].ipdom != SIMT_NO_BLOCK)
                sb[bp + b].ipdom += bp;
        }
        for (uint32_t j = 0; j < f->nssuccs; j++)
            ss[sp + j] = f->ssuccs[j] + bp;
        for (uint32_t p = 0; p < f->nir; p++) {
            struct simt_sinst x = f->sinsts[p];
            x.block += bp;
            if (x.dst)
                x.dst += rp;
            for (int s = 0; s < x.nsrc; s++)
                x.srcs[s] += rp;
            if (x.callee != SIMT_NO_FUNC)
                x.callee = k->funcidx[x.callee];
            if (x.reconv_pc != SIMT_PC_EXIT)
                x.reconv_pc += ip;
            x.text += sbase;
            si[ip + p] = x;
        }
        ip += f->nir;
        bp += f->nblocks;
        sp += f->nssuccs;
        rp += f->nregs;
    }
    k->p.kernel_name = m->funcs[kfunc].name;
    k->p.source_file = m->funcs[kfunc].source_file ? m->funcs[kfunc].source_file : "";
    k->p.nfuncs = n;
    k->p.nblocks = nblk;
    k->p.ninsts = ninst;
    k->p.nsuccs = nsucc;
    k->p.strings_size = strp;
    k->p.funcs = sf;
    k->p.blocks = sb;
    k->p.insts = si;
    k->p.succs = ss;
    k->p.strings = str;
    k->p.nregs = nreg;
    *out = k;
    return SIMT_ERR_OK;
}

void xl_free_kprog(struct kprog *k)
{
    if (!k)
        return;
    free((void *)k->p.funcs);
    free((void *)k->p.blocks);
    free((void *)k->p.insts);
    free((void *)k->p.succs);
    free((void *)k->p.strings);
    free(k->pcbase);
    free(k->funcidx);
    free(k->order);
    free(k->blockbase);
    free(k);
}

/* Static shared memory a kernel uses: the __shared__ variables referenced by the kernel and
 * the functions it can reach (what the compiler would allocate for it). Addresses stay
 * module-wide so that device functions shared by several kernels need one translation. */
uint64_t xl_kernel_shared_bytes(const simt_module *m, uint32_t kfunc)
{
    uint32_t nf = m->nfuncs, ng = m->nglobals;
    uint8_t *fseen = calloc(nf + 1, 1), *gseen = calloc(ng + 1, 1);
    uint32_t *q = malloc((nf + 1) * sizeof(uint32_t));
    uint64_t bytes = 0;
    if (!fseen || !gseen || !q)
        goto out;
    uint32_t n = 0;
    int icall = 0;
    q[n++] = kfunc;
    fseen[kfunc] = 1;
    for (uint32_t i = 0; i < n; i++) {
        const struct xfunc *f = &m->funcs[q[i]];
        icall |= f->has_icall;
        for (uint32_t j = 0; j < f->ncallees; j++)
            if (!fseen[f->callees[j]]) {
                fseen[f->callees[j]] = 1;
                q[n++] = f->callees[j];
            }
        if (i + 1 == n && icall)
            for (uint32_t c = 0; c < nf; c++)
                if (m->funcs[c].defined && m->funcs[c].addr_taken && !fseen[c]) {
                    fseen[c] = 1;
                    q[n++] = c;
                }
    }
    for (uint32_t i = 0; i < n; i++) {
        const struct xfunc *f = &m->funcs[q[i]];
        for (uint32_t j = 0; j < f->nused; j++)
            gseen[f->used_globals[j]] = 1;
    }
    for (uint32_t g = 0; g < ng; g++)
        if (gseen[g] && m->globals[g].space == SIMT_MS_SHARED &&
            m->globals[g].addr < SIMT_WIN_SHARED_BASE + m->shared_static_bytes)
            bytes = ((bytes + 15) & ~15ull) + m->globals[g].bytes;
out:
    free(fseen);
    free(gseen);
    free(q);
    return bytes;
}
