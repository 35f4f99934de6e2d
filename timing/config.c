/*
 * config.c - the parameter registry (simt_config.h): tables declared once per component
 * drive INI parsing (libinih), --set overrides, validation with did-you-mean, the
 * --list-params reference and its Markdown form, and the JSON dump (libcjson).
 * After Ramulator 2's declared parameters and DRAMsim3's one-INI-per-part (STYLE.md 5).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <ini.h>

#include "simt_config.h"
#include "simt_memstage.h"
#include "simt_policy.h"

#ifndef SIMT_CONFIG_SOURCE_DIR
#define SIMT_CONFIG_SOURCE_DIR "timing/configs"
#endif

/* Optional providers: present only when their libraries are linked (see simt_config.h). */
extern unsigned simt_policy_count(void) __attribute__((weak));
extern const struct simt_policy_ops *simt_policy_at(unsigned i) __attribute__((weak));
extern const struct simt_memstage_ops simt_memstage_hierarchy_ops __attribute__((weak));

struct param {
    const struct simt_param_desc *d;
    const char *component;
    int64_t i;
    double r;
    char *s; /* STR/ENUM value (owned) */
    char origin[160];
};

struct simt_config {
    struct param *p;
    size_t n, cap;
};

static struct param *find(const simt_config *c, const char *key)
{
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->p[i].d->key, key) == 0)
            return &c->p[i];
    return NULL;
}

/* Levenshtein distance, for did-you-mean (keys are short). */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 120 || lb > 120)
        return 1000;
    size_t row[128];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t prev = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t cur = row[j];
            size_t sub = prev + (a[i - 1] != b[j - 1]);
            size_t del = row[j] + 1, ins = row[j - 1] + 1;
            row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            prev = cur;
        }
    }
    return row[lb];
}

static const char *did_you_mean(const simt_config *c, const char *key)
{
    const char *best = NULL;
    size_t bestd = (size_t)-1;
    for (size_t i = 0; i < c->n; i++) {
        size_t d = edit_distance(key, c->p[i].d->key);
        /* also compare the part after the dot, so "warpsize" finds "core.warp_size" */
        const char *dot = strchr(c->p[i].d->key, '.');
        if (dot) {
            size_t d2 = edit_distance(key, dot + 1) + 1;
            if (d2 < d)
                d = d2;
        }
        if (d < bestd) {
            bestd = d;
            best = c->p[i].d->key;
        }
    }
    size_t lim = strlen(key) / 3 + 2;
    return bestd <= lim ? best : NULL;
}

static int parse_bool(const char *v, int *out)
{
    static const char *const yes[] = {"true", "1", "yes", "on"};
    static const char *const no[] = {"false", "0", "no", "off"};
    for (int i = 0; i < 4; i++) {
        if (strcasecmp(v, yes[i]) == 0)
            return *out = 1, 0;
        if (strcasecmp(v, no[i]) == 0)
            return *out = 0, 0;
    }
    return -1;
}

static int enum_has(const char *choices, const char *v)
{
    size_t lv = strlen(v);
    const char *p = choices;
    while (p && *p) {
        const char *bar = strchr(p, '|');
        size_t l = bar ? (size_t)(bar - p) : strlen(p);
        if (l == lv && strncmp(p, v, l) == 0)
            return 1;
        p = bar ? bar + 1 : NULL;
    }
    return 0;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t l = strlen(s);
    while (l && isspace((unsigned char)s[l - 1]))
        s[--l] = 0;
    return s;
}

/* Parses `text` into p's value. `where` names the origin for messages. */
static simt_err assign(struct param *p, const char *text, const char *where)
{
    const struct simt_param_desc *d = p->d;
    char *end;
    switch (d->type) {
    case SIMT_PT_INT: {
        errno = 0;
        long long v = strtoll(text, &end, 0);
        if (errno || end == text || *trim(end) != 0)
            return simt_seterr(SIMT_ERR_CONFIG, "%s: %s = '%s': not an integer", where, d->key,
                               text);
        if ((double)v < d->min || (double)v > d->max)
            return simt_seterr(SIMT_ERR_CONFIG, "%s: %s = %lld: out of range [%.17g, %.17g]", where,
                               d->key, v, d->min, d->max);
        p->i = v;
        p->r = (double)v;
        break;
    }
    case SIMT_PT_REAL: {
        errno = 0;
        double v = strtod(text, &end);
        if (errno || end == text || *trim(end) != 0 || !isfinite(v))
            return simt_seterr(SIMT_ERR_CONFIG, "%s: %s = '%s': not a number", where, d->key, text);
        if (v < d->min || v > d->max)
            return simt_seterr(SIMT_ERR_CONFIG, "%s: %s = %g: out of range [%.17g, %.17g]", where,
                               d->key, v, d->min, d->max);
        p->r = v;
        p->i = (int64_t)v;
        break;
    }
    case SIMT_PT_BOOL: {
        int b;
        if (parse_bool(text, &b))
            return simt_seterr(SIMT_ERR_CONFIG, "%s: %s = '%s': expected true or false", where,
                               d->key, text);
        p->i = b;
        break;
    }
    case SIMT_PT_ENUM:
        if (!enum_has(d->choices, text))
            return simt_seterr(SIMT_ERR_CONFIG, "%s: %s = '%s': expected one of %s", where, d->key,
                               text, d->choices);
        /* fall through */
    case SIMT_PT_STR: {
        char *s = strdup(text);
        if (!s)
            return simt_seterr(SIMT_ERR_NOMEM, "config: out of memory");
        free(p->s);
        p->s = s;
        break;
    }
    default:
        return simt_seterr(SIMT_ERR_CONFIG, "%s: %s: bad parameter type %d", where, d->key,
                           (int)d->type);
    }
    snprintf(p->origin, sizeof p->origin, "%s", where);
    return SIMT_ERR_OK;
}

