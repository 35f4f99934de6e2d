/* clock.c - fractional clock domains (contract in clock.h). */
#include "clock.h"

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
    return SIMT_ERR_OK;
}

uint32_t simt_clocks_peek(const struct simt_clocks *c)
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
}
