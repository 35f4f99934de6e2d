/* coalesce.c - coalescer and shared-memory bank unit (contract in coalesce.h). */
#include "coalesce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_common.h"
#include "simt_fastdiv.h"

const char *simt_mem_hazard_name(enum simt_hazard h)
{
    static const char *const names[SIMT_HZ_NUM_] = {"div", "bank", "mshr", "comq", "rsv"};
    return (unsigned)h < SIMT_HZ_NUM_ ? names[h] : "none";
}

int simt_coalesce(uint32_t line_bytes, uint32_t sector_bytes, uint32_t active_mask,
                  const uint64_t *addr, const uint32_t *bytes, uint32_t access_bytes,
                  struct simt_coal_seg *out)
{
    int nseg = 0;
    const uint64_t lmask = ~(uint64_t)(line_bytes - 1);
    uint32_t m = active_mask;
    while (m) {
        const int t = __builtin_ctz(m);
        m &= m - 1;
        uint32_t n = bytes ? bytes[t] : access_bytes;
        if (n == 0)
            n = 1;
        const uint64_t first = addr[t], last = addr[t] + n - 1;
        for (uint64_t line = first & lmask; line <= (last & lmask); line += line_bytes) {
            /* bytes of this thread inside the line -> sectors */
            const uint64_t lo = first > line ? first : line;
            const uint64_t hi = last < line + line_bytes - 1 ? last : line + line_bytes - 1;
            const uint32_t s0 = (uint32_t)((lo - line) / sector_bytes);
            const uint32_t s1 = (uint32_t)((hi - line) / sector_bytes);
            const uint32_t smask = (s1 - s0 + 1 >= 32 ? 0xffffffffu : ((1u << (s1 - s0 + 1)) - 1))
                                   << s0;
            int k = -1;
            if (nseg > 0 && out[nseg - 1].line_addr == line) /* unit-stride fast path */
                k = nseg - 1;
            else
                for (int j = 0; j < nseg; j++)
                    if (out[j].line_addr == line) {
                        k = j;
                        break;
                    }
            if (k < 0) {
                if (nseg >= SIMT_COAL_MAX_SEGS)
                    return -1;
                k = nseg++;
                out[k].line_addr = line;
                out[k].thread_mask = 0;
                out[k].sector_mask = 0;
            }
            out[k].thread_mask |= 1u << t;
            out[k].sector_mask |= smask;
            if (line > UINT64_MAX - line_bytes)
                break;
        }
    }
    return nseg;
}

/* ---- shared-memory banks ---- */

#define SMEM_MAX_WORDS 128 /* distinct words kept per bank and access (32 threads x 4) */

struct simt_smem {
    struct simt_smem_cfg cfg;
    struct simt_smem_stats st, sink;
    struct {
        SIMT_SMEM_STATS(SIMT_MEM_STAT_PTR)
    } m;
    uint32_t epoch;
    uint32_t *bank_epoch; /* [nbanks] epoch in which bank_count is valid */
    uint32_t *bank_count; /* [nbanks] distinct words seen this access */
    uint32_t *bank_owner; /* [nbanks] the thread that brought the bank's first word */
    uint32_t *bank_owned; /* [nbanks] how many of the bank's words (ranks 0..) it brought */
    uint64_t *bank_words; /* [nbanks][SMEM_MAX_WORDS] the distinct words, in arrival order */
};

simt_err simt_smem_create(const struct simt_smem_cfg *cfg, simt_smem **out)
{
    *out = NULL;
    SIMT_RETURN_IF(cfg->nbanks < 1 || cfg->nbanks > 64, SIMT_ERR_CONFIG,
                   "smem.banks = %u: must be 1..64", cfg->nbanks);
    SIMT_RETURN_IF(
        cfg->bank_bytes < 1 || cfg->bank_bytes > 16 || (cfg->bank_bytes & (cfg->bank_bytes - 1)),
        SIMT_ERR_CONFIG, "smem.bank_bytes = %u: must be a power of two 1..16", cfg->bank_bytes);
    simt_smem *s = calloc(1, sizeof *s);
    if (!s)
        return simt_seterr(SIMT_ERR_NOMEM, "smem: out of memory");
    s->cfg = *cfg;
#define BIND_SINK(f, d_) s->m.f = &s->sink.f;
    SIMT_SMEM_STATS(BIND_SINK)
#undef BIND_SINK
    s->bank_epoch = calloc(cfg->nbanks, sizeof *s->bank_epoch);
    s->bank_count = calloc(cfg->nbanks, sizeof *s->bank_count);
    s->bank_owner = calloc(cfg->nbanks, sizeof *s->bank_owner);
    s->bank_owned = calloc(cfg->nbanks, sizeof *s->bank_owned);
    s->bank_words = calloc((size_t)cfg->nbanks * SMEM_MAX_WORDS, sizeof *s->bank_words);
    if (!s->bank_epoch || !s->bank_count || !s->bank_owner || !s->bank_owned || !s->bank_words) {
        simt_smem_free(s);
        return simt_seterr(SIMT_ERR_NOMEM, "smem: out of memory");
    }
    *out = s;
    return SIMT_ERR_OK;
}