simt_err simt_config_add_table(simt_config *c, const char *component,
                               const struct simt_param_desc *table)
{
    SIMT_RETURN_IF(!c || !component, SIMT_ERR_INVALID_ARG, "simt_config_add_table: NULL");
    for (const struct simt_param_desc *d = table; d && d->key; d++) {
        SIMT_RETURN_IF(!strchr(d->key, '.') || d->type < SIMT_PT_INT || d->type > SIMT_PT_STR ||
                           !d->def || !d->help ||
                           (d->type == SIMT_PT_ENUM && (!d->choices || !*d->choices)),
                       SIMT_ERR_CONFIG,
                       "parameter table of '%s': entry '%s' is malformed (needs section.name, "
                       "type, default, help; enums need choices)",
                       component, d->key);
        struct param *old = find(c, d->key);
        if (old) {
            if (old->d->type == d->type && strcmp(old->d->def, d->def) == 0)
                continue; /* shared key */
            return simt_seterr(SIMT_ERR_CONFIG,
                               "parameter '%s' is declared by '%s' and again, differently, by "
                               "'%s'; rename one of them",
                               d->key, old->component, component);
        }
        if (c->n == c->cap) {
            size_t nc = c->cap ? c->cap * 2 : 128;
            struct param *np = realloc(c->p, nc * sizeof *np);
            if (!np)
                return simt_seterr(SIMT_ERR_NOMEM, "config: out of memory");
            c->p = np;
            c->cap = nc;
        }
        struct param *p = &c->p[c->n];
        memset(p, 0, sizeof *p);
        p->d = d;
        p->component = component;
        char where[200];
        snprintf(where, sizeof where, "default of '%s'", component);
        simt_err e = assign(p, d->def, where);
        if (e) {
            free(p->s);
            return e;
        }
        snprintf(p->origin, sizeof p->origin, "default");
        c->n++;
    }
    return SIMT_ERR_OK;
}

simt_err simt_config_create(simt_config **out)
{
    SIMT_RETURN_IF(!out, SIMT_ERR_INVALID_ARG, "simt_config_create: NULL");
    *out = NULL;
    simt_config *c = calloc(1, sizeof *c);
    if (!c)
        return simt_seterr(SIMT_ERR_NOMEM, "config: out of memory");
    simt_err e = SIMT_ERR_OK;
    const char *const *names;
    const struct simt_param_desc *const *t = simt_core_param_tables(&names);
    for (size_t i = 0; t[i] && !e; i++)
        e = simt_config_add_table(c, names[i], t[i]);
    if (!e && simt_policy_count && simt_policy_at) {
        for (unsigned i = 0; i < simt_policy_count() && !e; i++) {
            const struct simt_policy_ops *ops = simt_policy_at(i);
            if (ops && ops->params)
                e = simt_config_add_table(c, ops->name, ops->params);
        }
    }
    if (!e && &simt_memstage_hierarchy_ops && simt_memstage_hierarchy_ops.params)
        e = simt_config_add_table(c, simt_memstage_hierarchy_ops.name,
                                  simt_memstage_hierarchy_ops.params);
    if (e) {
        simt_config_free(c);
        return e;
    }
    *out = c;
    return SIMT_ERR_OK;
}

void simt_config_free(simt_config *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++)
        free(c->p[i].s);
    free(c->p);
    free(c);
}

