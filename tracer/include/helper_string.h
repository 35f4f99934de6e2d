/*
 * helper_string.h - compatibility version of the CUDA samples' command-line helpers
 * (written for this project): checkCmdLineFlag, getCmdLineArgumentInt/Float/String,
 * sdkFindFilePath. Arguments look like "-name", "--name", "-name=value" or "--name=value".
 */
#ifndef SIMT_HELPER_STRING_H
#define SIMT_HELPER_STRING_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of "-name=value" / "--name=value" in argv[i], "" for a bare flag, NULL if
 * argv[i] is not that option. */
static inline const char *simt_cmdline_match(const char *arg, const char *name)
{
    while (*arg == '-')
        arg++;
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return NULL;
    if (arg[n] == '\0')
        return "";
    if (arg[n] == '=')
        return arg + n + 1;
    return NULL;
}

static inline int checkCmdLineFlag(const int argc, const char **argv, const char *name)
{
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && simt_cmdline_match(argv[i], name))
            return 1;
    return 0;
}

static inline const char *simt_cmdline_value(const int argc, const char **argv, const char *name)
{
    for (int i = 1; i < argc; i++) {
        const char *v = argv[i][0] == '-' ? simt_cmdline_match(argv[i], name) : NULL;
        if (v)
            return v;
    }
    return NULL;
}

static inline int getCmdLineArgumentInt(const int argc, const char **argv, const char *name)
{
    const char *v = simt_cmdline_value(argc, argv, name);
    return v && *v ? atoi(v) : 0;
}

static inline float getCmdLineArgumentFloat(const int argc, const char **argv, const char *name)
{
    const char *v = simt_cmdline_value(argc, argv, name);
    return v && *v ? (float)atof(v) : 0.0f;
}

static inline int getCmdLineArgumentString(const int argc, const char **argv, const char *name,
                                           char **value)
{
    const char *v = simt_cmdline_value(argc, argv, name);
    if (!v || !*v)
        return 0;
    *value = (char *)v;
    return 1;
}

/* The file itself if it can be opened, else "data/<file>" next to the executable's
 * working directory; NULL if neither exists. The result is malloc'ed. */
static inline char *sdkFindFilePath(const char *filename, const char *executable_path)
{
    (void)executable_path;
    const char *dirs[] = {"", "data/", "../data/"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        size_t n = strlen(dirs[i]) + strlen(filename) + 1;
        char *p = (char *)malloc(n);
        if (!p)
            return NULL;
        snprintf(p, n, "%s%s", dirs[i], filename);
        FILE *f = fopen(p, "rb");
        if (f) {
            fclose(f);
            return p;
        }
        free(p);
    }
    return NULL;
}

#endif
