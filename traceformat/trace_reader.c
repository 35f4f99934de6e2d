/* trace_reader.c - the trace reader, CTA loader and per-thread cursor (simt_trace.h; layout
 * in docs/TRACE_FORMAT.md).
 *
 * Memory: the static programs, the launch records, one launch's CTA offset table and the
 * CTAs the caller holds. Every count and offset read from the file is checked against the
 * file size (or the decompressed record size) before it is used. */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "simt_trace.pb-c.h"
#include "trace_internal.h"

struct rlaunch {
    struct simt_launch l;
    uint64_t launch_off, table_off;
};

struct simt_trace_reader {
    char *path;
    int fd;
    uint32_t version; /* the file's format version (1 or 2) */
    uint64_t size, index_off;
    struct trace_meta_store meta;
    struct trace_prog **kernels;
    uint32_t nkernels;
    struct rlaunch *launches;
    uint32_t nlaunches;
    uint32_t table_launch;     /* launch whose CTA offsets are in cta_offs, or UINT32_MAX */
    uint32_t bad_table_launch; /* launch whose CTA table failed last, or UINT32_MAX */
    simt_err bad_table_err;
    uint64_t *cta_offs;
    uint64_t last_end; /* end offset of the record read_record() read last */
    char last_tag[4];  /* and its tag */
    struct tbuf rec, dec;
    struct LZ4F_dctx_s *dctx; /* reused for every record (created on first use) */
};

/* The static side of one address slot (pc, slot) in a CTA, indexed by mslot: its column's
 * first addresses and predictor (format version 2; version 1 has PRED_STRIDE only). Shared
 * by every cursor of the CTA, so that a thread's own column state stays small. */
struct cslot {
    const uint64_t *seeds; /* [nthreads] first addresses; NULL: the slot has no column here */
    const uint8_t *bm;     /* presence bitmap inside the payload (bit t: thread t has a first
                              address), NULL when every thread has one */
    uint64_t base, unit;   /* PRED_FOR */
    uint32_t ref;          /* PRED_REF: mslot of the reference column */
    uint8_t pred, width;
};

/* One thread's streams, packed so that a cursor reset reads one place. Byte offsets are
 * into the payload, which is at most TRACE_MAX_RECORD_BYTES (1 GiB): they fit 32 bits. */
struct tstream {
    uint64_t ctl_bits;           /* control stream length (bits) */
    uint64_t fb_bits;            /* FOR bit stream length (bits; version 2) */
    uint32_t ctl_off;            /* the control stream's first byte (from ctl_base) */
    uint32_t addr_off, addr_end; /* the address stream's bytes (from addr_base) */
    uint32_t fb_off;             /* the FOR bit stream's first byte (from fb_base) */
    uint32_t seed_count, pad_;   /* first addresses of this thread in the seed table */
};

struct simt_cta {
    const struct trace_prog *kp;
    uint32_t version;
    uint32_t launch;
    uint64_t cta;
    uint32_t nthreads;
    uint64_t thread_instructions;
    struct tbuf data;   /* decompressed payload */
    void *mem;          /* one block holding every array below */
    uint32_t ncols;     /* (pc, slot) columns with a seed in this CTA */
    uint64_t *seeds;    /* [ncols * nthreads] first address (where the bitmap says so) */
    struct tstream *ts; /* [nthreads] */
    const uint8_t *ctl_base, *addr_base, *fb_base; /* where each kind of stream starts */
    struct cslot *slots;                           /* [nmslots] */
};

/* A thread's state of one address column (indexed by mslot). */
struct colst {
    uint64_t prev;   /* the thread's last address of the column */
    uint64_t stride; /* PRED_STRIDE: last stride; PRED_REF: last offset to the reference */
    uint32_t stamp;  /* == cursor's stamp: the first address was read in this thread */
};

#define CURSOR_STACK 16 /* call depths a cursor holds without a second allocation */

struct simt_cursor {
    /* the decode loop's state first (one cache line) */
    const struct trace_item *items; /* kp->items */
    uint32_t item, depth;           /* next item (trace_prog.items) */
    int state;                      /* 0 running, 1 exited, < 0 -simt_err */
    uint32_t stamp;
    const uint8_t *ctl;
    uint64_t ctl_pos, ctl_bits;
    const uint8_t *ap, *aend;
    /* then what loads, stores, branches and calls use (the second line) */
    struct colst *cols; /* [kp->nmslots] */
    const struct cslot *slots;
    const struct trace_prog *kp;
    uint32_t *stack;
    uint32_t stack_cap;
    uint32_t seeds_used, seed_count; /* first addresses read, and in the thread's seeds */
    uint32_t tid;
    const uint8_t *fb; /* FOR bit stream */
    uint64_t fb_pos;
    /* the rest */
    uint64_t fb_bits;
    const simt_cta *c;
    uint32_t *stack_inline; /* CURSOR_STACK entries after the inline columns */
    uint32_t cols_cap;
    struct colst cols_inline[]; /* the columns of the kernel the cursor was created for */
};

/* ---- file access ---------------------------------------------------------------------- */

static simt_err pread_all(simt_trace_reader *r, void *buf, size_t n, uint64_t off, const char *what)
{
    size_t done = 0;
    while (done < n) {
        ssize_t k = pread(r->fd, (char *)buf + done, n - done, (off_t)(off + done));
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return simt_seterr(SIMT_ERR_IO, "%s: reading %s at offset %llu: %s", r->path, what,
                               (unsigned long long)(off + done), strerror(errno));
        if (k == 0)
            return simt_seterr(SIMT_ERR_TRUNCATED,
                               "%s: file ends at offset %llu inside %s (expected %zu bytes from "
                               "offset %llu)",
                               r->path, (unsigned long long)(off + done), what, n,
                               (unsigned long long)off);
        done += (size_t)k;
    }
    return SIMT_ERR_OK;
}

/* Reads the record at `off` (which must end by `limit`) with tag `tag`; decompresses its
 * body into *out. */
static simt_err read_record(simt_trace_reader *r, uint64_t off, uint64_t limit, const char *tag,
                            const char *what, size_t pad, struct tbuf *out)
{
    if (off < TRACE_HEADER_SIZE || off > limit || limit - off < TRACE_REC_HEADER_SIZE)
        return simt_seterr(
            SIMT_ERR_FORMAT, "%s: %s record offset %llu outside the data area [%d, %llu)", r->path,
            what, (unsigned long long)off, TRACE_HEADER_SIZE, (unsigned long long)limit);
    uint8_t h[TRACE_REC_HEADER_SIZE];
    /* A CTA record ends where the next record starts (its limit): header and body come in
     * one read (the data area lies inside the file, whose size the footer confirmed). */
    int whole = tag && !memcmp(tag, TRACE_TAG_CTA, 4) && limit - off <= TRACE_MAX_RECORD_BYTES;
    if (whole) {
        r->rec.n = 0;
        SIMT_TRY(tbuf_reserve(&r->rec, (size_t)(limit - off)));
        SIMT_TRY(pread_all(r, r->rec.p, (size_t)(limit - off), off, what));
        memcpy(h, r->rec.p, sizeof h);
    } else {
        SIMT_TRY(pread_all(r, h, sizeof h, off, what));
    }
    static const char *const known[] = {TRACE_TAG_META, TRACE_TAG_KERNEL,    TRACE_TAG_LAUNCH,
                                        TRACE_TAG_CTA,  TRACE_TAG_CTA_TABLE, TRACE_TAG_INDEX};
    if (!tag) /* any known record */
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
            if (!memcmp(h, known[k], 4))
                tag = known[k];
    if (!tag || memcmp(h, tag, 4) != 0 || get_u32le(h + 4) != 0)
        return simt_seterr(SIMT_ERR_FORMAT,
                           "%s: offset %llu: expected a \"%.4s\" record header (%s), found tag "
                           "%02x%02x%02x%02x flags %u",
                           r->path, (unsigned long long)off, tag ? tag : "any", what, h[0], h[1],
                           h[2], h[3], get_u32le(h + 4));
    uint64_t len = get_u64le(h + 8);
    if (len == 0 || len > limit - off - TRACE_REC_HEADER_SIZE)
        return simt_seterr(SIMT_ERR_FORMAT,
                           "%s: offset %llu: %s record of %llu bytes overruns the data area "
                           "(at most %llu bytes)",
                           r->path, (unsigned long long)off, what, (unsigned long long)len,
                           (unsigned long long)(limit - off - TRACE_REC_HEADER_SIZE));
    r->last_end = off + TRACE_REC_HEADER_SIZE + len;
    memcpy(r->last_tag, h, 4);
    const uint8_t *body;
    if (whole) {
        body = r->rec.p + TRACE_REC_HEADER_SIZE;
    } else {
        r->rec.n = 0;
        SIMT_TRY(tbuf_reserve(&r->rec, (size_t)len));
        SIMT_TRY(pread_all(r, r->rec.p, (size_t)len, off + TRACE_REC_HEADER_SIZE, what));
        body = r->rec.p;
    }
    if (!r->dctx)
        SIMT_TRY(trace_lz4_dctx_new(&r->dctx));
    simt_err e = trace_lz4_decompress_ctx(r->dctx, body, (size_t)len, TRACE_MAX_RECORD_BYTES, pad,
                                          out, what, off + TRACE_REC_HEADER_SIZE);
    if (e != SIMT_ERR_OK)
        simt_errprefix("%s", r->path);
    return e;
}

