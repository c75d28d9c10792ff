/*
 * `ppq compress CODEC [--level N]` and `ppq decompress CODEC`: standard
 * input to standard output through the page-codec interface (ppq_codec.h),
 * so every codec the library builds is reachable, and its output can be
 * checked against the codec's own tools (gzip, zstd, lz4 -d on a frame is
 * not the raw block: see tools/cli_test.sh).  A host tool: stdio, malloc.
 * ZSTD streams both ways: compression writes a frame per ZSTD_CHUNK bytes
 * of input, decompression goes through ppq_zstd_stream_* (any frame size,
 * with or without a content size, in memory about twice the window).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_codec.h"
#include "ppq_codec_cmd.h"
#include "ppq_zstd.h"

#define EXIT_CORRUPT 1
#define EXIT_USAGE 2
/* Decompression of unknown size retries with twice the room on
 * PPQ_ERR_NOSPACE, up to this much. */
#define MAX_OUTPUT ((size_t)1 << 31)

static const struct {
    const char *name;
    ppq_codec_t codec;
} names[] = {{"uncompressed", PPQ_CODEC_UNCOMPRESSED}, {"snappy", PPQ_CODEC_SNAPPY}, {"gzip", PPQ_CODEC_GZIP},
             {"lzo", PPQ_CODEC_LZO}, {"brotli", PPQ_CODEC_BROTLI}, {"lz4", PPQ_CODEC_LZ4},
             {"zstd", PPQ_CODEC_ZSTD}, {"lz4_raw", PPQ_CODEC_LZ4_RAW}};

static int fail(int code, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "ppq: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return code;
}

#define ZSTD_CHUNK ((size_t)4 << 20) /* input bytes per frame written */
#define ZSTD_READ ((size_t)1 << 18)  /* input bytes read at a time when decompressing */
#define ZSTD_MAX_BUF ((size_t)1 << 31) /* the largest window buffer taken (a 1 GiB window) */

/* `ppq compress zstd`: a frame (with its content size) per ZSTD_CHUNK
 * bytes of standard input; an empty input gives one empty frame. */
static int zstd_compress_stream(int level)
{
    size_t bound = ppq_zstd_compress_bound(ZSTD_CHUNK), wlen = ppq_compress_work_size(PPQ_CODEC_ZSTD, level, ZSTD_CHUNK);
    uint8_t *in = malloc(ZSTD_CHUNK), *out = malloc(bound), *work = malloc(wlen ? wlen : 1);
    int code = 0, first = 1;
    if (wlen == 0) {
        code = fail(EXIT_USAGE, "level out of range for ZSTD (%s)%s", ppq_status_str(PPQ_ERR_ARG), "");
    } else if (in == NULL || out == NULL || work == NULL) {
        code = fail(EXIT_USAGE, "out of memory%s%s", "", "");
    }
    while (code == 0) {
        size_t n = fread(in, 1, ZSTD_CHUNK, stdin), got = 0;
        ppq_status_t st;
        if (ferror(stdin)) {
            code = fail(EXIT_USAGE, "cannot read standard input%s%s", "", "");
            break;
        }
        if (n == 0 && !first) {
            break;
        }
        first = 0;
        st = ppq_compress(PPQ_CODEC_ZSTD, level, in, n, out, bound, &got, work, wlen);
        if (st != PPQ_OK) {
            code = fail(EXIT_CORRUPT, "ZSTD compression failed: %s%s", ppq_status_str(st), "");
        } else if (fwrite(out, 1, got, stdout) != got) {
            code = fail(EXIT_USAGE, "cannot write standard output%s%s", "", "");
        }
        if (n < ZSTD_CHUNK) {
            break;
        }
    }
    if (code == 0 && fflush(stdout) != 0) {
        code = fail(EXIT_USAGE, "cannot write standard output%s%s", "", "");
    }
    free(in);
    free(out);
    free(work);
    return code;
}

