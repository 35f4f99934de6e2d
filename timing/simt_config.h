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
    const char *key;     /* "section.name" */
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

#ifdef __cplusplus
}
#endif
#endif