/* ---- open ----------------------------------------------------------------------------- */

static simt_err check_launch(simt_trace_reader *r, uint32_t i, const SimtPb__LaunchEntry *le)
{
    const SimtPb__Launch *pl = le->launch;
    SIMT_RETURN_IF(!pl || !pl->grid || !pl->block, SIMT_ERR_FORMAT,
                   "%s: index: launch %u lacks its record, grid or block", r->path, i);
    struct rlaunch *rl = &r->launches[i];
    struct simt_launch *l = &rl->l;
    l->kernel = pl->kernel;
    l->grid = (struct simt_dim3){pl->grid->x, pl->grid->y, pl->grid->z};
    l->block = (struct simt_dim3){pl->block->x, pl->block->y, pl->block->z};
    l->dynamic_shared_bytes = pl->dynamic_shared_bytes;
    l->static_shared_bytes = pl->static_shared_bytes;
    l->regs_per_thread = pl->regs_per_thread;
    l->local_bytes_per_thread = pl->local_bytes_per_thread;
    l->ncta = pl->ncta;
    l->thread_instructions = pl->thread_instructions;
    rl->launch_off = le->launch_offset;
    rl->table_off = le->cta_table_offset;
    SIMT_RETURN_IF(l->kernel >= r->nkernels, SIMT_ERR_FORMAT,
                   "%s: index: launch %u names kernel %u, the file has %u", r->path, i, l->kernel,
                   r->nkernels);
    uint64_t ncta = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
    uint64_t nthr = (uint64_t)l->block.x * l->block.y * l->block.z;
    SIMT_RETURN_IF(ncta == 0 || ncta != l->ncta, SIMT_ERR_FORMAT,
                   "%s: index: launch %u: ncta %llu, expected grid %ux%ux%u = %llu (non-zero)",
                   r->path, i, (unsigned long long)l->ncta, l->grid.x, l->grid.y, l->grid.z,
                   (unsigned long long)ncta);
    SIMT_RETURN_IF(nthr == 0 || nthr > TRACE_MAX_CTA_THREADS, SIMT_ERR_FORMAT,
                   "%s: index: launch %u: block %ux%ux%u, expected 1..%d threads", r->path, i,
                   l->block.x, l->block.y, l->block.z, TRACE_MAX_CTA_THREADS);
    /* each CTA takes at least a record header in the data area */
    SIMT_RETURN_IF(ncta > r->index_off / TRACE_REC_HEADER_SIZE, SIMT_ERR_FORMAT,
                   "%s: index: launch %u claims %llu CTAs, more than the %llu-byte data area "
                   "can hold",
                   r->path, i, (unsigned long long)ncta, (unsigned long long)r->index_off);
    SIMT_RETURN_IF(rl->table_off < TRACE_HEADER_SIZE || rl->table_off >= r->index_off ||
                       rl->launch_off < TRACE_HEADER_SIZE || rl->launch_off >= r->index_off,
                   SIMT_ERR_FORMAT,
                   "%s: index: launch %u: record offsets %llu/%llu outside the data area [%d, "
                   "%llu)",
                   r->path, i, (unsigned long long)rl->launch_off,
                   (unsigned long long)rl->table_off, TRACE_HEADER_SIZE,
                   (unsigned long long)r->index_off);
    return SIMT_ERR_OK;
}

static simt_err reader_load(simt_trace_reader *r)
{
    struct stat st;
    if (fstat(r->fd, &st) != 0)
        return simt_seterr(SIMT_ERR_IO, "%s: stat: %s", r->path, strerror(errno));
    r->size = (uint64_t)st.st_size;
    uint8_t h[TRACE_HEADER_SIZE];
    if (r->size < 8)
        return simt_seterr(SIMT_ERR_TRUNCATED,
                           "%s: %llu bytes: too short for a trace (expected the magic "
                           "\"SIMTTRC\" at offset 0)",
                           r->path, (unsigned long long)r->size);
    SIMT_TRY(pread_all(r, h, 8, 0, "the file header"));
    SIMT_RETURN_IF(memcmp(h, TRACE_MAGIC, 8) != 0, SIMT_ERR_FORMAT,
                   "%s: offset 0: not a SIMT trace (expected the magic \"SIMTTRC\")", r->path);
    SIMT_RETURN_IF(r->size < TRACE_HEADER_SIZE, SIMT_ERR_TRUNCATED,
                   "%s: %llu bytes: the file header needs %d", r->path, (unsigned long long)r->size,
                   TRACE_HEADER_SIZE);
    SIMT_TRY(pread_all(r, h, sizeof h, 0, "the file header"));
    uint32_t version = get_u32le(h + 8);
    r->version = version;
    SIMT_RETURN_IF(version != 1 && version != SIMT_TRACE_VERSION, SIMT_ERR_VERSION,
                   "%s: offset 8: trace format version %u; this reader reads version(s) %s",
                   r->path, version, SIMT_TRACE_READS);
    SIMT_RETURN_IF(get_u32le(h + 12) != 0, SIMT_ERR_FORMAT,
                   "%s: offset 12: reserved header field is %u, expected 0", r->path,
                   get_u32le(h + 12));
    SIMT_RETURN_IF(r->size < TRACE_HEADER_SIZE + TRACE_FOOTER_SIZE, SIMT_ERR_TRUNCATED,
                   "%s: %llu bytes: too short for header and footer (%d bytes); the file is "
                   "truncated or was not closed",
                   r->path, (unsigned long long)r->size, TRACE_HEADER_SIZE + TRACE_FOOTER_SIZE);
    uint8_t f[TRACE_FOOTER_SIZE];
    uint64_t foff = r->size - TRACE_FOOTER_SIZE;
    SIMT_TRY(pread_all(r, f, sizeof f, foff, "the footer"));
    SIMT_RETURN_IF(memcmp(f + 24, TRACE_FOOTER_MAGIC, 8) != 0, SIMT_ERR_TRUNCATED,
                   "%s: offset %llu: no footer magic \"SIMTEND\": the file is truncated or was "
                   "not closed",
                   r->path, (unsigned long long)(foff + 24));
#ifndef TRACE_FUZZING /* the fuzz harness skips checksums so that mutations go deeper */
    SIMT_RETURN_IF(get_u32le(f + 20) != trace_crc32(f, 20), SIMT_ERR_CHECKSUM,
                   "%s: offset %llu: footer CRC-32 mismatch (stored 0x%08x, computed 0x%08x)",
                   r->path, (unsigned long long)foff, get_u32le(f + 20), trace_crc32(f, 20));
#endif
    SIMT_RETURN_IF(get_u32le(f + 16) != version, SIMT_ERR_FORMAT,
                   "%s: offset %llu: footer version %u differs from the header's %u", r->path,
                   (unsigned long long)(foff + 16), get_u32le(f + 16), version);
    SIMT_RETURN_IF(get_u64le(f + 8) != r->size, SIMT_ERR_TRUNCATED,
                   "%s: offset %llu: footer records a %llu-byte file, the file has %llu bytes",
                   r->path, (unsigned long long)(foff + 8), (unsigned long long)get_u64le(f + 8),
                   (unsigned long long)r->size);
    r->index_off = get_u64le(f);
    SIMT_TRY(read_record(r, r->index_off, foff, TRACE_TAG_INDEX, "index", 0, &r->dec));
    SimtPb__Index *ix = simt_pb__index__unpack(NULL, r->dec.n, r->dec.p);
    SIMT_RETURN_IF(!ix, SIMT_ERR_FORMAT,
                   "%s: offset %llu: the index record does not parse as protobuf", r->path,
                   (unsigned long long)r->index_off);
    simt_err e = SIMT_ERR_OK;
    if (ix->n_kernel_offsets > r->index_off / TRACE_REC_HEADER_SIZE ||
        ix->n_launches > r->index_off / TRACE_REC_HEADER_SIZE) {
        e = simt_seterr(SIMT_ERR_FORMAT, "%s: index: %zu kernels / %zu launches cannot fit",
                        r->path, ix->n_kernel_offsets, ix->n_launches);
        goto out_free_ix;
    }
    uint64_t hoff = ix->header_offset;
    if ((e = read_record(r, hoff, r->index_off, TRACE_TAG_META, "header", 0, &r->dec)) !=
        SIMT_ERR_OK)
        goto out_free_ix;
    uint32_t fv;
    if ((e = trace_pb_unpack_meta(r->dec.p, r->dec.n, &r->meta, &fv)) != SIMT_ERR_OK) {
        simt_errprefix("%s: offset %llu", r->path, (unsigned long long)hoff);
        goto out_free_ix;
    }
    if (fv != version) {
        e = simt_seterr(SIMT_ERR_FORMAT,
                        "%s: offset %llu: header message says version %u, file header %u", r->path,
                        (unsigned long long)hoff, fv, version);
        goto out_free_ix;
    }
    r->kernels = calloc(ix->n_kernel_offsets + 1, sizeof *r->kernels);
    r->launches = calloc(ix->n_launches + 1, sizeof *r->launches);
    if (!r->kernels || !r->launches) {
        e = simt_seterr(SIMT_ERR_NOMEM, "%s: out of memory reading the index", r->path);
        goto out_free_ix;
    }
    uint64_t kernels_end = 0;
    for (size_t k = 0; k < ix->n_kernel_offsets; k++) {
        uint64_t off = ix->kernel_offsets[k];
        /* distinct records in file order: no kernel is parsed twice (no amplification) */
        if (off < kernels_end) {
            e = simt_seterr(SIMT_ERR_FORMAT,
                            "%s: index: kernel %zu at offset %llu, expected after offset %llu "
                            "(the end of kernel %zu)",
                            r->path, k, (unsigned long long)off, (unsigned long long)kernels_end,
                            k - 1);
            goto out_free_ix;
        }
        if ((e = read_record(r, off, r->index_off, TRACE_TAG_KERNEL, "kernel", 0, &r->dec)) !=
            SIMT_ERR_OK)
            goto out_free_ix;
        kernels_end = r->last_end;
        if ((e = trace_pb_unpack_program(r->dec.p, r->dec.n, &r->kernels[k])) != SIMT_ERR_OK) {
            simt_errprefix("%s: offset %llu: kernel %zu", r->path, (unsigned long long)off, k);
            goto out_free_ix;
        }
        r->nkernels++;
    }
    uint64_t launches_end = 0;
    for (size_t i = 0; i < ix->n_launches; i++) {
        if ((e = check_launch(r, (uint32_t)i, ix->launches[i])) != SIMT_ERR_OK)
            goto out_free_ix;
        /* each launch's records (LNCH, its CTAs, CTAT) lie after the previous launch's, so
         * that no record is read for two launches (no amplification by shared records) */
        const struct rlaunch *rl = &r->launches[i];
        if (rl->launch_off < launches_end || rl->table_off <= rl->launch_off) {
            e = simt_seterr(SIMT_ERR_FORMAT,
                            "%s: index: launch %zu: launch record at %llu and CTA table at %llu, "
                            "expected the table after the record, both after offset %llu",
                            r->path, i, (unsigned long long)rl->launch_off,
                            (unsigned long long)rl->table_off, (unsigned long long)launches_end);
            goto out_free_ix;
        }
        launches_end = rl->table_off + TRACE_REC_HEADER_SIZE;
        r->nlaunches++;
    }
out_free_ix:
    simt_pb__index__free_unpacked(ix, NULL);
    return e;
}