/* `ppq decompress zstd`: standard input through the streaming decoder,
 * each block written as it completes; the window buffer grows to what a
 * frame declares (twice its window, for fewer moves). */
static int zstd_decompress_stream(void)
{
    ppq_zstd_stream_t s;
    size_t cap = ppq_zstd_stream_buf_size((size_t)1 << 17) * 2u, len = 0, off = 0;
    uint8_t *in = malloc(ZSTD_READ), *buf = malloc(cap);
    void *work = malloc(PPQ_ZSTD_DEC_WORK_SIZE);
    int code = 0, eof = 0;
    ppq_status_t st;
    if (in == NULL || buf == NULL || work == NULL) {
        code = fail(EXIT_USAGE, "out of memory%s%s", "", "");
    } else if (ppq_zstd_stream_init(&s, work, PPQ_ZSTD_DEC_WORK_SIZE, buf, cap) != PPQ_OK) {
        code = fail(EXIT_USAGE, "cannot set up the ZSTD decoder%s%s", "", "");
    }
    while (code == 0) {
        const uint8_t *out;
        size_t used, olen;
        if (off == len && !eof) {
            len = fread(in, 1, ZSTD_READ, stdin);
            off = 0;
            if (ferror(stdin)) {
                code = fail(EXIT_USAGE, "cannot read standard input%s%s", "", "");
                break;
            }
            eof = len == 0;
        }
        if (eof) {
            st = ppq_zstd_stream_end(&s);
            if (st != PPQ_OK) {
                code = fail(EXIT_CORRUPT, "corrupt ZSTD input: %s%s", ppq_status_str(st), " (truncated)");
            }
            break;
        }
        st = ppq_zstd_stream_decompress(&s, in + off, len - off, &used, &out, &olen);
        off += used;
        if (st == PPQ_ERR_ARENA) {
            size_t need = ppq_zstd_stream_need(&s);
            if (need == 0 || need > ZSTD_MAX_BUF / 2) {
                code = fail(EXIT_CORRUPT, "corrupt ZSTD input: %s%s", "a frame's window is larger than 1 GiB",
                            " (too large for this tool)");
                break;
            }
            free(buf);
            cap = need * 2u;
            buf = malloc(cap);
            if (buf == NULL || ppq_zstd_stream_buffer(&s, buf, cap) != PPQ_OK) {
                code = fail(EXIT_USAGE, "out of memory for a ZSTD window%s%s", "", "");
            }
            continue;
        }
        if (st != PPQ_OK) {
            code = fail(EXIT_CORRUPT, "corrupt ZSTD input: %s%s", ppq_status_str(st), "");
        } else if (olen > 0 && fwrite(out, 1, olen, stdout) != olen) {
            code = fail(EXIT_USAGE, "cannot write standard output%s%s", "", "");
        }
    }
    if (code == 0 && fflush(stdout) != 0) {
        code = fail(EXIT_USAGE, "cannot write standard output%s%s", "", "");
    }
    free(in);
    free(buf);
    free(work);
    return code;
}