static simt_err set_key(simt_config *c, const char *key, const char *value, const char *where)
{
    struct param *p = find(c, key);
    if (!p) {
        const char *dym = did_you_mean(c, key);
        if (dym)
            return simt_seterr(SIMT_ERR_CONFIG,
                               "%s: unknown parameter '%s' (did you mean '%s'? "
                               "`simt-sim --list-params` lists them all)",
                               where, key, dym);
        return simt_seterr(SIMT_ERR_CONFIG,
                           "%s: unknown parameter '%s' (`simt-sim --list-params` lists them)",
                           where, key);
    }
    return assign(p, value, where);
}

/* INI parsing with line numbers: a counting reader under ini_parse_stream. */
struct ini_ctx {
    simt_config *c;
    const char *path;
    FILE *f;
    int line;
    simt_err err;
};

static char *cfg_reader(char *str, int num, void *stream)
{
    struct ini_ctx *x = stream;
    char *r = fgets(str, num, x->f);
    if (r)
        x->line++;
    return r;
}

static int cfg_handler(void *user, const char *section, const char *name, const char *value)
{
    struct ini_ctx *x = user;
    if (x->err)
        return 0;
    char key[256], where[1200], val[4096];
    snprintf(key, sizeof key, "%s.%s", section, name);
    snprintf(where, sizeof where, "%s:%d", x->path, x->line);
    snprintf(val, sizeof val, "%s", value);
    if (!*section) {
        x->err = simt_seterr(SIMT_ERR_CONFIG, "%s: key '%s' outside any [section]", where, name);
        return 0;
    }
    x->err = set_key(x->c, key, trim(val), where);
    return x->err ? 0 : 1;
}

const char *simt_config_preset_dir(void)
{
    const char *d = getenv("SIMT_CONFIG_DIR");
    return d && *d ? d : SIMT_CONFIG_SOURCE_DIR;
}

simt_err simt_config_load(simt_config *c, const char *preset_or_path)
{
    SIMT_RETURN_IF(!c || !preset_or_path, SIMT_ERR_INVALID_ARG, "simt_config_load: NULL");
    char path[4096];
    size_t l = strlen(preset_or_path);
    int is_path = strchr(preset_or_path, '/') || (l > 4 && !strcmp(preset_or_path + l - 4, ".ini"));
    if (is_path)
        snprintf(path, sizeof path, "%s", preset_or_path);
    else
        snprintf(path, sizeof path, "%s/%s.ini", simt_config_preset_dir(), preset_or_path);
    struct ini_ctx x = {.c = c, .path = path};
    x.f = fopen(path, "r");
    if (!x.f) {
        if (is_path)
            return simt_seterr(SIMT_ERR_IO, "config %s: %s", path, strerror(errno));
        return simt_seterr(SIMT_ERR_NOT_FOUND,
                           "config '%s': no such preset (looked for %s; presets live in %s, "
                           "or pass a file path)",
                           preset_or_path, path, simt_config_preset_dir());
    }
    int r = ini_parse_stream(cfg_reader, &x, cfg_handler, &x);
    fclose(x.f);
    if (x.err)
        return x.err;
    if (r < 0)
        return simt_seterr(SIMT_ERR_IO, "config %s: cannot read", path);
    if (r > 0)
        return simt_seterr(SIMT_ERR_CONFIG,
                           "%s:%d: syntax error (expected [section] or key = value)", path, r);
    return SIMT_ERR_OK;
}

simt_err simt_config_set(simt_config *c, const char *assignment)
{
    SIMT_RETURN_IF(!c || !assignment, SIMT_ERR_INVALID_ARG, "simt_config_set: NULL");
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", assignment);
    char *eq = strchr(buf, '=');
    SIMT_RETURN_IF(!eq, SIMT_ERR_CONFIG, "--set '%s': expected section.key=value", assignment);
    *eq = 0;
    char *key = trim(buf), *val = trim(eq + 1);
    SIMT_RETURN_IF(!strchr(key, '.'), SIMT_ERR_CONFIG,
                   "--set '%s': the key must be section.name (e.g. core.warp_size)", assignment);
    return set_key(c, key, val, "--set");
}

static const struct param *typed(const simt_config *c, const char *key, int t1, int t2)
{
    const struct param *p = c ? find(c, key) : NULL;
    if (!p) {
        simt_seterr(SIMT_ERR_INVALID_ARG, "config: read of undeclared parameter '%s'", key);
        return NULL;
    }
    if ((int)p->d->type != t1 && (int)p->d->type != t2) {
        simt_seterr(SIMT_ERR_INVALID_ARG, "config: parameter '%s' read with the wrong type", key);
        return NULL;
    }
    return p;
}

int64_t simt_config_int(const simt_config *c, const char *key)
{
    const struct param *p = typed(c, key, SIMT_PT_INT, SIMT_PT_INT);
    return p ? p->i : 0;
}

double simt_config_real(const simt_config *c, const char *key)
{
    const struct param *p = typed(c, key, SIMT_PT_REAL, SIMT_PT_INT);
    return p ? p->r : 0.0;
}