simt_err simt_trace_reader_open(const char *path, simt_trace_reader **out)
{
    SIMT_RETURN_IF(!out || !path, SIMT_ERR_INVALID_ARG, "reader_open: NULL path or out");
    *out = NULL;
    simt_trace_reader *r = calloc(1, sizeof *r);
    if (!r)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory opening %s", path);
    r->fd = -1;
    r->table_launch = UINT32_MAX;
    r->bad_table_launch = UINT32_MAX;
    r->path = strdup(path);
    if (!r->path) {
        free(r);
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory opening %s", path);
    }
    r->fd = open(path, O_RDONLY | O_CLOEXEC);
    simt_err e;
    if (r->fd < 0)
        e = simt_seterr(errno == ENOENT ? SIMT_ERR_NOT_FOUND : SIMT_ERR_IO, "%s: cannot open: %s",
                        path, strerror(errno));
    else
        e = reader_load(r);
    if (e != SIMT_ERR_OK) {
        simt_trace_reader_close(r);
        return e;
    }
    *out = r;
    return SIMT_ERR_OK;
}

void simt_trace_reader_close(simt_trace_reader *r)
{
    if (!r)
        return;
    if (r->fd >= 0)
        close(r->fd);
    for (uint32_t k = 0; k < r->nkernels; k++)
        trace_prog_free(r->kernels[k]);
    free(r->kernels);
    free(r->launches);
    free(r->cta_offs);
    trace_meta_free(&r->meta);
    tbuf_free(&r->rec);
    tbuf_free(&r->dec);
    trace_lz4_dctx_free(r->dctx);
    free(r->path);
    free(r);
}

const struct simt_trace_meta *simt_trace_reader_meta(const simt_trace_reader *r)
{
    return &r->meta.meta;
}
uint32_t simt_trace_reader_nkernels(const simt_trace_reader *r)
{
    return r->nkernels;
}
uint32_t simt_trace_reader_nlaunches(const simt_trace_reader *r)
{
    return r->nlaunches;
}
const struct simt_program *simt_trace_reader_program(const simt_trace_reader *r, uint32_t k)
{
    return k < r->nkernels ? &r->kernels[k]->p : NULL;
}
const struct simt_launch *simt_trace_reader_launch(const simt_trace_reader *r, uint32_t l)
{
    return l < r->nlaunches ? &r->launches[l].l : NULL;
}
uint32_t simt_trace_reader_version(const simt_trace_reader *r)
{
    return r->version;
}
uint64_t simt_trace_reader_file_bytes(const simt_trace_reader *r)
{
    return r->size;
}

simt_err simt_trace_reader_check_records(simt_trace_reader *r, uint64_t *nrecords)
{
    SIMT_RETURN_IF(!r, SIMT_ERR_INVALID_ARG, "check_records: NULL reader");
    uint64_t n[6] = {0}, off = TRACE_HEADER_SIZE, nctas = 0;
    static const char *const tags[6] = {TRACE_TAG_META, TRACE_TAG_KERNEL,    TRACE_TAG_LAUNCH,
                                        TRACE_TAG_CTA,  TRACE_TAG_CTA_TABLE, TRACE_TAG_INDEX};
    while (off < r->index_off) {
        SIMT_TRY(read_record(r, off, r->index_off, NULL, "record", 0, &r->dec));
        for (int k = 0; k < 6; k++)
            n[k] += !memcmp(r->last_tag, tags[k], 4);
        off = r->last_end;
    }
    for (uint32_t l = 0; l < r->nlaunches; l++)
        nctas += r->launches[l].l.ncta;
    SIMT_RETURN_IF(n[0] != 1 || n[1] != r->nkernels || n[2] != r->nlaunches || n[3] != nctas ||
                       n[4] != r->nlaunches || n[5] != 0,
                   SIMT_ERR_FORMAT,
                   "%s: the data area [%d, %llu) holds %llu META, %llu KERN, %llu LNCH, %llu CTA_, "
                   "%llu CTAT and %llu INDX records; the index describes 1, %u, %u, %llu, %u and "
                   "0",
                   r->path, TRACE_HEADER_SIZE, (unsigned long long)r->index_off,
                   (unsigned long long)n[0], (unsigned long long)n[1], (unsigned long long)n[2],
                   (unsigned long long)n[3], (unsigned long long)n[4], (unsigned long long)n[5],
                   r->nkernels, r->nlaunches, (unsigned long long)nctas, r->nlaunches);
    if (nrecords)
        *nrecords = n[0] + n[1] + n[2] + n[3] + n[4] + 1;
    return SIMT_ERR_OK;
}

/* ---- CTAs ----------------------------------------------------------------------------- */

static simt_err load_cta_table_(simt_trace_reader *r, uint32_t launch);

/* Loads launch `launch`'s CTA offset table (one at a time); a failure is remembered so that a
 * caller walking the launch's CTAs does not re-read a bad table for each of them. */
static simt_err load_cta_table(simt_trace_reader *r, uint32_t launch)
{
    if (r->table_launch == launch)
        return SIMT_ERR_OK;
    if (r->bad_table_launch == launch)
        return simt_seterr(r->bad_table_err,
                           "%s: launch %u: its CTA table could not be read (the first error "
                           "said why)",
                           r->path, launch);
    simt_err e = load_cta_table_(r, launch);
    if (e != SIMT_ERR_OK) {
        r->bad_table_launch = launch;
        r->bad_table_err = e;
    }
    return e;
}

