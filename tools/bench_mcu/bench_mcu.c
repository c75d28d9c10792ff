/*
 * Board firmware for `make bench-mcu`: runs each measured operation
 * between two marker functions; the QEMU plugin tools/qemu/insn_count.c
 * counts the guest instructions in between.  Each measurement prints one
 * label line "M <bench> <kernel> <bit_width> <values>"; the host script
 * pairs labels with counts in order.  The first measurement is an empty
 * region: its count (call overhead) is subtracted from the others.
 */
#include <string.h>

#include "board.h"
#include "picoparquet.h"
#include "ppq_port.h"

#define VALUES 1024u

/* Distinct bodies so identical-code folding cannot merge them. */
volatile uint32_t mark_hits[2];
__attribute__((noinline)) void bench_mark_start(void)
{
    mark_hits[0]++;
}
__attribute__((noinline)) void bench_mark_stop(void)
{
    mark_hits[1]++;
}

typedef void (*unpack_fn)(const uint8_t *in, unsigned width, size_t groups, uint32_t *out);

/* The portable kernel, built a second time under another name (see Makefile)
 * so that both kernels are measured in one image. */
void ppq_generic_unpack32_groups(const uint8_t *in, unsigned width, size_t groups, uint32_t *out);

static uint32_t values[VALUES], out[VALUES];
static uint8_t packed[VALUES * 4u + 64u]; /* also holds the RLE encodings (16 KB boards) */
static uint64_t arena_mem[224]; /* 1792 bytes: 16 KB boards */
static int failures;


static void label(const char *bench, const char *kernel, unsigned width, unsigned n)
{
    board_puts("M ");
    board_puts(bench);
    board_putc(' ');
    board_puts(kernel);
    board_putc(' ');
    board_putu(width);
    board_putc(' ');
    board_putu(n);
    board_putc('\n');
}

static uint32_t rng = 12345u;
static uint32_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void bench_unpack(const char *name, unpack_fn fn)
{
    unsigned w;
    for (w = 1; w <= 32; w++) {
        uint32_t mask = w == 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
        unsigned i;
        for (i = 0; i < VALUES; i++) {
            values[i] = next_rand() & mask;
        }
        ppq_pack32(values, VALUES, w, packed);
        label("unpack32", name, w, VALUES);
        bench_mark_start();
        fn(packed, w, VALUES / 32u, out);
        bench_mark_stop();
        if (memcmp(out, values, sizeof values) != 0) {
            board_puts("bench-mcu: wrong values\n");
            failures++;
        }
    }
}

/* Dictionary-index-like data: runs of one index mixed with varying ones. */
static void bench_rle(unsigned w)
{
    uint32_t mask = (1u << w) - 1u;
    ppq_rle_cfg_t cfg = {0, 0, 0, 0};
    ppq_arena_t arena;
    ppq_rle_enc_t enc;
    ppq_rle_dec_t dec;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    size_t got = 0;
    ppq_status_t st = PPQ_ERR_STATE;
    unsigned i = 0;
    while (i < VALUES) {
        unsigned len = 1u + next_rand() % 64u;
        uint32_t v = next_rand() & mask;
        int repeat = next_rand() % 3u == 0u;
        for (; len > 0u && i < VALUES; len--, i++) {
            values[i] = repeat ? v : next_rand() & mask;
        }
    }
    cfg.bit_width = w;
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    ppq_sink_init_mem(&sink, &mem, packed, sizeof packed);
    if (ppq_rle_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK || ppq_rle_enc_put(&enc, values, VALUES) != PPQ_OK ||
        ppq_rle_enc_finish(&enc) != PPQ_OK) {
        failures++;
        return;
    }
    label("rle_hybrid_decode", ppq_port_name, w, VALUES);
    bench_mark_start();
    if (ppq_rle_dec_init(&dec, w, 0, packed, mem.len, VALUES) == PPQ_OK) {
        st = ppq_rle_dec_get(&dec, out, VALUES, &got);
    }
    bench_mark_stop();
    if (st != PPQ_OK || got != VALUES || memcmp(out, values, sizeof values) != 0) {
        board_puts("bench-mcu: rle round trip failed\n");
        failures++;
    }
}

