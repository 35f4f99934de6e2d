/*
 * registry.c - the one table mapping policy names to their ops (STYLE.md section 2,
 * after Linux drivers/char/mem.c's devlist[]). --policy and --list-policies use it.
 * Entries come from core_policies.def and extra_policies.def (one SIMT_POLICY(ops) a line),
 * in the order listed there.
 */
#include <string.h>

#include "simt_policy.h"

#define SIMT_POLICY(ops) extern const struct simt_policy_ops ops;
#include "core_policies.def"
#include "extra_policies.def"
#undef SIMT_POLICY

static const struct simt_policy_ops *const policy_table[] = {
#define SIMT_POLICY(ops) &ops,
#include "core_policies.def"
#include "extra_policies.def"
#undef SIMT_POLICY
};

unsigned simt_policy_count(void)
{
    return sizeof policy_table / sizeof policy_table[0];
}

const struct simt_policy_ops *simt_policy_at(unsigned i)
{
    return i < simt_policy_count() ? policy_table[i] : NULL;
}

const struct simt_policy_ops *simt_policy_find(const char *name)
{
    for (unsigned i = 0; i < simt_policy_count(); i++)
        if (strcmp(policy_table[i]->name, name) == 0)
            return policy_table[i];
    return NULL;
}