static simt_err load_cta_table_(simt_trace_reader *r, uint32_t launch)
{
    const struct rlaunch *rl = &r->launches[launch];
    free(r->cta_offs);
    r->cta_offs = NULL;
    r->table_launch = UINT32_MAX;
    /* the launch record must agree with the index entry */
    SIMT_TRY(read_record(r, rl->launch_off, r->index_off, TRACE_TAG_LAUNCH, "launch", 0, &r->dec));
    SimtPb__Launch *pl = simt_pb__launch__unpack(NULL, r->dec.n, r->dec.p);
    int agree =
        pl && pl->grid && pl->block && pl->kernel == rl->l.kernel && pl->grid->x == rl->l.grid.x &&
        pl->grid->y == rl->l.grid.y && pl->grid->z == rl->l.grid.z &&
        pl->block->x == rl->l.block.x && pl->block->y == rl->l.block.y &&
        pl->block->z == rl->l.block.z && pl->dynamic_shared_bytes == rl->l.dynamic_shared_bytes &&
        pl->static_shared_bytes == rl->l.static_shared_bytes &&
        pl->regs_per_thread == rl->l.regs_per_thread &&
        pl->local_bytes_per_thread == rl->l.local_bytes_per_thread && pl->ncta == rl->l.ncta;
    if (pl)
        simt_pb__launch__free_unpacked(pl, NULL);
    SIMT_RETURN_IF(!agree, SIMT_ERR_FORMAT,
                   "%s: offset %llu: launch record %u does not parse or disagrees with its index "
                   "entry",
                   r->path, (unsigned long long)rl->launch_off, launch);
    SIMT_TRY(
        read_record(r, rl->table_off, r->index_off, TRACE_TAG_CTA_TABLE, "CTA table", 0, &r->dec));
    const uint8_t *p = r->dec.p, *end = p + r->dec.n;
    uint64_t li, ncta;
    size_t k;
    if (!(k = get_varint(p, end, &li)) || !(p += k, k = get_varint(p, end, &ncta)))
        return simt_seterr(SIMT_ERR_FORMAT, "%s: offset %llu: CTA table header truncated", r->path,
                           (unsigned long long)rl->table_off);
    p += k;
    SIMT_RETURN_IF(li != launch || ncta != rl->l.ncta, SIMT_ERR_FORMAT,
                   "%s: offset %llu: CTA table of launch %llu with %llu CTAs, expected launch "
                   "%u with %llu",
                   r->path, (unsigned long long)rl->table_off, (unsigned long long)li,
                   (unsigned long long)ncta, launch, (unsigned long long)rl->l.ncta);
    SIMT_RETURN_IF(ncta > (uint64_t)(end - p), SIMT_ERR_FORMAT,
                   "%s: offset %llu: CTA table lists %llu CTAs in %zu bytes", r->path,
                   (unsigned long long)rl->table_off, (unsigned long long)ncta, (size_t)(end - p));
    uint64_t *offs = malloc((size_t)ncta * sizeof *offs + 1);
    if (!offs)
        return simt_seterr(SIMT_ERR_NOMEM, "%s: out of memory for %llu CTA offsets", r->path,
                           (unsigned long long)ncta);
    uint64_t off = 0;
    for (uint64_t i = 0; i < ncta; i++) {
        uint64_t d;
        if (!(k = get_varint(p, end, &d)) || d == 0 || d >= rl->table_off - off ||
            off + d <= rl->launch_off) {
            free(offs);
            return simt_seterr(SIMT_ERR_FORMAT,
                               "%s: offset %llu: CTA table entry %llu: bad or out-of-range "
                               "offset delta (data area ends at %llu)",
                               r->path, (unsigned long long)rl->table_off, (unsigned long long)i,
                               (unsigned long long)r->index_off);
        }
        p += k;
        off += d;
        offs[i] = off;
    }
    if (p != end) {
        free(offs);
        return simt_seterr(SIMT_ERR_FORMAT, "%s: offset %llu: %zu stray bytes after the CTA table",
                           r->path, (unsigned long long)rl->table_off, (size_t)(end - p));
    }
    r->cta_offs = offs;
    r->table_launch = launch;
    return SIMT_ERR_OK;
}

void simt_cta_free(simt_cta *c)
{
    if (!c)
        return;
    tbuf_free(&c->data);
    free(c->mem);
    free(c);
}

/* get_varint() with its one-byte case always inline (the CTA parser's per-thread loops) */
static inline __attribute__((always_inline)) size_t vget(const uint8_t *p, const uint8_t *end,
                                                         uint64_t *v)
{
    if (__builtin_expect(p < end && *p < 0x80, 1)) {
        *v = *p;
        return 1;
    }
    return get_varint(p, end, v);
}

#define CTA_BAD(...)                                                                               \
    do {                                                                                           \
        e = simt_seterr(SIMT_ERR_FORMAT, __VA_ARGS__);                                             \
        goto out_bad;                                                                              \
    } while (0)

static simt_err parse_cta(simt_trace_reader *r, simt_cta *c, uint64_t rec_off)
{
    simt_err e = SIMT_ERR_OK;
    const uint8_t *base = c->data.p, *p = base, *end = base + c->data.n;
    const char *path = r->path;
    unsigned long long ro = (unsigned long long)rec_off;
    uint64_t v[4];
    for (int i = 0; i < 4; i++) {
        size_t k = get_varint(p, end, &v[i]);
        if (!k)
            CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: header field %d truncated",
                    path, ro, (size_t)(p - base), i);
        p += k;
    }
    if (v[0] != c->launch || v[1] != c->cta)
        CTA_BAD("%s: CTA record at offset %llu: holds launch %llu CTA %llu, expected launch %u "
                "CTA %llu",
                path, ro, (unsigned long long)v[0], (unsigned long long)v[1], c->launch,
                (unsigned long long)c->cta);
    const struct simt_launch *l = &r->launches[c->launch].l;
    uint64_t nthr = (uint64_t)l->block.x * l->block.y * l->block.z;
    if (v[2] != nthr)
        CTA_BAD("%s: CTA record at offset %llu: %llu threads, expected %llu (block %ux%ux%u)", path,
                ro, (unsigned long long)v[2], (unsigned long long)nthr, l->block.x, l->block.y,
                l->block.z);
    uint32_t n = (uint32_t)nthr;
    c->nthreads = n;
    c->thread_instructions = v[3];
    uint64_t ncols;
    size_t k = get_varint(p, end, &ncols);
    if (!k)
        CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: column count truncated", path, ro,
                (size_t)(p - base));
    p += k;
    uint32_t ninsts = c->kp->p.ninsts;
    /* each column costs at least 2 bytes and at least n/8 bytes */
    if (ncols > 2ull * ninsts || ncols * 2 > (uint64_t)(end - p) ||
        ncols * ((n + 7) / 8) > (uint64_t)(end - p))
        CTA_BAD("%s: CTA record at offset %llu: %llu address columns: more than the program's "
                "2x%u or than %zu bytes can hold",
                path, ro, (unsigned long long)ncols, ninsts, (size_t)(end - p));
    c->ncols = (uint32_t)ncols;
    /* one allocation for every per-CTA array; the counts are bounded above by the payload
     * size and the program */
    size_t nseed = (size_t)ncols * n;
    uint32_t nmslots = c->kp->nmslots;
    size_t sz = (nseed + 1) * sizeof *c->seeds + (size_t)n * sizeof *c->ts +
                ((size_t)nmslots + 1) * sizeof *c->slots;
    uint8_t *mem = malloc(sz);
    if (!mem)
        return simt_seterr(SIMT_ERR_NOMEM, "%s: out of memory loading the CTA at offset %llu", path,
                           ro);
    c->mem = mem;
    c->seeds = (uint64_t *)mem;
    c->ts = (struct tstream *)(c->seeds + nseed + 1);
    c->slots = (struct cslot *)(c->ts + n);
    struct tstream *ts = c->ts;
    for (uint32_t t = 0; t < n; t++) { /* the fields the loops below do not all set */
        ts[t].seed_count = 0;
        ts[t].fb_bits = 0;
        ts[t].fb_off = 0;
    }
    memset(c->slots, 0, ((size_t)nmslots + 1) * sizeof *c->slots);
    uint64_t key = 0;
    for (uint32_t ci = 0; ci < ncols; ci++) {
        uint64_t d;
        if (!(k = get_varint(p, end, &d)))
            CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: column %u key truncated",
                    path, ro, (size_t)(p - base), ci);
        p += k;
        key = ci == 0 ? d : key + 1 + d;
        if (d >= 2ull * ninsts || key >= 2ull * ninsts)
            CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: column %u key %llu beyond "
                    "2x%u instructions",
                    path, ro, (size_t)(p - base), ci, (unsigned long long)key, ninsts);
        uint32_t pc = (uint32_t)(key / 2);
        uint8_t op = c->kp->op[pc] & 0x7f;
        if (!(op == OP_MEM && key % 2 == 0) && op != OP_COPY)
            CTA_BAD("%s: CTA record at offset %llu: column %u names pc %u slot %u, which has no "
                    "such address (a %s)",
                    path, ro, ci, pc, (unsigned)(key % 2),
                    simt_iclass_name(c->kp->p.insts[pc].iclass));
        /* an address slot (checked above); keys increase, so each slot has one column */
        struct cslot *cc = &c->slots[c->kp->key_mslot[key]];
        uint64_t *seeds = c->seeds + (size_t)ci * n;
        cc->seeds = seeds;
        if (p >= end)
            CTA_BAD("%s: CTA record at offset %llu: column %u mode byte missing", path, ro, ci);
        uint8_t mode = *p++;
        unsigned pred = mode >> 1;
        if (mode > (c->version >= 2 ? 5 : 1))
            CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: column %u mode %u, "
                    "expected %s",
                    path, ro, (size_t)(p - 1 - base), ci, mode,
                    c->version >= 2 ? "0..5" : "0 or 1");
        cc->pred = (uint8_t)pred;
        if (pred == PRED_FOR) {
            uint64_t unit;
            if (!(k = get_varint(p, end, &cc->base)) || !(p += k, k = get_varint(p, end, &unit)) ||
                unit == 0 || (p += k) >= end || *p > TRACE_FOR_MAX_WIDTH)
                CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: column %u: bad "
                        "base/unit/width (unit >= 1, width <= %d)",
                        path, ro, (size_t)(p - base), ci, TRACE_FOR_MAX_WIDTH);
            cc->unit = unit;
            cc->width = *p++;
        } else if (pred == PRED_REF) {
            uint64_t rk;
            if (!(k = get_varint(p, end, &rk)) || rk >= 2ull * ninsts ||
                c->kp->key_mslot[rk] == UINT32_MAX)
                CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: column %u: reference "
                        "column missing or not an address slot",
                        path, ro, (size_t)(p - base), ci);
            p += k;
            cc->ref = c->kp->key_mslot[rk];
        }
        /* first addresses of the threads present, each predicted from the two before */
        uint64_t p1 = 0, p2 = 0, cnt = 0;