/* Stack high-water of single library calls, measured by painting. */
static void stack_line(const char *name, size_t bytes)
{
    board_puts("S ");
    board_puts(name);
    board_putc(' ');
    board_putu((unsigned)bytes);
    board_putc('\n');
}

static void bench_stack(void)
{
    uint8_t *page = (uint8_t *)(values + 512); /* reuse: 16 KB boards */
    size_t page_len;
    ppq_arena_t arena;
    ppq_rle_cfg_t cfg = {21, 0, 0, 0};
    ppq_rle_enc_t enc;
    ppq_rle_dec_t dec;
    ppq_dict_enc_t denc;
    ppq_dict_dec_t ddec;
    ppq_dict_cfg_t dcfg = {64, 1024, 64};
    ppq_plain_enc_t penc;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    size_t got = 0, accepted = 0, used;
    unsigned i;
    ppq_status_t st;
    for (i = 0; i < 256u; i++) {
        values[i] = next_rand() & 0x1FFFFFu;
    }
    /* RLE encode and decode at width 21 (the deepest kernel frame) */
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    ppq_sink_init_mem(&sink, &mem, packed, sizeof packed);
    st = ppq_rle_enc_init(&enc, &cfg, &sink, &arena);
    board_stack_paint();
    if (st == PPQ_OK) {
        st = ppq_rle_enc_put(&enc, values, 256);
    }
    if (st == PPQ_OK) {
        st = ppq_rle_enc_finish(&enc);
    }
    stack_line("ppq_rle_enc_put+finish", board_stack_used());
    st = st == PPQ_OK ? ppq_rle_dec_init(&dec, 21, 0, packed, mem.len, 256) : st;
    board_stack_paint();
    if (st == PPQ_OK) {
        st = ppq_rle_dec_get(&dec, out, 256, &got);
    }
    stack_line("ppq_rle_dec_get", board_stack_used());
    /* dictionary: INT32 values, one page */
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    st = st == PPQ_OK ? ppq_dict_enc_init(&denc, PPQ_INT32, 0, &dcfg, &arena) : st;
    board_stack_paint();
    if (st == PPQ_OK) {
        st = ppq_dict_enc_put(&denc, values, 64, &accepted);
    }
    used = board_stack_used();
    stack_line("ppq_dict_enc_put", used);
    ppq_sink_init_mem(&sink, &mem, page, 512);
    board_stack_paint();
    if (st == PPQ_OK) {
        st = ppq_dict_enc_flush_page(&denc, &sink);
    }
    stack_line("ppq_dict_enc_flush_page", board_stack_used());
    page_len = mem.len;
    ppq_sink_init_mem(&sink, &mem, packed, sizeof packed);
    st = st == PPQ_OK ? ppq_dict_enc_write_dict(&denc, &sink) : st;
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    st = st == PPQ_OK ? ppq_dict_dec_init(&ddec, PPQ_INT32, 0, packed, mem.len, ppq_dict_enc_entries(&denc), &arena) : st;
    st = st == PPQ_OK ? ppq_dict_dec_page(&ddec, page, page_len, 64) : st;
    board_stack_paint();
    if (st == PPQ_OK) {
        st = ppq_dict_dec_get(&ddec, out, 64, &got);
    }
    stack_line("ppq_dict_dec_get", board_stack_used());
    /* PLAIN encode of doubles through a memory sink */
    ppq_sink_init_mem(&sink, &mem, packed, sizeof packed);
    st = st == PPQ_OK ? ppq_plain_enc_init(&penc, PPQ_DOUBLE, 0, &sink) : st;
    board_stack_paint();
    if (st == PPQ_OK) {
        st = ppq_plain_enc_put(&penc, values, 64);
    }
    stack_line("ppq_plain_enc_put", board_stack_used());
    if (st != PPQ_OK) {
        board_puts("bench-mcu: stack measurement calls failed\n");
        failures++;
    }
}

int main(void)
{
    label("overhead", "none", 0, 0);
    bench_mark_start();
    bench_mark_stop();
    bench_unpack("generic", ppq_generic_unpack32_groups);
    if (strcmp(ppq_port_name, "generic") != 0) {
        bench_unpack(ppq_port_name, ppq_port_unpack32_groups);
    }
    bench_rle(1);
    bench_rle(8);
    bench_stack();
    return failures;
}
