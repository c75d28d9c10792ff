/*
 * QEMU TCG plugin: counts the guest instructions executed between the
 * entry of a "start" marker function and the entry of a "stop" marker
 * function, for every start/stop pair, and writes one count per line to
 * a file at exit.  The markers' addresses come from the ELF's symbols.
 *
 *   qemu-system-arm ... -plugin build/tools/insn_count.so,start=0x...,stop=0x...,out=FILE
 *
 * The markers' own instructions are not counted (the start marker is
 * entered before counting begins; counting stops on entering stop).
 * With profile=FILE it also writes, per translated block, its address and
 * the instructions it executed while counting (tools/bench_profile.py maps
 * them to functions).
 * Debian's QEMU 7.2 runs plugins but ships no qemu-plugin.h, so the few
 * API entries used here are declared by hand (plugin API version 1).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the subset of QEMU's plugin API (include/qemu/qemu-plugin.h) ---- */
typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))
/* ----------------------------------------------------------------------- */

QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;

#define MAX_COUNTS 65536 /* (the writer bench: some 7,000 regions) */

static uint64_t start_addr, stop_addr;
static const char *out_path;
static bool counting;
static uint64_t current;
static uint64_t counts[MAX_COUNTS];
static size_t ncounts;

enum tb_kind { TB_PLAIN, TB_START, TB_STOP };
struct tb_info {
    enum tb_kind kind;
    uint64_t insns;
    uint64_t pc, counted;  /* profile: the block's address, instructions counted in it */
    struct tb_info *next;  /* profile: every block, for the report */
};

static const char *profile_path;
static struct tb_info *blocks;

static void tb_exec(unsigned int vcpu, void *userdata)
{
    const struct tb_info *info = userdata;
    (void)vcpu;
    switch (info->kind) {
    case TB_START:
        counting = true;
        current = 0;
        break;
    case TB_STOP:
        if (counting && ncounts < MAX_COUNTS) {
            counts[ncounts++] = current;
        }
        counting = false;
        break;
    case TB_PLAIN:
        if (counting) {
            current += info->insns;
            ((struct tb_info *)userdata)->counted += info->insns;
        }
        break;
    }
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    struct tb_info *info = malloc(sizeof *info);
    uint64_t pc = qemu_plugin_tb_vaddr(tb);
    (void)id;
    if (info == NULL) {
        return;
    }
    info->insns = qemu_plugin_tb_n_insns(tb);
    info->pc = pc;
    info->counted = 0;
    info->next = blocks;
    blocks = info;
    info->kind = pc == start_addr ? TB_START : pc == stop_addr ? TB_STOP : TB_PLAIN;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS, info);
}

static void at_exit(qemu_plugin_id_t id, void *userdata)
{
    FILE *f = fopen(out_path, "w");
    size_t i;
    (void)id;
    (void)userdata;
    if (f == NULL) {
        return;
    }
    for (i = 0; i < ncounts; i++) {
        fprintf(f, "%" PRIu64 "\n", counts[i]);
    }
    fclose(f);
    if (profile_path != NULL && (f = fopen(profile_path, "w")) != NULL) {
        const struct tb_info *b;
        for (b = blocks; b != NULL; b = b->next) {
            if (b->counted > 0u) {
                fprintf(f, "%" PRIx64 " %" PRIu64 "\n", b->pc, b->counted);
            }
        }
        fclose(f);
    }
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv);

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    int i;
    (void)info;
    for (i = 0; i < argc; i++) {
        if (strncmp(argv[i], "start=", 6) == 0) {
            start_addr = strtoull(argv[i] + 6, NULL, 0) & ~1ull; /* drop the Thumb bit */
        } else if (strncmp(argv[i], "stop=", 5) == 0) {
            stop_addr = strtoull(argv[i] + 5, NULL, 0) & ~1ull;
        } else if (strncmp(argv[i], "out=", 4) == 0) {
            out_path = argv[i] + 4;
        } else if (strncmp(argv[i], "profile=", 8) == 0) {
            profile_path = argv[i] + 8;
        }
    }
    if (start_addr == 0 || stop_addr == 0 || out_path == NULL) {
        fprintf(stderr, "insn_count: need start=ADDR,stop=ADDR,out=FILE\n");
        return -1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