#define SEED(t)                                                                                    \
    do {                                                                                           \
        uint64_t z_;                                                                               \
        if (!(k = vget(p, end, &z_)))                                                              \
            CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: seed of column %u "          \
                    "thread %u truncated",                                                         \
                    path, ro, (size_t)(p - base), ci, (t));                                        \
        p += k;                                                                                    \
        uint64_t a_ = (cnt == 0 ? 0 : cnt == 1 ? p1 : p1 + (p1 - p2)) + unzigzag(z_);              \
        seeds[(t)] = a_;                                                                           \
        ts[(t)].seed_count++;                                                                      \
        p2 = p1;                                                                                   \
        p1 = a_;                                                                                   \
        cnt++;                                                                                     \
    } while (0)
        if ((mode & 1) == 0) {
            cc->bm = NULL;
            for (uint32_t t = 0; t < n; t++)
                SEED(t);
        } else {
            if ((size_t)(end - p) < (n + 7) / 8)
                CTA_BAD("%s: CTA record at offset %llu: column %u bitmap truncated", path, ro, ci);
            const uint8_t *bm = p;
            cc->bm = bm;
            p += (n + 7) / 8;
            /* only the set bits (bits past thread n - 1 are ignored, as before) */
            for (uint32_t byte = 0; byte < (n + 7) / 8; byte++) {
                unsigned b = bm[byte];
                if (byte == n / 8)
                    b &= (1u << (n & 7)) - 1;
                while (b) {
                    uint32_t t = byte * 8 + (uint32_t)__builtin_ctz(b);
                    b &= b - 1;
                    SEED(t);
                }
            }
        }
#undef SEED
    }
    /* the three length tables (stream lengths only; offsets once the totals are checked) */
    uint64_t ctl_total = 0, addr_total = 0, fbit_total = 0;
    uint64_t maxbits = 8ull * c->data.n;
    for (uint32_t t = 0; t < n; t++) {
        uint64_t v;
        if (!(k = vget(p, end, &v)) || v > maxbits)
            CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: control length of thread "
                    "%u truncated or too large",
                    path, ro, (size_t)(p - base), t);
        p += k;
        ts[t].ctl_bits = v;
        /* relative offsets: only truncated (mod 2^32) in CTAs that the total check rejects */
        ts[t].ctl_off = (uint32_t)ctl_total;
        ctl_total += (v + 7) / 8;
    }
    for (uint32_t t = 0; t < n; t++) {
        uint64_t len;
        if (!(k = vget(p, end, &len)) || len > c->data.n)
            CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: address length of thread "
                    "%u truncated or too large",
                    path, ro, (size_t)(p - base), t);
        p += k;
        ts[t].addr_off = (uint32_t)addr_total;
        addr_total += len;
        ts[t].addr_end = (uint32_t)addr_total;
    }
    for (uint32_t t = 0, nfb = c->version >= 2 ? n : 0; t < nfb; t++) {
        uint64_t v;
        if (!(k = vget(p, end, &v)) || v > maxbits)
            CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: bit-stream length of "
                    "thread %u truncated or too large",
                    path, ro, (size_t)(p - base), t);
        p += k;
        ts[t].fb_bits = v;
        ts[t].fb_off = (uint32_t)fbit_total;
        fbit_total += (v + 7) / 8;
    }
    if (ctl_total + addr_total + fbit_total != (uint64_t)(end - p))
        CTA_BAD("%s: CTA record at offset %llu: payload byte %zu: threads' streams take %llu + "
                "%llu + %llu bytes, %zu remain",
                path, ro, (size_t)(p - base), (unsigned long long)ctl_total,
                (unsigned long long)addr_total, (unsigned long long)fbit_total, (size_t)(end - p));
    /* every stream lies inside the payload (<= 1 GiB): the 32-bit offsets hold */
    c->ctl_base = p;
    c->addr_base = p + ctl_total;
    c->fb_base = p + ctl_total + addr_total;
    return SIMT_ERR_OK;
out_bad:
    return e;
}

simt_err simt_cta_load(simt_trace_reader *r, uint32_t launch, uint64_t cta, simt_cta **out)
{
    SIMT_RETURN_IF(!r || !out, SIMT_ERR_INVALID_ARG, "cta_load: NULL reader or out");
    *out = NULL;
    SIMT_RETURN_IF(launch >= r->nlaunches, SIMT_ERR_INVALID_ARG,
                   "%s: launch %u requested, the trace has %u", r->path, launch, r->nlaunches);
    const struct rlaunch *rl = &r->launches[launch];
    SIMT_RETURN_IF(cta >= rl->l.ncta, SIMT_ERR_INVALID_ARG,
                   "%s: launch %u: CTA %llu requested, the launch has %llu", r->path, launch,
                   (unsigned long long)cta, (unsigned long long)rl->l.ncta);
    SIMT_TRY(load_cta_table(r, launch));
    simt_cta *c = calloc(1, sizeof *c);
    if (!c)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory loading a CTA");
    c->kp = r->kernels[rl->l.kernel];
    c->version = r->version;
    c->launch = launch;
    c->cta = cta;
    uint64_t off = r->cta_offs[cta];
    /* a CTA record ends before the next one (or the launch's CTA table) starts */
    uint64_t limit = cta + 1 < rl->l.ncta ? r->cta_offs[cta + 1] : rl->table_off;
    simt_err e = read_record(r, off, limit, TRACE_TAG_CTA, "CTA", TRACE_PAYLOAD_PAD, &c->data);
    /* zero padding: the cursor reads bit streams 64 bits at a time */
    if (e == SIMT_ERR_OK && (e = tbuf_reserve(&c->data, TRACE_PAYLOAD_PAD)) == SIMT_ERR_OK)
        memset(c->data.p + c->data.n, 0, TRACE_PAYLOAD_PAD);
    if (e == SIMT_ERR_OK)
        e = parse_cta(r, c, off);
    if (e != SIMT_ERR_OK) {
        simt_errprefix("launch %u CTA %llu", launch, (unsigned long long)cta);
        simt_cta_free(c);
        return e;
    }
    *out = c;
    return SIMT_ERR_OK;
}

uint32_t simt_cta_nthreads(const simt_cta *c)
{
    return c->nthreads;
}
uint64_t simt_cta_thread_instructions(const simt_cta *c)
{
    return c->thread_instructions;
}

/* ---- cursor --------------------------------------------------------------------------- */

