/* mem_checkjson.c - checks a simt-sim --stats-json file of a run with the memory hierarchy:
 * every level saw traffic and the DIV/BANK hazards were counted.
 * usage: mem_checkjson STATS.json ; exit 0 if the checks hold. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

static double get(const cJSON *root, const char *path)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    const cJSON *n = root;
    for (char *tok = strtok(buf, "."); tok && n; tok = strtok(NULL, "."))
        n = cJSON_GetObjectItemCaseSensitive(n, tok);
    if (!n || !cJSON_IsNumber(n)) {
        fprintf(stderr, "mem_checkjson: %s missing\n", path);
        return -1;
    }
    return n->valuedouble;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mem_checkjson STATS.json\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "mem_checkjson: cannot open %s\n", argv[1]);
        return 1;
    }
    static char text[1 << 22];
    const size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    cJSON *j = cJSON_Parse(text);
    if (!j) {
        fprintf(stderr, "mem_checkjson: %s is not JSON\n", argv[1]);
        return 1;
    }
    static const char *const positive[] = {
        "stats.mem.l1d.misses",        "stats.mem.l1d.read_hits",     "stats.mem.l1c.reads",
        "stats.mem.l2.reads",          "stats.mem.dram.reads",        "stats.mem.icnt.req.packets",
        "stats.mem.icnt.rep.packets",  "stats.mem.smem.accesses",     "stats.memstage.hazards.div",
        "stats.memstage.hazards.bank", "stats.mem.clock.dram_cycles", NULL};
    int bad = 0;
    for (int i = 0; positive[i]; i++)
        if (get(j, positive[i]) <= 0) {
            fprintf(stderr, "mem_checkjson: %s is not positive\n", positive[i]);
            bad = 1;
        }
    if (get(j, "stats.mem.icnt.rep.packets") > get(j, "stats.mem.icnt.req.packets")) {
        fprintf(stderr, "mem_checkjson: more replies than requests\n");
        bad = 1;
    }
    cJSON_Delete(j);
    return bad;
}
