/*
 * stats.c - the statistics registry (simt_stats.h): counters and histograms registered once
 * with a description, updated through the returned pointer, dumped as one JSON tree nested on
 * the dots. After DRAMsim3's InitStat and Ramulator 2's m_stats.add (STYLE.md section 6).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "simt_stats.h"

struct entry {
    char *name, *desc;
    uint32_t nbins; /* 0 = counter */
    uint64_t *v;    /* separately allocated: the pointer handed out never moves */
};

struct simt_stats {
    struct entry *e;
    size_t n, cap;
    size_t nvalues;
    simt_err err;
};

simt_err simt_stats_create(simt_stats **out)
{
    SIMT_RETURN_IF(!out, SIMT_ERR_INVALID_ARG, "simt_stats_create: NULL");
    *out = calloc(1, sizeof **out);
    return *out ? SIMT_ERR_OK : simt_seterr(SIMT_ERR_NOMEM, "stats: out of memory");
}

void simt_stats_free(simt_stats *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++) {
        free(s->e[i].name);
        free(s->e[i].desc);
        free(s->e[i].v);
    }
    free(s->e);
    free(s);
}

static struct entry *lookup(const simt_stats *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->e[i].name, name) == 0)
            return &s->e[i];
    return NULL;
}

/* "a.b" conflicts with "a.b.c" (a value cannot also be an object in the JSON tree). */
static int prefix_conflict(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la < lb)
        return strncmp(a, b, la) == 0 && b[la] == '.';
    if (lb < la)
        return strncmp(a, b, lb) == 0 && a[lb] == '.';
    return 0;
}

static uint64_t *reg(simt_stats *s, const char *name, const char *desc, uint32_t nbins)
{
    if (!s || !name || !*name)
        return NULL;
    struct entry *old = lookup(s, name);
    if (old) {
        if (old->nbins == nbins)
            return old->v;
        s->err = simt_seterr(SIMT_ERR_INVALID_ARG,
                             "stats: '%s' registered again with a different shape", name);
        return NULL;
    }
    for (size_t i = 0; i < s->n; i++)
        if (prefix_conflict(s->e[i].name, name)) {
            s->err = simt_seterr(SIMT_ERR_INVALID_ARG,
                                 "stats: '%s' and '%s' cannot both exist (one would be a value "
                                 "and an object in the JSON tree)",
                                 s->e[i].name, name);
            return NULL;
        }
    if (s->n == s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 64;
        struct entry *ne = realloc(s->e, nc * sizeof *ne);
        if (!ne)
            goto nomem;
        s->e = ne;
        s->cap = nc;
    }
    struct entry *e = &s->e[s->n];
    e->name = strdup(name);
    e->desc = strdup(desc ? desc : "");
    e->nbins = nbins;
    e->v = calloc(nbins ? nbins : 1, sizeof *e->v);
    if (!e->name || !e->desc || !e->v) {
        free(e->name);
        free(e->desc);
        free(e->v);
        goto nomem;
    }
    s->n++;
    s->nvalues += nbins ? nbins : 1;
    return e->v;
nomem:
    s->err = simt_seterr(SIMT_ERR_NOMEM, "stats: out of memory registering '%s'", name);
    return NULL;
}

uint64_t *simt_stats_counter(simt_stats *s, const char *name, const char *desc)
{
    return reg(s, name, desc, 0);
}

uint64_t *simt_stats_histogram(simt_stats *s, const char *name, const char *desc, uint32_t nbins)
{
    if (nbins == 0) {
        if (s)
            s->err = simt_seterr(SIMT_ERR_INVALID_ARG, "stats: histogram '%s' with 0 bins",
                                 name ? name : "?");
        return NULL;
    }
    return reg(s, name, desc, nbins);
}

simt_err simt_stats_check(const simt_stats *s)
{
    return s ? s->err : SIMT_ERR_INVALID_ARG;
}

uint64_t *simt_stats_find(const simt_stats *s, const char *name, uint32_t *nbins)
{
    struct entry *e = s && name ? lookup(s, name) : NULL;
    if (nbins)
        *nbins = e ? e->nbins : 0;
    return e ? e->v : NULL;
}

size_t simt_stats_nvalues(const simt_stats *s)
{
    return s ? s->nvalues : 0;
}

size_t simt_stats_snapshot(const simt_stats *s, uint64_t *dst, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; s && i < s->n; i++) {
        uint32_t nb = s->e[i].nbins ? s->e[i].nbins : 1;
        for (uint32_t b = 0; b < nb && k < cap; b++)
            dst[k++] = s->e[i].v[b];
    }
    return k;
}

/* The object that holds the last component of `name`, creating the path; *leaf = last part. */
static cJSON *path_parent(cJSON *root, const char *name, char *buf, size_t n, const char **leaf)
{
    snprintf(buf, n, "%s", name);
    cJSON *o = root;
    char *p = buf;
    for (char *dot; (dot = strchr(p, '.')) != NULL; p = dot + 1) {
        *dot = 0;
        cJSON *c = cJSON_GetObjectItemCaseSensitive(o, p);
        if (!c)
            c = cJSON_AddObjectToObject(o, p);
        if (!c || !cJSON_IsObject(c))
            return NULL;
        o = c;
    }
    *leaf = p;
    return o;
}

struct cJSON *simt_stats_to_cjson(const simt_stats *s, const uint64_t *base, size_t nbase)
{
    cJSON *root = cJSON_CreateObject();
    size_t k = 0;
    char buf[512];
    for (size_t i = 0; root && s && i < s->n; i++) {
        const struct entry *e = &s->e[i];
        const char *leaf;
        cJSON *o = path_parent(root, e->name, buf, sizeof buf, &leaf);
        if (!o)
            goto fail;
        if (e->nbins == 0) {
            uint64_t v = e->v[0] - (base && k < nbase ? base[k] : 0);
            k++;
            if (!cJSON_AddNumberToObject(o, leaf, (double)v))
                goto fail;
        } else {
            cJSON *a = cJSON_AddArrayToObject(o, leaf);
            if (!a)
                goto fail;
            for (uint32_t b = 0; b < e->nbins; b++, k++) {
                uint64_t v = e->v[b] - (base && k < nbase ? base[k] : 0);
                cJSON *num = cJSON_CreateNumber((double)v);
                if (!num)
                    goto fail;
                cJSON_AddItemToArray(a, num);
            }
        }
    }
    return root;
fail:
    cJSON_Delete(root);
    return NULL;
}

struct cJSON *simt_stats_desc_cjson(const simt_stats *s)
{
    cJSON *root = cJSON_CreateObject();
    for (size_t i = 0; root && s && i < s->n; i++)
        if (!cJSON_AddStringToObject(root, s->e[i].name, s->e[i].desc)) {
            cJSON_Delete(root);
            return NULL;
        }
    return root;
}