int simt_config_bool(const simt_config *c, const char *key)
{
    const struct param *p = typed(c, key, SIMT_PT_BOOL, SIMT_PT_BOOL);
    return p ? (int)p->i : 0;
}

const char *simt_config_str(const simt_config *c, const char *key)
{
    const struct param *p = typed(c, key, SIMT_PT_STR, SIMT_PT_ENUM);
    return p && p->s ? p->s : "";
}

int simt_config_has(const simt_config *c, const char *key)
{
    return c && find(c, key) != NULL;
}

const char *simt_config_origin(const simt_config *c, const char *key)
{
    const struct param *p = c ? find(c, key) : NULL;
    return p ? p->origin : NULL;
}

static const char *type_name(enum simt_param_type t)
{
    switch (t) {
    case SIMT_PT_INT:
        return "int";
    case SIMT_PT_REAL:
        return "real";
    case SIMT_PT_BOOL:
        return "bool";
    case SIMT_PT_ENUM:
        return "enum";
    case SIMT_PT_STR:
        return "string";
    }
    return "?";
}

static void range_text(const struct simt_param_desc *d, char *buf, size_t n)
{
    if (d->type == SIMT_PT_INT || d->type == SIMT_PT_REAL)
        snprintf(buf, n, "[%.15g, %.15g]", d->min, d->max);
    else if (d->type == SIMT_PT_ENUM)
        snprintf(buf, n, "%s", d->choices);
    else if (d->type == SIMT_PT_BOOL)
        snprintf(buf, n, "true|false");
    else
        snprintf(buf, n, "text");
}

simt_err simt_config_print_params(const simt_config *c, FILE *f, int markdown)
{
    SIMT_RETURN_IF(!c || !f, SIMT_ERR_INVALID_ARG, "simt_config_print_params: NULL");
    if (markdown)
        fprintf(f, "# Configuration reference\n\n"
                   "Generated by `simt-sim --list-params --markdown`; do not edit by hand.\n"
                   "Every key is `section.name`: set it in an INI preset (`[section]` then "
                   "`name = value`, presets in `timing/configs/`) or with `--set "
                   "section.name=value`. Unknown keys and out-of-range values are errors.\n");
    const char *comp = NULL;
    for (size_t i = 0; i < c->n; i++) {
        const struct param *p = &c->p[i];
        char range[512];
        range_text(p->d, range, sizeof range);
        if (!comp || strcmp(comp, p->component) != 0) {
            comp = p->component;
            if (markdown)
                fprintf(f,
                        "\n## %s\n\n| key | type | default | range | meaning |\n"
                        "|---|---|---|---|---|\n",
                        comp);
            else
                fprintf(f, "%s[%s]\n", i ? "\n" : "", comp);
        }
        if (markdown) {
            fprintf(f, "| `%s` | %s | `%s` | ", p->d->key, type_name(p->d->type), p->d->def);
            for (const char *s = range; *s; s++) /* '|' would split the cell */
                fputs(*s == '|' ? " \\| " : (char[]){*s, 0}, f);
            fprintf(f, " | %s |\n", p->d->help);
        } else {
            fprintf(f, "  %-34s %-6s default %-10s %s\n      %s\n", p->d->key,
                    type_name(p->d->type), p->d->def, range, p->d->help);
        }
    }
    return ferror(f) ? simt_seterr(SIMT_ERR_IO, "--list-params: write error") : SIMT_ERR_OK;
}

struct cJSON *simt_config_to_cjson(const simt_config *c)
{
    cJSON *root = cJSON_CreateObject();
    if (!root)
        return NULL;
    for (size_t i = 0; c && i < c->n; i++) {
        const struct param *p = &c->p[i];
        const char *dot = strchr(p->d->key, '.');
        char sec[128];
        snprintf(sec, sizeof sec, "%.*s", (int)(dot - p->d->key), p->d->key);
        cJSON *o = cJSON_GetObjectItemCaseSensitive(root, sec);
        if (!o)
            o = cJSON_AddObjectToObject(root, sec);
        if (!o)
            goto fail;
        cJSON *v = NULL;
        switch (p->d->type) {
        case SIMT_PT_INT:
            v = cJSON_CreateNumber((double)p->i);
            break;
        case SIMT_PT_REAL:
            v = cJSON_CreateNumber(p->r);
            break;
        case SIMT_PT_BOOL:
            v = cJSON_CreateBool(p->i != 0);
            break;
        default:
            v = cJSON_CreateString(p->s ? p->s : "");
            break;
        }
        if (!v)
            goto fail;
        cJSON_AddItemToObject(o, dot + 1, v);
    }
    return root;
fail:
    cJSON_Delete(root);
    return NULL;
}
