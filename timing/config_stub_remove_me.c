/* placeholder translation unit until config.c/stats.c exist; the timing owner replaces it */