void simt_smem_free(simt_smem *s)
{
    if (!s)
        return;
    free(s->bank_epoch);
    free(s->bank_count);
    free(s->bank_owner);
    free(s->bank_owned);
    free(s->bank_words);
    free(s);
}

#define INC(f)    (s->st.f++, (*s->m.f)++)
#define ADD(f, v) (s->st.f += (v), (*s->m.f) += (v))

/* Rank (0-based arrival order) of `word` among the distinct words of its bank; inserts it
 * if new. Without broadcast every request is distinct. The bank's first word comes from its
 * owner, thread t of the access (threads are taken one after another); *owned: how many of
 * the bank's words, ranks 0.., the owner brought (more than one only when an access is
 * wider than banks x bank_bytes, so that its own words share a bank). */
static inline uint32_t smem_rank(simt_smem *s, uint64_t word, uint32_t t, uint32_t *owned)
{
    /* (a mask, not a 64-bit division, for the usual power-of-two bank count) */
    const uint32_t b = (uint32_t)simt_umod(word, s->cfg.nbanks);
    if (s->bank_epoch[b] != s->epoch) {
        s->bank_epoch[b] = s->epoch;
        s->bank_count[b] = 0;
        s->bank_owner[b] = t;
        s->bank_owned[b] = 0;
    }
    uint64_t *w = s->bank_words + (size_t)b * SMEM_MAX_WORDS;
    uint32_t n = s->bank_count[b];
    /* (only the first SMEM_MAX_WORDS are kept: beyond them, a word counts as new) */
    if (s->cfg.broadcast)
        for (uint32_t i = 0; i < n && i < SMEM_MAX_WORDS; i++)
            if (w[i] == word) {
                *owned = s->bank_owned[b];
                return i;
            }
    if (n < SMEM_MAX_WORDS)
        w[n] = word;
    s->bank_count[b] = n + 1;
    if (s->bank_owner[b] == t)
        s->bank_owned[b] = n + 1;
    *owned = s->bank_owned[b];
    return n;
}

/* The bytes thread t accesses (at least one). */
static inline uint32_t access_len(const uint32_t *bytes, uint32_t access_bytes, int t)
{
    const uint32_t n = bytes ? bytes[t] : access_bytes;
    return n ? n : 1;
}

/* The usual access: each active thread's words lie in distinct banks (an access of at most
 * `banks` words, and of at most the 16 the loop in simt_smem_access() looks at). Then every
 * bank's owner (the first thread to reach it) brought exactly one word, so that loop finds, for
 * each word, its rank r among its bank's distinct words (every request distinct without
 * broadcast), degree max(r + 1), a thread served in the first pass iff all its words have rank
 * 0, and a one-cycle pass. This computes the same in the same order without the owner
 * bookkeeping or the epoch stamps: while the threads so far read one word each, all of rank 0
 * (a conflict-free access, the commonest), only each bank's word is kept (a local array); from
 * the first thread that needs more, each bank also counts its words and keeps those of rank 1..
 * in bank_words. Returns 0, having changed nothing that loop reads, for any other access. A
 * conflict-free word costs about 10 instructions against the loop's 90 (matmul's replay spent
 * an eighth of its time ranking words in the banks). */
