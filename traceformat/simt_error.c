/* simt_error.c - the error list's names and the per-thread detailed message. */
#include "simt_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char errmsg_buf[2048];

const char *simt_err_name(simt_err e)
{
    switch (e) {
#define SIMT_ERR_NAME_(name, num, text)                                                            \
    case SIMT_ERR_##name:                                                                          \
        return "SIMT_ERR_" #name;
        SIMT_ERROR_LIST(SIMT_ERR_NAME_)
#undef SIMT_ERR_NAME_
    }
    return "SIMT_ERR_?";
}

const char *simt_err_text(simt_err e)
{
    switch (e) {
#define SIMT_ERR_TEXT_(name, num, text)                                                            \
    case SIMT_ERR_##name:                                                                          \
        return text;
        SIMT_ERROR_LIST(SIMT_ERR_TEXT_)
#undef SIMT_ERR_TEXT_
    }
    return "unknown error";
}

simt_err simt_seterr(simt_err e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(errmsg_buf, sizeof errmsg_buf, fmt, ap);
    va_end(ap);
    return e;
}

const char *simt_errmsg(void)
{
    return errmsg_buf;
}

void simt_errprefix(const char *fmt, ...)
{
    char prefix[512], old[sizeof errmsg_buf];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(old, errmsg_buf, sizeof old);
    size_t np = strlen(prefix), no = strlen(old);
    if (np > sizeof errmsg_buf - 3)
        np = sizeof errmsg_buf - 3;
    if (no > sizeof errmsg_buf - 3 - np)
        no = sizeof errmsg_buf - 3 - np;
    memcpy(errmsg_buf, prefix, np);
    memcpy(errmsg_buf + np, ": ", 2);
    memcpy(errmsg_buf + np + 2, old, no);
    errmsg_buf[np + 2 + no] = '\0';
}
