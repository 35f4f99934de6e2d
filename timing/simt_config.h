/*
 * simt_config.h - parameters: declared once per component in a table (name, type,
 * default, range, meaning), which drives parsing of INI presets and --set overrides,
 * validation (unknown keys and out-of-range values are errors naming the key, with a
 * did-you-mean), `simt-sim --list-params`, and docs/CONFIG_REFERENCE.md.
 *
 * Keys are "section.name" (INI section + key), e.g. "core.warp_size", "dwf.schedule".
 */
#ifndef SIMT_CONFIG_H
#define SIMT_CONFIG_H

#include <stdint.h>

#include "simt_error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum simt_param_type {
    SIMT_PT_INT = 1,  /* 64-bit signed; range [min, max] */
    SIMT_PT_REAL = 2, /* double; range [min, max] */
    SIMT_PT_BOOL = 3, /* true/false/1/0/yes/no/on/off */
    SIMT_PT_ENUM = 4, /* one of the '|'-separated words in `choices` */
    SIMT_PT_STR = 5,  /* free text */
};

/* One entry of a component's parameter table. Tables end with an entry whose key is NULL. */
struct simt_param_desc {
    const char *key; /* "section.name" */
    enum simt_param_type type;
    const char *def;     /* default, as text (parsed like a value from a file) */
    double min, max;     /* for INT and REAL */
    const char *choices; /* for ENUM: "lrr|gto|two-level" */
    const char *help;    /* one line: meaning and unit */
};

typedef struct simt_config simt_config;

/*! simt_config_create() : a configuration knowing every registered parameter table
 *  (the core's, the memory system's, every policy's), all at their defaults. */
simt_err simt_config_create(simt_config **out);
void simt_config_free(simt_config *c);

/*! simt_config_load() : applies an INI file or a preset name ("gt200-jin" looks up
 *  timing/configs/gt200-jin.ini). Errors name the file, line and key. */
simt_err simt_config_load(simt_config *c, const char *preset_or_path);
/*! simt_config_set() : applies one "section.key=value" override. */
simt_err simt_config_set(simt_config *c, const char *assignment);

/* Typed reads of a declared key. Reading an undeclared key or one of another type is a
 * programming error: it returns 0/""/false and records a message (see simt_errmsg()). */
int64_t simt_config_int(const simt_config *c, const char *key);
double simt_config_real(const simt_config *c, const char *key);
int simt_config_bool(const simt_config *c, const char *key);
const char *simt_config_str(const simt_config *c, const char *key); /* STR and ENUM */

/* --- additions by the timing core (additive; the declarations above keep their meaning) --- */

struct cJSON;
#include <stdio.h>

/* Where the tables come from. simt_config_create() adds, in this order:
 *   - the timing core's tables (simt_core_param_tables(): core, frontend, scheduler, collector,
 *     units, memstage, sim);
 *   - every registered policy's ops.params (policies/registry.c), if the policies library is
 *     linked into the program (weak reference to simt_policy_count/simt_policy_at);
 *   - the memory hierarchy's ops.params (simt_memstage_hierarchy_ops, timing/simt_memstage.h),
 *     if timing/mem is linked (weak reference).
 * A key declared twice with the same type and default is merged (components may share a key);
 * otherwise the second declaration is an error. */

/*! simt_config_add_table() : declares the keys of `table` (NULL-terminated, static storage)
 *  under `component` (a word shown by --list-params). Keys start at their defaults.
 *  @return SIMT_ERR_CONFIG on a malformed entry or a conflicting duplicate key. */
simt_err simt_config_add_table(simt_config *c, const char *component,
                               const struct simt_param_desc *table);

/*! simt_core_param_tables() : the timing core's tables, NULL-terminated array of
 *  NULL-terminated tables; names in *components (parallel array) if not NULL. */
const struct simt_param_desc *const *simt_core_param_tables(const char *const **components);

/*! simt_config_has() : 1 if `key` is declared. */
int simt_config_has(const simt_config *c, const char *key);
/*! simt_config_origin() : where the value of `key` came from: "default", "FILE:LINE" or
 *  "--set"; NULL if undeclared. */
const char *simt_config_origin(const simt_config *c, const char *key);

/*! simt_config_print_params() : the parameter reference: text (one line per key: key, type,
 *  default, range/choices, meaning, grouped by component), or a Markdown document with one
 *  table per component (docs/CONFIG_REFERENCE.md is generated from it). */
simt_err simt_config_print_params(const simt_config *c, FILE *f, int markdown);

/*! simt_config_to_cjson() : the effective configuration as a cJSON object nested by section
 *  ({"core": {"warp_size": 32, ...}, ...}); NULL if out of memory. Caller frees (cJSON_Delete). */
struct cJSON *simt_config_to_cjson(const simt_config *c);

/*! simt_config_preset_dir() : the directory searched for preset names: $SIMT_CONFIG_DIR if set,
 *  else the source tree's timing/configs (compiled in). */
const char *simt_config_preset_dir(void);

#ifdef __cplusplus
}
#endif
#endif