static int smem_distinct_banks(simt_smem *s, uint32_t active_mask, const uint64_t *addr,
                               const uint32_t *bytes, uint32_t access_bytes, uint32_t bshift,
                               uint32_t *degree, uint32_t *first)
{
    uint64_t word0[64]; /* [bank] its first word, where `seen` has the bank (nbanks <= 64) */
    uint32_t count[64]; /* [bank] its distinct words so far (the second loop only) */
    uint64_t seen = 0;
    uint32_t deg = 1, fst = 0, m = active_mask;
    const uint32_t nb = s->cfg.nbanks;
    const int bcast = s->cfg.broadcast;
    for (; m; m &= m - 1) { /* one word each, every one of rank 0 so far */
        const int t = __builtin_ctz(m);
        const uint64_t w = addr[t] >> bshift;
        if ((addr[t] + access_len(bytes, access_bytes, t) - 1) >> bshift != w)
            break; /* several words */
        const uint32_t b = (uint32_t)simt_umod(w, nb);
        if (seen >> b & 1) {
            if (!bcast || word0[b] != w)
                break; /* rank 1 or more */
        } else {
            seen |= 1ull << b;
            word0[b] = w;
        }
        fst |= 1u << t;
    }
    if (m)
        for (uint64_t x = seen; x; x &= x - 1)
            count[__builtin_ctzll(x)] = 1;
    for (; m; m &= m - 1) { /* from the first thread the loop above could not take */
        const int t = __builtin_ctz(m);
        const uint64_t w0 = addr[t] >> bshift,
                       w1 = (addr[t] + access_len(bytes, access_bytes, t) - 1) >> bshift;
        if (w1 - w0 >= 16 || w1 - w0 >= nb)
            return 0; /* more words than banks (or than the loop looks at) */
        int all0 = 1;
        for (uint64_t w = w0; w <= w1; w++) {
            const uint32_t b = (uint32_t)simt_umod(w, nb);
            if (!(seen >> b & 1)) { /* rank 0 */
                seen |= 1ull << b;
                word0[b] = w;
                count[b] = 1;
                continue;
            }
            if (bcast && word0[b] == w)
                continue; /* a broadcast of the first word: rank 0 */
            /* rank 1.. : word r is kept at more[r - 1] (only the first SMEM_MAX_WORDS count) */
            uint64_t *more = s->bank_words + (size_t)b * SMEM_MAX_WORDS;
            const uint32_t c = count[b];
            uint32_t r = c;
            if (bcast)
                for (uint32_t i = 1; i < c && i < SMEM_MAX_WORDS; i++)
                    if (more[i - 1] == w) {
                        r = i;
                        break;
                    }
            if (r == c) { /* new (without broadcast every request is) */
                if (c < SMEM_MAX_WORDS)
                    more[c - 1] = w;
                count[b] = c + 1;
            }
            all0 = 0;
            if (r + 1 > deg)
                deg = r + 1;
        }
        if (all0)
            fst |= 1u << t;
    }
    *degree = deg;
    *first = fst;
    return 1;
}

uint32_t simt_smem_access(simt_smem *s, uint32_t active_mask, const uint64_t *addr,
                          const uint32_t *bytes, uint32_t access_bytes, uint32_t *first_mask,
                          uint32_t *first_cycles)
{
    uint32_t degree = 0, first = 0, fcycles = 1;
    const uint32_t bshift = (uint32_t)__builtin_ctz(s->cfg.bank_bytes); /* a power of two */
    if (active_mask && !s->cfg.reference &&
        smem_distinct_banks(s, active_mask, addr, bytes, access_bytes, bshift, &degree, &first))
        goto done;         /* (the bank stamps are untouched: the next loop renews the epoch) */
    if (++s->epoch == 0) { /* wrapped: clear the stamps once every 2^32 accesses */
        memset(s->bank_epoch, 0, s->cfg.nbanks * sizeof *s->bank_epoch);
        s->epoch = 1;
    }
    uint32_t m = active_mask;
    while (m) {
        const int t = __builtin_ctz(m);
        m &= m - 1;
        const uint32_t n = access_len(bytes, access_bytes, t);
        /* The first pass delivers, in each bank, the words its owner brought: one cycle per
         * word, so a pass is longer than a cycle only when an access is wider than the banks.
         * A thread is served in it when all its words are among those (rank 0, or the owner's
         * own further words - a broadcast reader of them too); were the owner's second word
         * in a bank a conflict, as before the twenty-ninth session, such an access would be
         * served in no pass ever (no progress). Otherwise the result is unchanged: with
         * accesses of at most banks x bank_bytes every bank's owner brought one word. */
        uint32_t worst = 0;
        int blocked = 0;
        const uint64_t w0 = addr[t] >> bshift, w1 = (addr[t] + n - 1) >> bshift;
        for (uint64_t w = w0; w <= w1 && w - w0 < 16; w++) {
            uint32_t owned;
            const uint32_t r = smem_rank(s, w, (uint32_t)t, &owned);
            if (r + 1 > degree)
                degree = r + 1;
            if (r >= owned)
                blocked = 1;
            else if (r + 1 > worst)
                worst = r + 1;
        }
        if (!blocked) {
            first |= 1u << t;
            if (worst > fcycles)
                fcycles = worst;
        }
    }
done:
    if (first_mask)
        *first_mask = first;
    if (first_cycles)
        *first_cycles = fcycles;
    if (active_mask) {
        INC(accesses);
        ADD(cycles, degree);
        ADD(conflicted, degree > 1);
        if (degree > s->st.max_degree)
            s->st.max_degree = degree;
    }
    return degree;
}

uint32_t simt_smem_cfg_banks(const simt_smem *s)
{
    return s->cfg.nbanks;
}

const struct simt_smem_stats *simt_smem_stats(const simt_smem *s)
{
    return &s->st;
}

simt_err simt_smem_bind_stats(simt_smem *s, simt_stats *reg, const char *prefix)
{
    char name[128];
#define BIND_REG(f, ds)                                                                            \
    snprintf(name, sizeof name, "%s." #f, prefix);                                                 \
    if (!(s->m.f = simt_stats_counter(reg, name, ds)))                                             \
        return simt_seterr(SIMT_ERR_NOMEM, "cannot register statistic %s", name);
    SIMT_SMEM_STATS(BIND_REG)
#undef BIND_REG
    return SIMT_ERR_OK;
}
