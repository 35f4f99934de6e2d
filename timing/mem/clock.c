/* clock.c - fractional clock domains (contract in clock.h). */
#include "clock.h"

static uint32_t slow_peek(const struct simt_clocks *c);

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

simt_err simt_clocks_init(struct simt_clocks *c, uint32_t n, const uint32_t *freq_mhz)
{
    SIMT_RETURN_IF(n < 1 || n > SIMT_CLOCK_MAX_DOMAINS, SIMT_ERR_CONFIG,
                   "clocks: %u domains (1..%d)", n, SIMT_CLOCK_MAX_DOMAINS);
    c->n = n;
    for (uint32_t i = 0; i < n; i++) {
        SIMT_RETURN_IF(freq_mhz[i] < 1 || freq_mhz[i] > 1000000000u, SIMT_ERR_CONFIG,
                       "clocks: domain %u frequency %u (1..1000000000 in the caller's unit)", i,
                       freq_mhz[i]);
        c->freq[i] = freq_mhz[i];
        c->edges[i] = 0;
    }
    c->plen = c->pos = 0;
    uint64_t g = c->freq[0], per = 0;
    for (uint32_t i = 1; i < n; i++)
        g = gcd64(g, c->freq[i]);
    for (uint32_t i = 0; i < n; i++)
        per += c->freq[i] / g;
    if (per <= SIMT_CLOCK_PATTERN_MAX) {
        for (uint32_t k = 0; k < per; k++) {
            const uint32_t d = slow_peek(c);
            c->pattern[k] = (uint8_t)d;
            c->edges[d]++;
        }
        for (uint32_t i = 0; i < n; i++)
            c->edges[i] = 0;
        c->plen = (uint32_t)per;
    }
    return SIMT_ERR_OK;
}

uint32_t simt_clocks_peek(const struct simt_clocks *c)
{
    return c->plen ? c->pattern[c->pos] : slow_peek(c);
}

static uint32_t slow_peek(const struct simt_clocks *c)
{
    uint32_t best = 0;
    for (uint32_t i = 1; i < c->n; i++) {
        /* edges[i]/freq[i] < edges[best]/freq[best] ? (unsigned __int128: no overflow) */
        const unsigned __int128 a = (unsigned __int128)c->edges[i] * c->freq[best];
        const unsigned __int128 b = (unsigned __int128)c->edges[best] * c->freq[i];
        if (a < b)
            best = i;
    }
    return best;
}

uint32_t simt_clocks_next(struct simt_clocks *c)
{
    const uint32_t d = simt_clocks_peek(c);
    c->edges[d]++;
    if (c->plen && ++c->pos == c->plen)
        c->pos = 0;
    return d;
}

void simt_clocks_jump(struct simt_clocks *c, uint64_t edges0)
{
    if (edges0 <= c->edges[0])
        return;
    /* edges of domain d before time edges0 / f0: ceil(edges0 * f_d / f_0) */
    for (uint32_t d = 1; d < c->n; d++) {
        const unsigned __int128 num = (unsigned __int128)edges0 * c->freq[d];
        const uint64_t e = (uint64_t)((num + c->freq[0] - 1) / c->freq[0]);
        if (e > c->edges[d])
            c->edges[d] = e;
    }
    c->edges[0] = edges0;
    if (c->plen) { /* the pattern position is the number of edges consumed, mod its length */
        uint64_t total = 0;
        for (uint32_t d = 0; d < c->n; d++)
            total += c->edges[d] % c->plen;
        c->pos = (uint32_t)(total % c->plen);
    }
}