static int cur_fail(simt_cursor *cur, uint32_t pc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Room for `need` column states: a larger kernel than the cursor was created for gets a
 * separate zeroed array (stamp 0, which the cursor never uses). */
static simt_err cursor_cols(simt_cursor *cur, size_t need)
{
    if (need <= cur->cols_cap)
        return SIMT_ERR_OK;
    if (need > UINT32_MAX)
        return simt_seterr(SIMT_ERR_NOMEM, "a cursor for %zu address columns", need);
    struct colst *cols = calloc(need, sizeof *cols);
    if (!cols)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory for a cursor's %zu columns", need);
    if (cur->cols != cur->cols_inline)
        free(cur->cols);
    cur->cols = cols;
    cur->cols_cap = (uint32_t)need;
    return SIMT_ERR_OK;
}

static void cursor_start(simt_cursor *cur, const simt_cta *c, uint32_t tid);

/* simt_cursor_reset()'s checks and column growth, out of line */
static __attribute__((noinline)) simt_err cursor_reset_slow(simt_cursor *cur, const simt_cta *c,
                                                            uint32_t tid)
{
    SIMT_RETURN_IF(!cur || !c, SIMT_ERR_INVALID_ARG, "cursor_reset: NULL cursor or cta");
    SIMT_RETURN_IF(tid >= c->nthreads, SIMT_ERR_INVALID_ARG, "cursor: thread %u of a %u-thread CTA",
                   tid, c->nthreads);
    SIMT_TRY(cursor_cols(cur, c->kp->nmslots + (size_t)1));
    cursor_start(cur, c, tid);
    return SIMT_ERR_OK;
}

/* the entry block is on an endless loop: the cursor fails at once */
static __attribute__((noinline)) void cursor_endless_entry(simt_cursor *cur)
{
    const struct simt_program *p = &cur->kp->p;
    uint32_t b0 = p->funcs[0].first_block;
    cur_fail(cur, p->blocks[b0].first_pc, "the kernel's entry block %u is on a loop with no exit",
             b0);
}

/* Points a cursor with room for the kernel's columns at thread `tid` of `c`. */
static inline __attribute__((always_inline)) void cursor_start(simt_cursor *cur, const simt_cta *c,
                                                               uint32_t tid)
{
    const struct trace_prog *kp = c->kp;
    /* a new stamp marks every column unseen without touching the states */
    if (__builtin_expect(++cur->stamp == 0, 0)) {
        memset(cur->cols, 0, cur->cols_cap * sizeof *cur->cols);
        cur->stamp = 1;
    }
    const struct tstream *ts = &c->ts[tid];
    cur->c = c;
    cur->kp = kp;
    cur->items = kp->items;
    cur->slots = c->slots;
    cur->tid = tid;
    cur->depth = 0;
    cur->state = 0;
    cur->seeds_used = 0;
    cur->seed_count = ts->seed_count;
    cur->ctl = c->ctl_base + ts->ctl_off;
    cur->ctl_pos = 0;
    cur->ctl_bits = ts->ctl_bits;
    cur->ap = c->addr_base + ts->addr_off;
    cur->aend = c->addr_base + ts->addr_end;
    cur->fb = c->fb_base + ts->fb_off;
    cur->fb_pos = 0;
    cur->fb_bits = ts->fb_bits;
    cur->item = kp->entry_item;
    if (__builtin_expect(kp->entry_item == kp->nitems, 0)) /* the endless-loop item */
        cursor_endless_entry(cur);
}

simt_err simt_cursor_reset(simt_cursor *cur, const simt_cta *c, uint32_t tid)
{
    if (__builtin_expect(
            !cur || !c || tid >= c->nthreads || c->kp->nmslots + (size_t)1 > cur->cols_cap, 0))
        return cursor_reset_slow(cur, c, tid);
    cursor_start(cur, c, tid);
    return SIMT_ERR_OK;
}

simt_err simt_cursor_create(const simt_cta *c, uint32_t tid, simt_cursor **out)
{
    SIMT_RETURN_IF(!c || !out, SIMT_ERR_INVALID_ARG, "cursor_create: NULL cta or out");
    *out = NULL;
    SIMT_RETURN_IF(tid >= c->nthreads, SIMT_ERR_INVALID_ARG,
                   "cursor_create: thread %u of a %u-thread CTA", tid, c->nthreads);
    /* one allocation: the cursor, a small call stack and the kernel's column states */
    size_t ncols = (size_t)c->kp->nmslots + 1;
    simt_cursor *cur =
        calloc(1, sizeof *cur + ncols * sizeof(struct colst) + CURSOR_STACK * sizeof(uint32_t));
    if (!cur)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory creating a cursor");
    cur->stack_inline = (uint32_t *)(cur->cols_inline + ncols);
    cur->stack = cur->stack_inline;
    cur->stack_cap = CURSOR_STACK;
    cur->cols = cur->cols_inline;
    cur->cols_cap = (uint32_t)ncols;
    simt_err e = simt_cursor_reset(cur, c, tid);
    if (e != SIMT_ERR_OK) {
        simt_cursor_free(cur);
        return e;
    }
    *out = cur;
    return SIMT_ERR_OK;
}

void simt_cursor_prefetch(const simt_cursor *cur, int stage)
{
    if (!cur)
        return;
    if (stage == 0) {
        /* the decode loop's state and what memory items use: the struct's first lines */
        __builtin_prefetch(cur);
        __builtin_prefetch((const char *)cur + 64);
        __builtin_prefetch((const char *)cur + 128);
        return;
    }
    if (cur->state != 0)
        return;
    __builtin_prefetch(cur->ctl + (cur->ctl_pos >> 3));
    __builtin_prefetch(cur->ap);
    const struct trace_item *it = &cur->items[cur->item];
    __builtin_prefetch(it);
    /* the column states (any memory item of the batch may read one): all of them while
     * they are few, else those from the next memory item on */
    const char *c0 = (const char *)cur->cols, *c1 = (const char *)(cur->cols + cur->cols_cap);
    uint8_t op = it->op & (uint8_t)~OP_VARSIZE;
    if (c1 - c0 > 1024 && (op == OP_MEM || op == OP_COPY) && it->mslot < cur->cols_cap)
        c0 = (const char *)&cur->cols[it->mslot];
    if (c1 - c0 > 1024)
        c1 = c0 + 1024;
    for (const char *p = c0; p < c1; p += 64)
        __builtin_prefetch(p);
    if (cur->fb_bits)
        __builtin_prefetch(cur->fb + (cur->fb_pos >> 3));
}

void simt_cursor_free(simt_cursor *cur)
{
    if (!cur)
        return;
    if (cur->cols != cur->cols_inline)
        free(cur->cols);
    if (cur->stack != cur->stack_inline)
        free(cur->stack);
    free(cur);
}

static int cur_fail(simt_cursor *cur, uint32_t pc, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const simt_cta *c = cur->c;
    simt_seterr(SIMT_ERR_FORMAT,
                "launch %u CTA %llu thread %u pc %u (kernel %s, depth %u): the stream "
                "contradicts the program: %s",
                c->launch, (unsigned long long)c->cta, cur->tid, pc, c->kp->p.kernel_name,
                cur->depth, msg);
    cur->state = -(int)SIMT_ERR_FORMAT;
    return cur->state;
}

/* `nbits` (<= 56) bits at bit `pos` of a stream inside the payload: one unaligned 64-bit
 * load (the payload is followed by TRACE_PAYLOAD_PAD zero bytes). */
static inline uint64_t peek_bits(const uint8_t *s, uint64_t pos, unsigned nbits)
{
    uint64_t x;
    memcpy(&x, s + (pos >> 3), sizeof x);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    return (x >> (pos & 7)) & (((uint64_t)1 << nbits) - 1);
}

static inline int read_bits(simt_cursor *cur, unsigned nbits, uint32_t *v)
{
    if (__builtin_expect(nbits > cur->ctl_bits - cur->ctl_pos, 0))
        return -1;
    *v = (uint32_t)peek_bits(cur->ctl, cur->ctl_pos, nbits);
    cur->ctl_pos += nbits;
    return 0;
}

/* A varint of the address stream at *pp (< end): the common one-byte case, then up to 8
 * bytes from one 64-bit load (the stream lies inside the payload, which is followed by
 * TRACE_PAYLOAD_PAD bytes), then the general decoder. Same values and errors as
 * get_varint(). Returns 0 ok, -1 truncated or malformed. */
static inline __attribute__((always_inline)) int addr_varint(const uint8_t **pp, const uint8_t *end,
                                                             uint64_t *v)
{
    const uint8_t *p = *pp;
    if (__builtin_expect(p >= end, 0))
        return -1;
    if (__builtin_expect(*p < 0x80, 1)) {
        *v = *p;
        *pp = p + 1;
        return 0;
    }
    uint64_t w;
    memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    uint64_t stop = ~w & 0x8080808080808080ull; /* bit 7 of the bytes that end a varint */
    if (__builtin_expect(stop != 0, 1)) {
        unsigned len = ((unsigned)__builtin_ctzll(stop) >> 3) + 1;
        if (__builtin_expect(len > (size_t)(end - p), 0))
            return -1;          /* the varint runs past the stream */
        w &= stop ^ (stop - 1); /* its bytes only */
        /* gather the 7-bit groups: 14 bits in each 16, 28 in each 32, then 56 */
        w = ((w & 0x7f007f007f007f00ull) >> 1) | (w & 0x007f007f007f007full);
        w = ((w & 0x3fff00003fff0000ull) >> 2) | (w & 0x00003fff00003fffull);
        w = ((w & 0x0fffffff00000000ull) >> 4) | (w & 0x000000000fffffffull);
        *v = w;
        *pp = p + len;
        return 0;
    }
    size_t k = get_varint(p, end, v);
    if (!k)
        return -1;
    *pp = p + k;
    return 0;
}

/* the thread's last address of column state `ref` (0 before its first) */
static inline uint64_t ref_last(const simt_cursor *cur, uint32_t ref)
{
    const struct colst *r = &cur->cols[ref];
    return r->stamp == cur->stamp ? r->prev : 0;
}

/* The thread's first address of a slot: from the CTA's seed table. 0 ok, -1 error. */
static inline __attribute__((always_inline)) int
first_addr(simt_cursor *cur, uint32_t pc, uint32_t slot, uint32_t mslot, uint64_t *a)
{
    const struct cslot *sl = &cur->slots[mslot];
    uint32_t tid = cur->tid;
    if (!sl->seeds) {
        cur_fail(cur, pc, "address slot %u has no column in this CTA", slot);
        return -1;
    }
    if (sl->bm && !((sl->bm[tid >> 3] >> (tid & 7)) & 1)) {
        cur_fail(cur, pc, "address slot %u: no first address recorded for this thread", slot);
        return -1;
    }
    struct colst *cs = &cur->cols[mslot];
    uint64_t x = sl->seeds[tid];
    /* the reference's last address before this column is marked seen (ref may be itself) */
    cs->stride = sl->pred == PRED_REF ? x - ref_last(cur, sl->ref) : 0;
    cs->stamp = cur->stamp;
    cur->seeds_used++;
    cs->prev = x;
    *a = x;
    return 0;
}

static int addr_fail(simt_cursor *cur, uint32_t pc, uint32_t slot)
{
    cur_fail(cur, pc,
             "address slot %u: the address stream ends or is malformed (%zu bytes, %llu "
             "bit-stream bits left)",
             slot, (size_t)(cur->aend - cur->ap), (unsigned long long)(cur->fb_bits - cur->fb_pos));
    return -1;
}

/* The address of slot `slot` of the memory instruction at `pc` (column state `mslot`): the
 * seed table's first one, then the column's predictor plus the stream's residual. The
 * address stream's position is *app (the batch loop keeps it in a local; cur->ap is updated
 * before an error is reported). */
static inline __attribute__((always_inline)) int read_addr(simt_cursor *cur, const uint8_t **app,
                                                           uint32_t pc, uint32_t slot,
                                                           uint32_t mslot, uint64_t *a)
{
    struct colst *cs = &cur->cols[mslot];
    if (__builtin_expect(cs->stamp != cur->stamp, 0))
        return first_addr(cur, pc, slot, mslot, a);
    const struct cslot *sl = &cur->slots[mslot];
    uint64_t x;
    if (sl->pred == PRED_FOR) {
        unsigned w = sl->width;
        if (__builtin_expect(w > cur->fb_bits - cur->fb_pos, 0)) {
            cur->ap = *app;
            return addr_fail(cur, pc, slot);
        }
        x = sl->base + peek_bits(cur->fb, cur->fb_pos, w) * sl->unit;
        cur->fb_pos += w;
        cs->prev = x;
        *a = x;
        return 0;
    }
    uint64_t z;
    if (__builtin_expect(addr_varint(app, cur->aend, &z), 0)) {
        cur->ap = *app;
        return addr_fail(cur, pc, slot);
    }
    uint64_t last = sl->pred == PRED_STRIDE ? cs->prev : ref_last(cur, sl->ref);
    x = last + cs->stride + unzigzag(z);
    cs->stride = x - last;
    cs->prev = x;
    *a = x;
    return 0;
}

/* The general path of one item (everything the fast paths of simt_cursor_next_batch leave:
 * indirect calls, copies, VARSIZE accesses, stack growth and every error). Emits at most one
 * event into *ev. Returns 1 (an event), 0 (none: a FREE terminator), 2 (the thread exited,
 * its EXIT event emitted) or -1 (error, cur->state set); *ip and *dp are the item and depth. */
static __attribute__((noinline)) int slow_item(simt_cursor *cur, struct simt_event *ev,
                                               uint32_t *ip, uint32_t *dp)
{
    const struct trace_prog *kp = cur->kp;
    const struct simt_program *p = &kp->p;
    uint32_t i = *ip, depth = *dp, endless_item = kp->nitems;
    const struct trace_item *it = &kp->items[i];
    uint32_t pc = it->pc;
    uint8_t op = it->op;
    int emitted = 1;
    cur->depth = depth;
    *ev = (struct simt_event){.pc = pc, .depth = depth};
    switch (op & 0x7f) {
    case OP_FREE:
        emitted = 0; /* only a block's terminator is a FREE item; nothing to yield */
        goto block_end;
    case OP_PLAIN:
        break;
    case OP_MEM:
    case OP_COPY:
        if (read_addr(cur, &cur->ap, pc, 0, it->mslot, &ev->addr))
            return -1;
        if ((op & 0x7f) == OP_COPY && read_addr(cur, &cur->ap, pc, 1, it->mslot + 1, &ev->addr2))
            return -1;
        if (op & OP_VARSIZE) {
            uint64_t s;
            size_t k = get_varint(cur->ap, cur->aend, &s);
            if (!k || s > UINT32_MAX) {
                cur_fail(cur, pc, "access size missing or too large in the address stream");
                return -1;
            }
            cur->ap += k;
            ev->size = (uint32_t)s;
        } else {
            ev->size = it->size;
        }
        break;
    case OP_CALL:
    case OP_ICALL: {
        uint32_t f = p->insts[pc].callee;
        if ((op & 0x7f) == OP_ICALL) {
            if (read_bits(cur, kp->icall_bits, &f)) {
                cur_fail(cur, pc, "indirect call: control stream ends (%llu bits)",
                         (unsigned long long)cur->ctl_bits);
                return -1;
            }
            if (f >= p->nfuncs) {
                cur_fail(cur, pc, "indirect call to function %u of %u", f, p->nfuncs);
                return -1;
            }
        }
        ev->succ = f;
        if (depth >= SIMT_MAX_DEPTH) {
            cur_fail(cur, pc, "call depth exceeds %d", SIMT_MAX_DEPTH);
            return -1;
        }
        if (depth == cur->stack_cap) {
            uint32_t *st;
            if (cur->stack == cur->stack_inline) {
                st = malloc(2 * (size_t)cur->stack_cap * sizeof *st);
                if (st)
                    memcpy(st, cur->stack, cur->stack_cap * sizeof *st);
            } else {
                st = realloc(cur->stack, 2 * (size_t)cur->stack_cap * sizeof *st);
            }
            if (!st) {
                simt_seterr(SIMT_ERR_NOMEM, "out of memory growing a call stack");
                cur->state = -(int)SIMT_ERR_NOMEM;
                return -1;
            }
            cur->stack = st;
            cur->stack_cap *= 2;
        }
        cur->stack[depth++] = i + 1; /* a call never ends its block */
        i = kp->block_item[p->funcs[f].first_block];
        if (i == endless_item) {
            cur->depth = depth - 1;
            cur_fail(cur, pc, "calls into block %u, on a loop with no exit",
                     p->funcs[f].first_block);
            return -1;
        }
        *ip = i;
        *dp = depth;
        return 1;
    }
    case OP_RET:
        if (depth == 0) {
            cur_fail(cur, pc, "return at depth 0");
            return -1;
        }
        *ip = cur->stack[--depth];
        *dp = depth;
        return 1;
    case OP_ENDLESS: /* not reached: checked at every transfer */
        cur_fail(cur, pc, "enters a loop with no exit");
        return -1;
    case OP_EXIT:
        if (cur->ctl_pos != cur->ctl_bits || cur->ap != cur->aend || cur->fb_pos != cur->fb_bits ||
            cur->seeds_used != cur->seed_count) {
            cur_fail(cur, pc,
                     "stream left over at exit: %llu of %llu control bits, %zu address "
                     "bytes, %llu bit-stream bits and %u of %u first addresses unused",
                     (unsigned long long)(cur->ctl_bits - cur->ctl_pos),
                     (unsigned long long)cur->ctl_bits, (size_t)(cur->aend - cur->ap),
                     (unsigned long long)(cur->fb_bits - cur->fb_pos),
                     cur->seed_count - cur->seeds_used, cur->seed_count);
            return -1;
        }
        cur->state = 1;
        *ip = i;
        return 2;
    }
    if (!it->last) {
        *ip = i + 1;
        return 1;
    }
block_end:; /* follow the successor */
    uint32_t s = 0;
    if (it->bits) {
        if (read_bits(cur, it->bits, &s)) {
            cur_fail(cur, pc, "branch: control stream ends (%llu bits)",
                     (unsigned long long)cur->ctl_bits);
            return -1;
        }
        if (s >= it->nsucc) {
            cur_fail(cur, pc, "branch to successor %u of %u", s, it->nsucc);
            return -1;
        }
    } else if (it->nsucc == 0) {
        cur_fail(cur, pc, "block %u ends without a successor", p->insts[pc].block);
        return -1;
    }
    if (op != OP_FREE)
        ev->succ = s;
    i = s < 2 ? it->next[s] : kp->succ_item[it->succ_first + s];
    if (__builtin_expect(i == endless_item, 0)) {
        cur_fail(cur, pc, "enters block %u, on a loop with no exit", p->succs[it->succ_first + s]);
        return -1;
    }
    *ip = i;
    return emitted;
}

/* The exit check: every stream used up. 0 ok, -1 error (cur->state set). */
static inline int exit_ok(simt_cursor *cur, uint32_t pc)
{
    if (__builtin_expect(cur->ctl_pos == cur->ctl_bits && cur->ap == cur->aend &&
                             cur->fb_pos == cur->fb_bits && cur->seeds_used == cur->seed_count,
                         1))
        return 0;
    cur_fail(cur, pc,
             "stream left over at exit: %llu of %llu control bits, %zu address "
             "bytes, %llu bit-stream bits and %u of %u first addresses unused",
             (unsigned long long)(cur->ctl_bits - cur->ctl_pos), (unsigned long long)cur->ctl_bits,
             (size_t)(cur->aend - cur->ap), (unsigned long long)(cur->fb_bits - cur->fb_pos),
             cur->seed_count - cur->seeds_used, cur->seed_count);
    return -1;
}

/* The batch loop dispatches on the item kind. With GNU C (gcc, clang) every fast path ends
 * with an indirect jump to the next item's handler ("threaded" dispatch; the compiler may
 * merge some of these jumps); elsewhere, or with -DTRACE_NO_THREADED, a plain switch does the
 * same. */
#if defined(__GNUC__) && !defined(TRACE_NO_THREADED)
#define TR_THREADED 1
#define TR_CASE(k)                                                                                 \
    case k:                                                                                        \
        L_##k:
#define TR_NEXT()                                                                                  \
    do {                                                                                           \
        if (__builtin_expect(k >= cap, 0))                                                         \
            goto out;                                                                              \
        it = &items[i];                                                                            \
        goto *disp[it->kind];                                                                      \
    } while (0)
#else
#define TR_CASE(k) case k:
#define TR_NEXT()  continue
#endif

/* The batch decoder (trace_decode.inc) writes its events through one of two emitters: whole
 * struct simt_event records (simt_cursor_next_batch), or field by field into the caller's
 * strided arrays (simt_cursor_fill: pc and depth of every event, the memory fields only for
 * memory events). The decoder is instantiated once per emitter (its threaded dispatch table
 * is a static array of label addresses, so it cannot be an inline function called twice);
 * `whole` is a constant in each, so no event pays for a test. */
struct emitter {
    struct simt_event *evs;
    uint32_t *pc, *depth;
    struct simt_evmem *mem;
    size_t stride;
};

static inline __attribute__((always_inline)) void
emit(const struct emitter *o, const int whole, int k, uint32_t pc, uint32_t depth, uint32_t succ)
{
    if (whole) {
        o->evs[k] = (struct simt_event){.pc = pc, .depth = depth, .succ = succ};
    } else {
        o->pc[(size_t)k * o->stride] = pc;
        o->depth[(size_t)k * o->stride] = depth;
    }
}

static inline __attribute__((always_inline)) void emit_mem(const struct emitter *o, const int whole,
                                                           int k, uint32_t pc, uint32_t depth,
                                                           uint64_t addr, uint64_t addr2,
                                                           uint32_t size)
{
    if (whole) {
        o->evs[k] = (struct simt_event){
            .pc = pc, .depth = depth, .addr = addr, .addr2 = addr2, .size = size};
    } else {
        size_t x = (size_t)k * o->stride;
        o->pc[x] = pc;
        o->depth[x] = depth;
        o->mem[x] = (struct simt_evmem){.addr = addr, .addr2 = addr2, .size = size};
    }
}

#define DECODE_FN    decode_whole
#define DECODE_WHOLE 1
#include "trace_decode.inc"
#undef DECODE_FN
#undef DECODE_WHOLE
#define DECODE_FN    decode_strided
#define DECODE_WHOLE 0
#include "trace_decode.inc"
#undef DECODE_FN
#undef DECODE_WHOLE

int simt_cursor_next_batch(simt_cursor *cur, struct simt_event *evs, int cap)
{
    if (__builtin_expect(!cur || !evs || cap <= 0, 0))
        return cur && cur->state < 0 ? cur->state
                                     : (cur && cur->state == 1 ? 0 : -(int)SIMT_ERR_INVALID_ARG);
    const struct emitter o = {.evs = evs};
    return decode_whole(cur, &o, cap);
}

int simt_cursor_fill(simt_cursor *cur, uint32_t *pc, uint32_t *depth, struct simt_evmem *mem,
                     size_t stride, int cap)
{
    if (__builtin_expect(!cur || !pc || !depth || !mem || stride == 0 || cap <= 0, 0))
        return cur && cur->state < 0 ? cur->state : -(int)SIMT_ERR_INVALID_ARG;
    const struct emitter o = {.pc = pc, .depth = depth, .mem = mem, .stride = stride};
    return decode_strided(cur, &o, cap);
}

/* The load/store case of simt_cursor_next(), out of line so that the plain case needs no
 * saved registers. */
static __attribute__((noinline)) int next_mem(simt_cursor *cur, struct simt_event *ev,
                                              const struct trace_item *it)
{
    uint64_t a;
    if (read_addr(cur, &cur->ap, it->pc, 0, it->mslot, &a))
        return cur->state;
    *ev = (struct simt_event){.pc = it->pc, .depth = cur->depth, .addr = a, .size = it->size};
    cur->item++;
    return 1;
}

/* The conditional-branch case of simt_cursor_next() (errors: the batch loop reports them). */
static __attribute__((noinline)) int next_branch(simt_cursor *cur, struct simt_event *ev,
                                                 const struct trace_item *it)
{
    if (it->bits <= cur->ctl_bits - cur->ctl_pos) {
        uint32_t s = (uint32_t)peek_bits(cur->ctl, cur->ctl_pos, it->bits);
        if (s < it->nsucc) {
            cur->ctl_pos += it->bits;
            *ev = (struct simt_event){.pc = it->pc, .depth = cur->depth, .succ = s};
            cur->item = cur->kp->succ_item[it->succ_first + s];
            return 1;
        }
    }
    return simt_cursor_next_batch(cur, ev, 1);
}

/* The call and return cases of simt_cursor_next() (stack growth and errors: the batch loop). */
static __attribute__((noinline)) int next_callret(simt_cursor *cur, struct simt_event *ev,
                                                  const struct trace_item *it)
{
    uint32_t depth = cur->depth;
    if (it->kind == IK_CALL && depth < cur->stack_cap && depth < SIMT_MAX_DEPTH) {
        *ev = (struct simt_event){
            .pc = it->pc, .depth = depth, .succ = cur->kp->p.insts[it->pc].callee};
        cur->stack[depth] = cur->item + 1;
        cur->depth = depth + 1;
        cur->item = it->next[0];
        return 1;
    }
    if (it->kind == IK_RET && depth > 0) {
        *ev = (struct simt_event){.pc = it->pc, .depth = depth};
        cur->depth = depth - 1;
        cur->item = cur->stack[depth - 1];
        return 1;
    }
    return simt_cursor_next_batch(cur, ev, 1);
}

/* One event: the timing model calls this once per thread-instruction, so the common cases
 * (a plain instruction inside a block, a jump, a load/store, a conditional branch, a direct
 * call, a return) do not enter the batch loop. */
int simt_cursor_next(simt_cursor *cur, struct simt_event *ev)
{
    if (__builtin_expect(cur && ev && cur->state == 0, 1)) {
        const struct trace_item *it = &cur->items[cur->item];
        /* bit tests, most frequent first (a chain of kind == K tests would become a jump
         * table: one more indirect branch per event) */
        uint32_t bit = 1u << it->kind;
        if (bit & (1u << IK_RUN)) {
            *ev = (struct simt_event){.pc = it->pc, .depth = cur->depth};
            cur->item++;
            return 1;
        }
        if (bit & (1u << IK_MEM))
            return next_mem(cur, ev, it);
        if (bit & ((1u << IK_BRANCH2) | (1u << IK_BRANCH)))
            return next_branch(cur, ev, it);
        if (bit & (1u << IK_JUMP)) {
            *ev = (struct simt_event){.pc = it->pc, .depth = cur->depth};
            cur->item = it->next[0];
            return 1;
        }
        if (bit & ((1u << IK_CALL) | (1u << IK_RET)))
            return next_callret(cur, ev, it);
    }
    return simt_cursor_next_batch(cur, ev, 1);
}