static uint8_t *read_stdin(size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, stdin);
        if (n < cap) {
            break;
        }
        if (cap > ((size_t)-1) / 4) {
            free(buf);
            return NULL;
        }
        cap *= 2;
        {
            uint8_t *nb = realloc(buf, cap);
            if (nb == NULL) {
                free(buf);
                return NULL;
            }
            buf = nb;
        }
    }
    if (buf != NULL && ferror(stdin)) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int ppq_codec_cmd(int argc, char **argv)
{
    int compress = strcmp(argv[1], "compress") == 0, level = 0, i, code = 0;
    const char *cname;
    ppq_codec_t codec = PPQ_CODEC_UNCOMPRESSED;
    unsigned k;
    uint8_t *in, *out = NULL, *work = NULL;
    size_t n = 0, out_len = 0, work_len;
    ppq_status_t st;
    if (argc < 3) {
        return fail(EXIT_USAGE, "%s needs a CODEC (snappy, gzip, zstd, lz4_raw, lz4)%s", argv[1], "");
    }
    for (k = 0; k < sizeof names / sizeof names[0] && strcmp(names[k].name, argv[2]) != 0; k++) {
    }
    if (k == sizeof names / sizeof names[0]) {
        return fail(EXIT_USAGE, "unknown codec '%s'%s (snappy, gzip, zstd, lz4_raw, lz4)", argv[2], "");
    }
    codec = names[k].codec;
    cname = ppq_codec_name(codec);
    for (i = 3; i < argc; i++) {
        if (compress && strcmp(argv[i], "--level") == 0 && i + 1 < argc) {
            char *end;
            long v;
            errno = 0;
            v = strtol(argv[++i], &end, 10);
            if (errno != 0 || *end != '\0' || end == argv[i] || v < -1000000 || v > 1000000) {
                return fail(EXIT_USAGE, "bad level '%s'%s", argv[i], "");
            }
            level = (int)v;
        } else {
            return fail(EXIT_USAGE, "unexpected argument '%s' for %s", argv[i], argv[1]);
        }
    }
    if (compress ? !ppq_codec_can_compress(codec) : !ppq_codec_can_decompress(codec)) {
        return fail(EXIT_CORRUPT, "%s %s is not built into this ppq", cname,
                    compress ? "compression" : "decompression");
    }
    if (codec == PPQ_CODEC_ZSTD) {
        return compress ? zstd_compress_stream(level) : zstd_decompress_stream();
    }
    in = read_stdin(&n);
    if (in == NULL) {
        return fail(EXIT_USAGE, "cannot read standard input%s%s", "", "");
    }
    if (compress) {
        size_t bound = ppq_compress_bound(codec, n);
        work_len = ppq_compress_work_size(codec, level, n);
        out = malloc(bound ? bound : 1);
        work = malloc(work_len ? work_len : 1);
        if (out == NULL || work == NULL || (bound == 0 && n > 0)) {
            code = fail(EXIT_USAGE, "input too large for %s%s", cname, "");
        } else {
            st = ppq_compress(codec, level, in, n, out, bound, &out_len, work, work_len);
            if (st == PPQ_ERR_ARG) {
                code = fail(EXIT_USAGE, "level out of range for %s (%s)", cname, ppq_status_str(st));
            } else if (st != PPQ_OK) {
                code = fail(EXIT_CORRUPT, "%s compression failed: %s", cname, ppq_status_str(st));
            }
        }
    } else {
        size_t cap = n < (1 << 16) ? (1 << 16) : n * 4;
        work_len = ppq_decompress_work_size(codec);
        work = malloc(work_len ? work_len : 1);
        for (;;) {
            free(out);
            out = malloc(cap);
            if (out == NULL || work == NULL) {
                /* after NOSPACE: the input claims more than memory allows */
                code = fail(EXIT_CORRUPT, "cannot decompress %s input: out of memory for %s", cname,
                            "its output (or corrupt input)");
                break;
            }
            st = ppq_decompress(codec, in, n, out, cap, &out_len, work, work_len);
            if (st == PPQ_ERR_NOSPACE && cap < MAX_OUTPUT) {
                cap = cap * 2 < MAX_OUTPUT ? cap * 2 : MAX_OUTPUT;
                continue;
            }
            if (st == PPQ_ERR_NOSPACE) {
                code = fail(EXIT_CORRUPT, "%s input decompresses to more than 2 GiB (%s)", cname,
                            "corrupt input, or too large for this tool");
            } else if (st != PPQ_OK) {
                code = fail(EXIT_CORRUPT, "corrupt %s input: %s", cname, ppq_status_str(st));
            }
            break;
        }
    }
    if (code == 0 && out_len > 0 && (fwrite(out, 1, out_len, stdout) != out_len || fflush(stdout) != 0)) {
        code = fail(EXIT_USAGE, "cannot write standard output%s%s", "", "");
    }
    free(in);
    free(out);
    free(work);
    return code;
}
