/* Nested schemas (PPQ_WRITER_NESTED): the schema tree's checks and walk,
 * each leaf's levels, pages that end at record boundaries with their
 * repetition and definition levels RLE-encoded, the tree in the footer and
 * ppq_writer_write_levels.  Each leaf is one of the page layout's columns
 * (ppq_col_t): its values go through push_value as a flat column's do, an
 * entry below max_def as a null; what is nested lives beside it in
 * NEST(w).  (A unit of ppq_writer.c: see ppq_writer_internal.h.) */

#if PPQ_WRITER_NESTED

/* ---- the tree ---------------------------------------------------------------- */

static void tree_start(tree_it_t *t)
{
    t->at = t->depth = t->leaf = 0;
    t->left[0] = 0xFFFFu;
    t->def[0] = t->rep[0] = 0;
}

/* The next node in pre-order (its index, its definition and repetition
 * levels), or 0 at
 * the end.  The tree is valid (tree_ok). */
static int tree_next(tree_it_t *t, const ppq_schema_t *s, uint32_t *node, uint8_t *d, uint8_t *r)
{
    const ppq_node_t *n;
    if (t->at >= s->nnodes) {
        return 0;
    }
    while (t->depth > 0u && t->left[t->depth] == 0u) {
        t->depth--;
    }
    n = &s->nodes[t->at];
    *node = t->at++;
    t->left[t->depth]--;
    *d = (uint8_t)(t->def[t->depth] + (n->repetition != PPQ_REQUIRED));
    *r = (uint8_t)(t->rep[t->depth] + (n->repetition == PPQ_REPEATED));
    if (n->kind != PPQ_NODE_LEAF) {
        t->depth++;
        t->left[t->depth] = n->children;
        t->def[t->depth] = *d;
        t->rep[t->depth] = *r;
    } else {
        t->leaf++;
    }
    return 1;
}

/* The next leaf's node and levels (0: none left). */
static int tree_next_leaf(tree_it_t *t, const ppq_schema_t *s, uint32_t *node, uint8_t *d, uint8_t *r)
{
    while (tree_next(t, s, node, d, r)) {
        if (s->nodes[*node].kind == PPQ_NODE_LEAF) {
            return 1;
        }
    }
    return 0;
}

/* Node j's name (a leaf's is its column's: `leaf` its index). */
static const char *node_name(const ppq_schema_t *s, uint32_t j, uint32_t leaf)
{
    return s->nodes[j].kind == PPQ_NODE_LEAF ? s->leaves[leaf].name : s->nodes[j].name;
}

/* Past node j's subtree; *leaves counts the leaves in it. */
static uint32_t subtree_end(const ppq_schema_t *s, uint32_t j, uint32_t *leaves)
{
    uint32_t pending = 1;
    while (pending > 0u && j < s->nnodes) {
        pending += (uint32_t)s->nodes[j].children - 1u;
        *leaves += s->nodes[j].kind == PPQ_NODE_LEAF;
        j++;
    }
    return j;
}

/* A column as a leaf takes it (ppq_writer_init's checks but the unique
 * name: leaves of different groups may share one, "element"). */
static int leaf_column_ok(const ppq_column_t *c)
{
    size_t len;
    int ok;
    if (!name_ok(c->name, &len) || (unsigned)c->type > (unsigned)PPQ_FIXED_LEN_BYTE_ARRAY ||
        (c->type == PPQ_FIXED_LEN_BYTE_ARRAY && (c->type_len == 0u || c->type_len > 0xFFFFu)) || c->optional > 1u ||
        !logical_ok(c)) {
        return 0;
    }
    (void)start_kind(c, &ok);
    return ok;
}

/* Is the tree valid (ppq_writer_init_nested says what that takes)? */
static int tree_ok(const ppq_schema_t *s)
{
    /* per depth: the open group's node, its first child and the leaves
     * before it, the position of the child at hand */
    uint16_t grp[PPQ_WRITER_MAX_DEPTH + 1u], first[PPQ_WRITER_MAX_DEPTH + 1u], first_leaf[PPQ_WRITER_MAX_DEPTH + 1u];
    uint16_t pos[PPQ_WRITER_MAX_DEPTH + 1u]; /* (0xFFFF: before the first child) */
    tree_it_t t;
    uint32_t j;
    uint8_t d, r;
    if (s == NULL || s->nodes == NULL || s->leaves == NULL || s->nnodes == 0u || s->nnodes > 0xFFFEu ||
        s->nleaves == 0u || s->nleaves > 4096u) {
        return 0;
    }
    tree_start(&t);
    grp[0] = 0xFFFFu;
    first[0] = 0;
    first_leaf[0] = 0;
    pos[0] = 0xFFFFu;
    for (;;) {
        const ppq_node_t *n;
        uint32_t depth, sib, sib_leaf, leaf = t.leaf;
        size_t len;
        if (t.at < s->nnodes) { /* (the depth the next node lands at) */
            while (t.depth > 0u && t.left[t.depth] == 0u) {
                t.depth--;
            }
        }
        depth = t.depth;
        if (t.at < s->nnodes && depth >= PPQ_WRITER_MAX_DEPTH) {
            return 0; /* (before the walk opens a group past its arrays) */
        }
        if (!tree_next(&t, s, &j, &d, &r)) {
            break;
        }
        n = &s->nodes[j];
        pos[depth] = (uint16_t)(pos[depth] + 1u);
        if (n->kind > PPQ_NODE_MAP || n->repetition > PPQ_REPEATED) {
            return 0;
        }
        if (n->kind == PPQ_NODE_LEAF) {
            if (n->children != 0u || leaf >= s->nleaves || !leaf_column_ok(&s->leaves[leaf]) ||
                s->leaves[leaf].optional != (n->repetition == PPQ_OPTIONAL)) {
                return 0;
            }
        } else if (n->children == 0u || !name_ok(n->name, &len)) {
            return 0;
        }
        /* a name unique among its siblings */
        for (sib = first[depth], sib_leaf = first_leaf[depth]; sib < j;) {
            if (names_equal(node_name(s, sib, sib_leaf), node_name(s, j, leaf))) {
                return 0;
            }
            sib = subtree_end(s, sib, &sib_leaf);
        }
        /* the 3-level forms */
        if ((n->kind == PPQ_NODE_LIST || n->kind == PPQ_NODE_MAP) &&
            (n->repetition == PPQ_REPEATED || n->children != 1u)) {
            return 0;
        }
        if (depth > 0u) {
            const ppq_node_t *p = &s->nodes[grp[depth]];
            const ppq_node_t *gp = depth > 1u ? &s->nodes[grp[depth - 1u]] : NULL;
            if ((p->kind == PPQ_NODE_LIST || p->kind == PPQ_NODE_MAP) &&
                (n->kind != PPQ_NODE_STRUCT || n->repetition != PPQ_REPEATED ||
                 n->children != (p->kind == PPQ_NODE_MAP ? 2u : 1u))) {
                return 0; /* the middle group */
            }
            if (gp != NULL && (gp->kind == PPQ_NODE_LIST || gp->kind == PPQ_NODE_MAP) &&
                (n->repetition == PPQ_REPEATED ||
                 (gp->kind == PPQ_NODE_MAP && pos[depth] == 0u &&
                  (n->kind != PPQ_NODE_LEAF || n->repetition != PPQ_REQUIRED)))) {
                return 0; /* the element, the key and the value */
            }
        }
        if (n->kind != PPQ_NODE_LEAF) { /* its children at depth + 1 */
            grp[depth + 1u] = (uint16_t)j;
            first[depth + 1u] = (uint16_t)(j + 1u);
            first_leaf[depth + 1u] = (uint16_t)t.leaf;
            pos[depth + 1u] = 0xFFFFu;
        }
    }
    /* every group got its children, every leaf its column */
    while (t.depth > 0u && t.left[t.depth] == 0u) {
        t.depth--;
    }
    return t.depth == 0u && t.leaf == s->nleaves;
}

/* RLE bytes of a page's levels of `bits` bits, `n` entries, at their
 * worst: per 8 entries a bit-packed group and its share of headers, or a
 * run's header and value (the encoder's policy: ppq_rle.h). */
static size_t nest_rle_cap(uint32_t n, unsigned bits)
{
    return bits == 0u ? 0u : ((size_t)n / 8u + 2u) * (bits + 4u) + 8u;
}

static unsigned bits_for(unsigned max)
{
    unsigned b = 0;
    while ((1u << b) <= max) {
        b++;
    }
    return max == 0u ? 0u : b;
}

/* A page's levels of a leaf at their largest (with both v1 lengths). */
static size_t nest_levels_cap(const ppq_writer_options_t *o, unsigned max_def, unsigned max_rep)
{
    return 8u + nest_rle_cap(o->page_values, bits_for(max_def)) + nest_rle_cap(o->page_values, bits_for(max_rep));
}

/* Bytes the ancestors' names add to a row group's path_in_schema lists. */
static size_t nest_path_bytes(const ppq_schema_t *s)
{
    tree_it_t t;
    uint32_t j;
    size_t total = 0;
    uint16_t per[PPQ_WRITER_MAX_DEPTH + 1u]; /* (at most 16 names of 255 bytes and 2) */
    uint8_t d, r;
    tree_start(&t);
    per[0] = 0;
    for (;;) {
        uint32_t depth;
        if (t.at < s->nnodes) {
            while (t.depth > 0u && t.left[t.depth] == 0u) {
                t.depth--;
            }
        }
        depth = t.depth;
        if (!tree_next(&t, s, &j, &d, &r)) {
            break;
        }
        if (s->nodes[j].kind == PPQ_NODE_LEAF) {
            total += per[depth];
        } else {
            size_t len = 0;
            (void)name_ok(s->nodes[j].name, &len);
            per[depth + 1u] = (uint16_t)(per[depth] + len + 2u); /* (a binary's length varint: 2 bytes up to 16383) */
        }
    }
    return total;
}

/* The level encoder's work memory: bit-packed groups of up to 5 bits
 * (levels up to PPQ_WRITER_MAX_DEPTH). */
static size_t nest_rle_arena(void)
{
    ppq_rle_cfg_t cfg = {5, 0, 0, 0};
    return ppq_rle_enc_arena_size(&cfg);
}

/* A staged value's bytes (its C type's). */
static size_t nest_value_size(const ppq_column_t *c)
{
    return c->type == PPQ_BOOLEAN ? 1u : ppq_value_size(c->type);
}

/* Lay out (or count) the staged record's state (opts.record_entries): per
 * node its place, per leaf room for record_entries entries (at most a
 * page's), the walk's frames.  x: the writer's nested state, or NULL. */
static void plan_nest_rec(const ppq_schema_t *s, const ppq_writer_options_t *o, plan_t *p, struct ppq_nest *x)
{
    nest_rec_t *rec = (nest_rec_t *)take(p, sizeof *rec);
    nest_node_t *node = (nest_node_t *)take(p, (size_t)s->nnodes * sizeof *node);
    ppq_leaf_batch_t *batch = (ppq_leaf_batch_t *)take(p, (size_t)s->nleaves * sizeof *batch);
    nest_walk_t *walk = (nest_walk_t *)take(p, (PPQ_WRITER_MAX_DEPTH + 1u) * sizeof *walk);
    uint32_t cap = o->record_entries < o->page_values ? o->record_entries : o->page_values, j;
    tree_it_t t;
    uint8_t d, r;
    tree_start(&t);
    for (;;) {
        uint32_t k = t.leaf, leaves = 0;
        if (!tree_next(&t, s, &j, &d, &r)) {
            break;
        }
        if (x != NULL && !p->failed) {
            node[j].end = (uint16_t)subtree_end(s, j, &leaves);
            node[j].leaf = (uint16_t)k;
            node[j].def = d;
            node[j].rep = r;
            node[j].mark = 0;
        }
        if (s->nodes[j].kind == PPQ_NODE_LEAF) {
            int16_t *sdef = d > 0u ? (int16_t *)take(p, (size_t)cap * sizeof(int16_t)) : NULL;
            int16_t *srep = r > 0u ? (int16_t *)take(p, (size_t)cap * sizeof(int16_t)) : NULL;
            uint8_t *sval = (uint8_t *)take(p, (size_t)cap * nest_value_size(&s->leaves[k]));
            if (x != NULL && !p->failed) {
                nest_leaf_t *l = &x->leaf[k];
                l->sdef = sdef;
                l->srep = srep;
                l->sval = sval;
                l->sn = l->sv = 0;
                l->rep_next = 0;
            }
        }
    }
    if (x != NULL && !p->failed) {
        memset(rec, 0, sizeof *rec);
        rec->node = node;
        rec->batch = batch;
        rec->walk = walk;
        rec->cap = cap;
        x->rec = rec;
    }
}

/* Lay out (or count) the nested state (plan_pages, after the columns). */
static void plan_nest(const ppq_schema_t *s, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w)
{
    struct ppq_nest *x = (struct ppq_nest *)take(p, sizeof *x);
    nest_leaf_t *leaf = (nest_leaf_t *)take(p, (size_t)s->nleaves * sizeof *leaf);
    uint16_t *parent = (uint16_t *)take(p, (size_t)s->nnodes * sizeof *parent);
    size_t rle = nest_rle_arena();
    uint8_t *rle_mem = (uint8_t *)take(p, rle);
    tree_it_t t;
    uint32_t j, k = 0, open[PPQ_WRITER_MAX_DEPTH + 1u];
    uint8_t d, r;
    tree_start(&t);
    open[0] = UINT16_MAX;
    for (;;) {
        uint32_t depth;
        uint8_t *mem[3];
        size_t cap;
        if (t.at < s->nnodes) {
            while (t.depth > 0u && t.left[t.depth] == 0u) {
                t.depth--;
            }
        }
        depth = t.depth;
        if (!tree_next(&t, s, &j, &d, &r)) {
            break;
        }
        if (parent != NULL && !p->failed) {
            parent[j] = (uint16_t)open[depth];
        }
        if (s->nodes[j].kind != PPQ_NODE_LEAF) {
            open[depth + 1u] = j;
            continue;
        }
        cap = nest_levels_cap(o, d, r);
        mem[0] = d > 0u ? (uint8_t *)take(p, o->page_values) : NULL;
        mem[1] = r > 0u ? (uint8_t *)take(p, o->page_values) : NULL;
        mem[2] = (uint8_t *)take(p, cap);
        if (leaf != NULL && !p->failed) {
            nest_leaf_t *l = &leaf[k];
            uint32_t a, m;
            memset(l, 0, sizeof *l);
            l->def = mem[0];
            l->rep = mem[1];
            l->out = mem[2];
            l->out_cap = (uint32_t)cap;
            l->node = j;
            l->max_def = d;
            l->max_rep = r;
            /* the definition level of each repeated ancestor (and the leaf) */
            for (a = j, m = r; a != UINT16_MAX && m > 0u; a = parent[a]) {
                if (s->nodes[a].repetition == PPQ_REPEATED) {
                    uint32_t b, dd = 0;
                    for (b = a; b != UINT16_MAX; b = parent[b]) {
                        dd += s->nodes[b].repetition != PPQ_REQUIRED;
                    }
                    l->rdef[m--] = (uint8_t)dd;
                }
            }
        }
        k++;
    }
    if (w != NULL && !p->failed) {
        x->s = s;
        x->leaf = leaf;
        x->parent = parent;
        x->rec = NULL;
        ppq_arena_init(&x->rle, rle_mem, rle);
        w->store = (uint8_t *)(void *)x;
    }
    if (o->record_entries > 0u) {
        plan_nest_rec(s, o, p, w != NULL && !p->failed ? x : NULL);
    }
}

/* The extra page bytes of leaf i of the tree (its levels), for the
 * plan's per-column loop. */
static size_t nest_leaf_levels_cap(const ppq_schema_t *s, const ppq_writer_options_t *o, tree_it_t *t)
{
    uint32_t j;
    uint8_t d = 0, r = 0;
    (void)tree_next_leaf(t, s, &j, &d, &r);
    return nest_levels_cap(o, d, r);
}

size_t ppq_writer_arena_size_nested(const ppq_schema_t *schema, const ppq_writer_options_t *opts)
{
    ppq_writer_options_t o;
    plan_t p = PLAN_INIT;
    if (!tree_ok(schema) || !resolve_options(opts, &o) || o.compact || (o.recovery && !page_v2(&o)) ||
        codecs_ok(&o, schema->nleaves) != PPQ_OK) {
        return 0;
    }
    p.tree = schema;
    p.path_bytes = nest_path_bytes(schema);
    return plan(schema->leaves, schema->nleaves, &o, &p, NULL);
}

/* ---- pages ------------------------------------------------------------------- */

static nest_leaf_t *leaf_of(const ppq_writer_t *w, const ppq_col_t *c)
{
    return &NEST(w)->leaf[(size_t)((const uint8_t *)c - (const uint8_t *)w->cols) / w->col_size];
}

/* RLE-encode n levels of `bits` bits at lv to `at` (room `cap`): the
 * length, or SIZE_MAX on error. */
static size_t nest_rle(ppq_writer_t *w, const uint8_t *lv, uint32_t n, unsigned bits, uint8_t *at, size_t cap)
{
    ppq_rle_cfg_t cfg = {0, 0, 0, 0};
    ppq_rle_enc_t rle;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint32_t i = 0;
    cfg.bit_width = bits;
    ppq_arena_rewind(&NEST(w)->rle, 0);
    ppq_sink_init_mem(&sink, &mem, at, cap);
    if (ppq_rle_enc_init(&rle, &cfg, &sink, &NEST(w)->rle) != PPQ_OK) {
        return SIZE_MAX;
    }
    while (i < n) {
        uint32_t j = i + 1u;
        uint64_t run = (uint64_t)lv[i] * 0x0101010101010101ull;
        while (j + 8u <= n && ppq_load_le64(lv + j) == run) { /* (eight at a step) */
            j += 8u;
        }
        while (j < n && lv[j] == lv[i]) {
            j++;
        }
        if (ppq_rle_enc_put_repeat(&rle, lv[i], j - i) != PPQ_OK) {
            return SIZE_MAX;
        }
        i = j;
    }
    return ppq_rle_enc_finish(&rle) == PPQ_OK ? mem.len : SIZE_MAX;
}

/* The page's levels (repetition, then definition; v1 each after its
 * 4-byte length) into the leaf's out: their bytes, or SIZE_MAX. */
static size_t nest_levels(ppq_writer_t *w, ppq_col_t *c)
{
    nest_leaf_t *l = leaf_of(w, c);
    size_t pre = page_v2(&w->opts) ? 0u : 4u, at = 0, len;
    l->rep_len = l->def_len = 0;
    if (l->max_rep > 0u) {
        len = nest_rle(w, l->rep, c->page_count, bits_for(l->max_rep), l->out + pre, l->out_cap - pre);
        if (len == SIZE_MAX) {
            return len;
        }
        if (pre) {
            ppq_store_le32(l->out, (uint32_t)len);
        }
        l->rep_len = (uint32_t)(len + pre);
        at = l->rep_len;
    }
    if (l->max_def > 0u) {
        len = nest_rle(w, l->def, c->page_count, bits_for(l->max_def), l->out + at + pre, l->out_cap - at - pre);
        if (len == SIZE_MAX) {
            return len;
        }
        if (pre) {
            ppq_store_le32(l->out + at, (uint32_t)len);
        }
        l->def_len = (uint32_t)(len + pre);
    }
    return (size_t)l->rep_len + l->def_len;
}

/* The page is written: its records join the chunk's (the page index's
 * first_row_index counts records). */
static void nest_page_done(ppq_writer_t *w, ppq_col_t *c)
{
    nest_leaf_t *l = leaf_of(w, c);
#if PPQ_WRITER_PAGE_INDEX
    if (c->pidx != NULL && !c->pidx->over && c->pidx->ci.pages > 0u) {
        c->pidx->locs[c->pidx->ci.pages - 1u].first_row_index = l->chunk_records;
    }
#endif
    l->chunk_records += l->page_records;
    l->page_records = 0;
}

/* ---- the footer ----------------------------------------------------------- */

/* A group's SchemaElement: name, repetition, children, LIST or MAP as
 * ConvertedType and LogicalType. */
static void write_group_elem(ppq_thrift_w_t *t, const ppq_node_t *n)
{
    ppq_thrift_w_elem_struct(t);
    ppq_thrift_w_i32(t, 3, n->repetition);
    ppq_thrift_w_string(t, 4, n->name);
    ppq_thrift_w_i32(t, 5, n->children);
    if (n->kind == PPQ_NODE_LIST || n->kind == PPQ_NODE_MAP) {
        ppq_thrift_w_i32(t, 6, n->kind == PPQ_NODE_LIST ? 3 : 1); /* ConvertedType LIST, MAP */
        ppq_thrift_w_struct(t, 10);
        ppq_thrift_w_struct(t, n->kind == PPQ_NODE_LIST ? 3 : 2); /* LogicalType LIST, MAP */
        ppq_thrift_w_end(t);
        ppq_thrift_w_end(t);
    }
    ppq_thrift_w_end(t);
}

/* FileMetaData's version and schema: the root, then every node. */
static void nest_footer_head(ppq_thrift_w_t *t, const ppq_writer_t *w)
{
    const ppq_schema_t *s = NEST(w)->s;
    uint32_t j, k = 0, top = 0, end;
    for (j = 0; j < s->nnodes; j = end) { /* the root's children */
        uint32_t leaves = 0;
        end = subtree_end(s, j, &leaves);
        top++;
    }
    ppq_thrift_w_i32(t, 1, 1); /* version */
    ppq_thrift_w_list(t, 2, PPQ_THRIFT_STRUCT, s->nnodes + 1u);
    ppq_thrift_w_elem_struct(t);
    ppq_thrift_w_string(t, 4, "schema");
    ppq_thrift_w_i32(t, 5, (int32_t)top);
    ppq_thrift_w_end(t);
    for (j = 0; j < s->nnodes; j++) {
        if (s->nodes[j].kind == PPQ_NODE_LEAF) {
            write_schema_elem(t, &s->leaves[k++], s->nodes[j].repetition);
        } else {
            write_group_elem(t, &s->nodes[j]);
        }
    }
}

/* Column c's path_in_schema: its ancestors' names and its own, into
 * names[] (room for PPQ_WRITER_MAX_DEPTH); returns how many. */
static uint32_t nest_path(const ppq_writer_t *w, const ppq_col_t *c, const char **names)
{
    const nest_leaf_t *l = leaf_of(w, c);
    uint32_t n = 0, a, i;
    for (a = NEST(w)->parent[l->node]; a != UINT16_MAX; a = NEST(w)->parent[a]) {
        names[n++] = NEST(w)->s->nodes[a].name;
    }
    for (i = 0; i < n / 2u; i++) { /* root first */
        const char *x = names[i];
        names[i] = names[n - 1u - i];
        names[n - 1u - i] = x;
    }
    names[n++] = c->def->name;
    return n;
}

/* Column c's path as recovery records keep it: the names apart by a NUL.
 * With `out`, written there (*st: the sink's status); its length. */
static size_t nest_path_joined(const ppq_writer_t *w, const ppq_col_t *c, ppq_sink_t *out, ppq_status_t *st)
{
    const char *names[PPQ_WRITER_MAX_DEPTH + 1u];
    uint32_t n = nest_path(w, c, names), i;
    size_t len = n - 1u;
    for (i = 0; i < n; i++) {
        uint32_t k = string_len(names[i]);
        len += k;
        if (out != NULL && *st == PPQ_OK) {
            *st = ppq_sink_write(out, names[i], i + 1u < n ? k + 1u : k); /* (with its NUL but the last) */
        }
    }
    return len;
}

/* ---- records ------------------------------------------------------------------- */

/* Four int16 levels as a word, their lanes in memory order (the checks
 * below look at each lane alike: the host's byte order does not matter). */
#define LV_ONES 0x0001000100010001ull
#define LV_TOPS 0x8000800080008000ull
static uint64_t lv_word(const int16_t *p)
{
    uint64_t x;
    PPQ_COPY(&x, p, sizeof x);
    return x;
}

/* Has the word a level 0 (a record starts there)?  Exact for "any": a
 * borrow can only mark lanes past a real 0. */
static int lv_zero(uint64_t x)
{
    return ((x - LV_ONES) & ~x & LV_TOPS) != 0u;
}

/* The entries of the record at entry e (rep non-NULL): up to the next
 * repetition level 0, four at a step. */
static uint32_t record_len(const int16_t *rep, uint32_t e, uint32_t entries)
{
    uint32_t i = e + 1u;
    while (i + 4u <= entries && !lv_zero(lv_word(rep + i))) {
        i += 4u;
    }
    while (i < entries && rep[i] != 0) {
        i++;
    }
    return i - e;
}

/* A record starts at entry i (a repetition level 0) of a dense batch's
 * walk: the one before it (from *start) at most pv entries; *len the
 * records' length while they all have one (0 once they vary). */
static int dense_start(uint32_t i, uint32_t pv, uint32_t *start, uint32_t *n, uint32_t *len)
{
    if (i > 0u) {
        *len = *n == 1u ? i : i - *start == *len ? *len : 0u;
    }
    if (i - *start > pv) {
        return 0;
    }
    *start = i;
    (*n)++;
    return 1;
}

/* The common shape, four entries a step: no nulls and no empty lists
 * (every definition level max_def), every repetition level at most
 * max_rep, the first 0, no record past a page.  1: the batch has it and is
 * acceptable (*recs its records: the checks of the general walk all hold
 * then, each entry at max_def >= every rdef; *len their length when they
 * all have one, else 0), 0: not that shape (the general walk decides).
 * (Not inlined: its words would widen write_levels' frame, on the path
 * to a page's flush, by 40 bytes on 32-bit cores.) */
static PPQ_NOINLINE int leaf_batch_dense(const ppq_writer_t *w, const nest_leaf_t *l, const ppq_leaf_batch_t *b,
                                         uint32_t *recs, uint32_t *len)
{
    const int16_t *def = b->def, *rep = b->rep;
    uint32_t e, i, n = 0, start = 0, end = b->entries & ~3u, pv = w->opts.page_values;
    uint64_t x = 0, over = 0, pat = (uint64_t)l->max_def * LV_ONES;
    *len = 1;
    if (l->max_rep == 0u) { /* (a record an entry) */
        for (e = 0; e < b->entries && l->max_def > 0u; e++) {
            x |= (uint16_t)def[e] ^ (uint64_t)l->max_def;
        }
        *recs = b->entries;
        return x == 0u;
    }
    *len = 0;
    if (l->max_rep == 1u) { /* (levels 0 and 1: a lane's other bits set is one past max_rep) */
        for (e = 0; e < end; e += 4u) {
            uint64_t y = lv_word(rep + e);
            x |= lv_word(def + e) ^ pat;
            over |= y & ~LV_ONES;
            for (i = e; (~y & LV_ONES) != 0u && i < e + 4u; i++) { /* records start among them */
                if (rep[i] == 0 && !dense_start(i, pv, &start, &n, len)) {
                    return 0;
                }
            }
        }
    } else { /* (max_rep > 0 gives max_def > 0: a def) */
        uint64_t lim = (uint64_t)(0x7FFFu - l->max_rep) * LV_ONES; /* (a lane's top bit: above max_rep) */
        for (e = 0; e < end; e += 4u) {
            uint64_t y = lv_word(rep + e);
            x |= lv_word(def + e) ^ pat;
            over |= (((y & ~LV_TOPS) + lim) | y) & LV_TOPS;
            for (i = e; lv_zero(y) && i < e + 4u; i++) {
                if (rep[i] == 0 && !dense_start(i, pv, &start, &n, len)) {
                    return 0;
                }
            }
        }
    }
    for (i = end; i < b->entries; i++) {
        x |= (uint16_t)def[i] ^ (uint64_t)l->max_def;
        if ((uint16_t)rep[i] > l->max_rep || (rep[i] == 0 && !dense_start(i, pv, &start, &n, len))) {
            return 0;
        }
    }
    if (x != 0u || over != 0u || rep[0] != 0 || !dense_start(b->entries, pv, &start, &n, len)) { /* (past the last record) */
        return 0;
    }
    *recs = n - 1u;
    return 1;
}

/* Is leaf k's part of a batch acceptable (its levels, values, records)?
 * *recs gets its records, *dense whether it has the common shape
 * (leaf_batch_dense). */
static int leaf_batch_ok(const ppq_writer_t *w, uint32_t k, const ppq_leaf_batch_t *b, uint32_t *recs, uint8_t *dense,
                         uint16_t *rec_len)
{
    const nest_leaf_t *l = &NEST(w)->leaf[k];
    const ppq_column_t *col = &w->schema[k];
    const int16_t *def = l->max_def > 0u ? b->def : NULL, *rep = l->max_rep > 0u ? b->rep : NULL;
    uint32_t e, n = 0, v = 0, start = 0, prev_def = 0, max_def = l->max_def, max_rep = l->max_rep, len = 0;
    uint32_t recs_dense = 0;
    *dense = 0;
    *rec_len = 0;
    if (b->entries == 0u) {
        *recs = 0;
        return 1;
    }
    if ((max_def > 0u && def == NULL) || (max_rep > 0u && rep == NULL) || b->values == NULL ||
        (rep != NULL && rep[0] != 0)) {
        return 0;
    }
    *dense = (uint8_t)leaf_batch_dense(w, l, b, &recs_dense, &len);
    n = *dense ? recs_dense : 0u;
    *rec_len = (uint16_t)(*dense && len <= 0xFFFFu ? len : 0u); /* (a batch not dense may leave its last
                                                                    record's length unchecked) */
    for (e = 0; e < b->entries && !*dense; e++) {
        uint32_t d = def != NULL ? (uint16_t)def[e] : 0u, r = rep != NULL ? (uint16_t)rep[e] : 0u; /* (negative: large) */
        if (d > max_def || r > max_rep) {
            return 0;
        }
        if (r == 0u) {
            if (e - start > w->opts.page_values) {
                return 0; /* the record's entries pass a page */
            }
            start = e;
            n++;
        } else if (d < l->rdef[r] || prev_def < l->rdef[r]) {
            return 0; /* another element of a list that is null or empty */
        }
        v += d == max_def;
        prev_def = d;
    }
    if (!*dense && b->entries - start > w->opts.page_values) {
        return 0;
    }
    if (col->type == PPQ_BYTE_ARRAY || col->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        /* each value as the setters take it, a record's at most a page's bytes */
        const ppq_bytes_t *x = (const ppq_bytes_t *)b->values;
        size_t rec_bytes = 0;
        for (e = 0, v = 0; e < b->entries; e++) {
            if (rep == NULL || rep[e] == 0) {
                rec_bytes = 0;
            }
            if (def == NULL || (uint32_t)def[e] == max_def) {
                if (bytes_refused(w, k, &x[v])) {
                    return 0;
                }
                rec_bytes += x[v++].len;
                if (col->type == PPQ_BYTE_ARRAY && rec_bytes > w->opts.page_bytes) {
                    return 0;
                }
            }
        }
    }
    *recs = n;
    return 1;
}

/* Where the column's dictionary may fill inside the next record (every
 * value a new entry): fall back before it, as push_value does when it
 * fills (the page ends here, between records). */
static ppq_status_t nest_dict_room(ppq_writer_t *w, ppq_col_t *c, uint32_t vals, size_t bytes)
{
    ppq_status_t st = PPQ_OK;
    const ppq_dict_enc_t *d;
    if (!BUILT(K_DICT) || c->kind != K_DICT) {
        return PPQ_OK;
    }
    d = c->own.dict;
    if (vals <= d->cfg.max_entries - ppq_dict_enc_entries(d) &&
        bytes <= (size_t)(d->cfg.max_bytes - ppq_dict_enc_dict_bytes(d))) {
        return PPQ_OK;
    }
    if (AUTO_BY_SIZE) {
        auto_forget(c); /* (as push_value: a fill tells the next chunk nothing) */
    }
    if (AUTO_BY_SIZE && (c->deciding || !c->dict_pages)) {
        st = auto_first(w, c, w->opts.page_values, 1);
    } else if (AUTO_BY_SIZE) {
        (void)alt_smaller_packed(w, c, w->opts.page_values, 0); /* (alt_kind) */
    }
    if (st == PPQ_OK && (!AUTO_BY_SIZE || c->kind == K_DICT)) {
        st = finish_page(w, c);
        c->kind = c->alt_kind;
        c->deciding = 0;
        if (st == PPQ_OK) {
            st = start_page(w, c);
        }
    }
    return st;
}

/* Does column c's page encoder take runs of numbers in memory (no
 * dictionary to fill, no value the setters would look at)?  A dictionary
 * too where the batch path's runs are built (nest_dict_room left room for
 * the record's entries) and AUTO has decided. */
static int nest_takes_runs(const ppq_col_t *c)
{
    ppq_type_t t = c->def->type;
    int number = t == PPQ_INT32 || t == PPQ_INT64 || t == PPQ_FLOAT || t == PPQ_DOUBLE;
    return number && (c->kind == K_PLAIN || (BUILT(K_DELTA) && c->kind == K_DELTA) || (BUILT(K_BSS) && c->kind == K_BSS) ||
                      (PPQ_WRITER_FAST_BATCH && BUILT(K_DICT) && c->kind == K_DICT && !c->deciding));
}

/* n values (in memory, their C type) into the page as one run: the page
 * has room (nest_record checked). */
static ppq_status_t nest_put_run(ppq_col_t *c, const uint8_t *v, uint32_t n)
{
    ppq_status_t st;
    switch (c->kind) {
    case K_PLAIN: st = ppq_plain_enc_put(&c->enc.plain, v, n); break;
    case K_DELTA: st = BUILT(K_DELTA) ? ppq_delta_enc_put(&c->enc.delta, v, n) : PPQ_ERR_STATE; break;
#if PPQ_WRITER_FAST_BATCH
    case K_DICT: /* (a dictionary page's statistics: at its end where it settles them) */
        st = put_run(c, v, n);
        c->page_count += n;
        if (PPQ_WRITER_STATISTICS && !SETTLES(c)) {
            ppq_stats_add_values(&c->page_stats, c->stats_kind, c->width, v, n);
        }
        return st;
#endif
    default: st = BUILT(K_BSS) ? ppq_bss_enc_put(&c->enc.bss, v, n) : PPQ_ERR_STATE; break;
    }
    if (PPQ_WRITER_STATISTICS) {
        ppq_stats_add_values(&c->page_stats, c->stats_kind, c->width, v, n);
    }
    c->page_count += n;
    return st;
}

/* One record of leaf k: entries e.. (n of them), values from *v. */
static ppq_status_t nest_record(ppq_writer_t *w, uint32_t k, const ppq_leaf_batch_t *b, uint32_t e, uint32_t n,
                                uint32_t *v)
{
    ppq_col_t *c = COL(w, k);
    nest_leaf_t *l = &NEST(w)->leaf[k];
    const ppq_column_t *col = c->def;
    size_t size = col->type == PPQ_BOOLEAN ? 1u : ppq_value_size(col->type), bytes = 0, dict_bytes;
    uint32_t i, vals = 0;
    ppq_status_t st = PPQ_OK;
    if (col->type != PPQ_BYTE_ARRAY && (l->max_def == 0u || l->dense)) {
        vals = n; /* (every entry a value) */
    }
    for (i = e; i < e + n && (col->type == PPQ_BYTE_ARRAY || c->kind == K_DICT) && vals < n; i++) {
        if ((l->max_def > 0u ? (uint32_t)b->def[i] : 0u) == l->max_def) {
            if (col->type == PPQ_BYTE_ARRAY) {
                bytes += ((const ppq_bytes_t *)b->values)[*v + vals].len;
            }
            vals++;
        }
    }
    /* the page ends before the record when the record would not fit it */
    if (c->page_count > 0u &&
        (n > w->opts.page_values - c->page_count || (col->type == PPQ_BYTE_ARRAY && bytes > w->opts.page_bytes - c->page_data))) {
        st = finish_page(w, c);
    }
    dict_bytes = col->type == PPQ_BYTE_ARRAY ? bytes + 4u * (size_t)vals : (size_t)vals * c->width;
    if (st == PPQ_OK) {
        st = nest_dict_room(w, c, vals, dict_bytes);
    }
    /* the levels (no page ends inside the record now) */
    if (st == PPQ_OK && l->def != NULL) {
        uint8_t *to = l->def + c->page_count;
        const int16_t *from = b->def + e;
        if (l->dense) {
            memset(to, l->max_def, n);
        } else {
            for (i = 0; i < n; i++) {
                to[i] = (uint8_t)from[i];
            }
        }
    }
    if (st == PPQ_OK && l->rep != NULL) {
        uint8_t *to = l->rep + c->page_count;
        const int16_t *from = b->rep + e;
        if (l->max_rep == 1u) { /* 0, then 1s (the record's levels: 0 and at most 1) */
            to[0] = 0;
            memset(to + 1, 1, n - 1u);
        } else {
            for (i = 0; i < n; i++) {
                to[i] = (uint8_t)from[i];
            }
        }
    }
    if (st == PPQ_OK && nest_takes_runs(c) && l->dense) { /* numbers, no nulls: the record's values as one run */
        st = nest_put_run(c, (const uint8_t *)b->values + (size_t)*v * size, n);
        *v += n;
    } else if (st == PPQ_OK && nest_takes_runs(c)) { /* numbers: runs of values, nulls one by one */
        const uint8_t *x = (const uint8_t *)b->values;
        for (i = e; i < e + n && st == PPQ_OK;) {
            uint32_t j = i;
            while (j < e + n && (l->max_def == 0u || (uint32_t)b->def[j] == l->max_def)) {
                j++;
            }
            if (j > i) {
                st = nest_put_run(c, x + (size_t)*v * size, j - i);
                *v += j - i;
                i = j;
            }
            for (; i < e + n && l->max_def > 0u && (uint32_t)b->def[i] != l->max_def; i++) {
                mark_null(c);
                c->page_nulls++;
                c->page_stats.nulls++;
                c->page_count++;
            }
        }
    } else {
        for (i = e; i < e + n && st == PPQ_OK; i++) { /* value by value, as the setters put them */
            if ((l->max_def > 0u ? (uint32_t)b->def[i] : 0u) == l->max_def) {
                load_pending(c, (const uint8_t *)b->values + (size_t)*v * size);
                (*v)++;
            } else {
                load_pending(c, NULL);
            }
            st = push_value(w, c);
            c->pending = 0;
        }
    }
    l->page_records++;
    return st;
}

ppq_status_t ppq_writer_leaf_levels(const ppq_writer_t *w, uint32_t leaf, int16_t *max_def, int16_t *max_rep)
{
    if (w == NULL || !NESTED(w) || leaf >= w->ncols || max_def == NULL || max_rep == NULL) {
        return PPQ_ERR_ARG;
    }
    *max_def = NEST(w)->leaf[leaf].max_def;
    *max_rep = NEST(w)->leaf[leaf].max_rep;
    return PPQ_OK;
}

ppq_status_t ppq_writer_write_levels(ppq_writer_t *w, const ppq_leaf_batch_t *leaves, uint32_t records,
                                     uint32_t *written)
{
    uint32_t k, r;
    ppq_status_t st = usable(w);
    if (written != NULL) {
        *written = 0;
    }
    if (st != PPQ_OK) {
        return st;
    }
    if (!NESTED(w)) {
        return PPQ_ERR_STATE;
    }
    if (leaves == NULL) {
        return records == 0u ? PPQ_OK : PPQ_ERR_ARG;
    }
    for (k = 0; k < w->ncols; k++) {
        uint32_t recs = 0;
        nest_leaf_t *l = &NEST(w)->leaf[k];
        if (!leaf_batch_ok(w, k, &leaves[k], &recs, &l->dense, &l->rec_len) || recs != records) {
            return PPQ_ERR_ARG;
        }
    }
    clear_row(w);
    for (k = 0; k < w->ncols; k++) { /* the cursors: entries and values taken */
        NEST(w)->leaf[k].at_entry = NEST(w)->leaf[k].at_value = 0;
    }
    for (r = 0; r < records && st == PPQ_OK; r++) {
        if (w->full) {
            return PPQ_ERR_NOSPACE;
        }
        for (k = 0; k < w->ncols && st == PPQ_OK; k++) {
            const ppq_leaf_batch_t *b = &leaves[k];
            nest_leaf_t *l = &NEST(w)->leaf[k];
            uint32_t e = l->at_entry, n = l->rec_len, v = l->at_value;
            if (n == 0u) {
                n = l->max_rep > 0u ? record_len(b->rep, e, b->entries) : 1u;
            }
            st = nest_record(w, k, b, e, n, &v);
            l->at_entry = e + n;
            l->at_value = v;
        }
        if (st != PPQ_OK) {
            w->err = st;
            return st;
        }
        w->rg_rows++;
        st = rows_added(w);
        if (st == PPQ_OK && written != NULL) {
            *written = r + 1u;
        }
    }
    return st;
}


/* ---- a record staged: ppq_writer_nest_* and ppq_writer_write_nested_record ---------
 *
 * The record is shredded as it is given: each leaf's entries (levels and
 * dense values) go to its stage, the levels as the spec's striping makes
 * them.  A node's mark says whether it was given in the element at hand of
 * its innermost REPEATED ancestor (or the record): beginning an element
 * clears the marks below it.  A leaf's next entry has repetition level
 * rep_next: 0 at the record's start, the level of a REPEATED ancestor once
 * it begins another element (the shallowest such since its last entry).
 * Ending an element gives each of its leaves not given an entry (a null at
 * the definition level of its deepest ancestor there); the commit does so
 * for the record and hands the stage to ppq_writer_write_levels. */

#define REP_NONE 0xFFu

/* The staged record's state, or NULL (a flat writer, record_entries 0). */
static nest_rec_t *rec_of(const ppq_writer_t *w)
{
    return NESTED(w) ? NEST(w)->rec : NULL;
}

/* The status a call finds before anything (*x: the state when PPQ_OK). */
static ppq_status_t rec_usable(const ppq_writer_t *w, nest_rec_t **x)
{
    ppq_status_t st = w == NULL ? PPQ_ERR_ARG : usable(w);
    if (st == PPQ_OK) {
        *x = rec_of(w);
        st = *x == NULL ? PPQ_ERR_STATE : PPQ_OK;
    }
    return st;
}

/* The leaves below node j (UINT32_MAX: the record): [*k0, *k1). */
static void leaf_range(const ppq_writer_t *w, const nest_rec_t *x, uint32_t j, uint32_t *k0, uint32_t *k1)
{
    uint32_t end = j == UINT32_MAX ? NEST(w)->s->nnodes : x->node[j].end;
    *k0 = j == UINT32_MAX ? 0u : x->node[j].leaf;
    *k1 = end < NEST(w)->s->nnodes ? x->node[end].leaf : w->ncols;
}

/* The innermost element begun: its REPEATED node, or UINT32_MAX. */
static uint32_t rec_top(const nest_rec_t *x)
{
    return x->depth > 0u ? x->open[x->depth - 1u] : UINT32_MAX;
}

/* Is node j inside the innermost element: no REPEATED node, nor one given
 * as null, between them?  `mark`: then mark those between present. */
static int rec_path(const ppq_writer_t *w, nest_rec_t *x, uint32_t j, int mark)
{
    const uint16_t *parent = NEST(w)->parent;
    uint32_t top = rec_top(x), a;
    for (a = parent[j]; a != UINT16_MAX && a != top; a = parent[a]) {
        if (NEST(w)->s->nodes[a].repetition == PPQ_REPEATED || x->node[a].mark == 2u) {
            return 0;
        }
        if (mark) {
            x->node[a].mark = 1;
        }
    }
    return a == top || top == UINT32_MAX;
}

/* Begin an element of REPEATED node r: its leaves' next entries repeat at
 * r's level when it had one, and nothing below it is given yet. */
static void rec_element(const ppq_writer_t *w, nest_rec_t *x, uint32_t r)
{
    nest_node_t *n = &x->node[r];
    uint32_t k, k0, k1, j;
    if (n->mark == 1u) {
        leaf_range(w, x, r, &k0, &k1);
        for (k = k0; k < k1; k++) {
            nest_leaf_t *l = &NEST(w)->leaf[k];
            l->rep_next = l->rep_next > n->rep ? n->rep : l->rep_next;
        }
    }
    n->mark = 1;
    for (j = r + 1u; j < n->end; j++) {
        x->node[j].mark = 0;
    }
}

/* Stage an entry of leaf k: definition level d, the value at v (C type;
 * NULL below max_def).  The stage has room (checked). */
static void rec_stage(ppq_writer_t *w, uint32_t k, uint32_t d, const void *v)
{
    nest_leaf_t *l = &NEST(w)->leaf[k];
    if (l->sdef != NULL) {
        l->sdef[l->sn] = (int16_t)d;
    }
    if (l->srep != NULL) {
        l->srep[l->sn] = (int16_t)l->rep_next;
    }
    if (v != NULL) {
        size_t size = nest_value_size(&w->schema[k]);
        uint8_t *to = l->sval + (size_t)l->sv++ * size;
        if (w->schema[k].type == PPQ_BOOLEAN) {
            *to = (uint8_t)(*(const uint8_t *)v != 0u);
        } else {
            memcpy(to, v, size);
        }
    }
    l->sn++;
    l->rep_next = REP_NONE;
}

/* Each leaf below node f (UINT32_MAX: the record) not given in the element
 * at hand gets its null: the definition level of its deepest ancestor
 * there (a REQUIRED leaf's would be max_def: the record is bad).  `dry`:
 * only whether each such leaf has room (0: one has none). */
static int rec_fill(ppq_writer_t *w, nest_rec_t *x, uint32_t f, int dry)
{
    const uint16_t *parent = NEST(w)->parent;
    uint32_t k, k0, k1;
    leaf_range(w, x, f, &k0, &k1);
    for (k = k0; k < k1; k++) {
        nest_leaf_t *l = &NEST(w)->leaf[k];
        uint32_t a, d = f == UINT32_MAX ? 0u : x->node[f].def;
        if (x->node[l->node].mark == 1u) {
            continue;
        }
        if (dry) {
            if (l->sn >= x->cap) {
                return 0;
            }
            continue;
        }
        for (a = parent[l->node]; a != UINT16_MAX && a != f; a = parent[a]) {
            if (x->node[a].mark == 1u) {
                d = x->node[a].def;
                break;
            }
        }
        if (d >= l->max_def) {
            x->bad = 1; /* a REQUIRED leaf (and its REQUIRED groups) not given */
        } else {
            rec_stage(w, k, d, NULL);
        }
        x->node[l->node].mark = 1;
    }
    return 1;
}

void ppq_writer_nest_discard(ppq_writer_t *w)
{
    nest_rec_t *x = w != NULL ? rec_of(w) : NULL;
    uint32_t k, j;
    if (x == NULL) {
        return;
    }
    for (k = 0; k < w->ncols; k++) {
        nest_leaf_t *l = &NEST(w)->leaf[k];
        l->sn = l->sv = 0;
        l->rep_next = 0;
    }
    for (j = 0; j < NEST(w)->s->nnodes; j++) {
        x->node[j].mark = 0;
    }
    x->depth = 0;
    x->bad = 0;
}

/* Is node j a LIST's element leaf (its parent a REPEATED group of that one
 * child) given while the LIST is the innermost: an element of its own? */
static int rec_own_element(const ppq_writer_t *w, const nest_rec_t *x, uint32_t j)
{
    const ppq_node_t *nodes = NEST(w)->s->nodes;
    uint32_t r = NEST(w)->parent[j];
    return r != UINT16_MAX && r != rec_top(x) && nodes[r].repetition == PPQ_REPEATED && nodes[r].children == 1u &&
           nodes[j].kind == PPQ_NODE_LEAF && nodes[j].repetition != PPQ_REPEATED;
}

/* Set leaf node j to the value at v (its C type; byte arrays checked). */
static ppq_status_t rec_set(ppq_writer_t *w, uint32_t j, ppq_type_t type, const void *v)
{
    nest_rec_t *x;
    ppq_status_t st = rec_usable(w, &x);
    const ppq_node_t *n;
    uint32_t k;
    if (st != PPQ_OK) {
        return st;
    }
    if (j >= NEST(w)->s->nnodes || (n = &NEST(w)->s->nodes[j])->kind != PPQ_NODE_LEAF) {
        return PPQ_ERR_ARG;
    }
    k = x->node[j].leaf;
    if (w->schema[k].type != type ||
        (is_bytes(w, k) && bytes_refused(w, k, (const ppq_bytes_t *)v)) || NEST(w)->leaf[k].sn >= x->cap) {
        return PPQ_ERR_ARG;
    }
    if (rec_own_element(w, x, j)) { /* an element of the list: begun, given, ended */
        uint32_t r = NEST(w)->parent[j];
        if (!rec_path(w, x, r, 0)) {
            return PPQ_ERR_ARG;
        }
        (void)rec_path(w, x, r, 1);
        rec_element(w, x, r);
    } else if (n->repetition == PPQ_REPEATED) { /* its next element */
        if (!rec_path(w, x, j, 0)) {
            return PPQ_ERR_ARG;
        }
        (void)rec_path(w, x, j, 1);
        rec_element(w, x, j);
    } else {
        if (!rec_path(w, x, j, 0) || x->node[j].mark != 0u) {
            return PPQ_ERR_ARG;
        }
        (void)rec_path(w, x, j, 1);
    }
    rec_stage(w, k, NEST(w)->leaf[k].max_def, v);
    x->node[j].mark = 1;
    return PPQ_OK;
}

ppq_status_t ppq_writer_nest_set_bool(ppq_writer_t *w, uint32_t node, int value)
{
    uint8_t b = (uint8_t)(value != 0);
    return rec_set(w, node, PPQ_BOOLEAN, &b);
}

ppq_status_t ppq_writer_nest_set_i32(ppq_writer_t *w, uint32_t node, int32_t value)
{
    return rec_set(w, node, PPQ_INT32, &value);
}

ppq_status_t ppq_writer_nest_set_i64(ppq_writer_t *w, uint32_t node, int64_t value)
{
    return rec_set(w, node, PPQ_INT64, &value);
}

ppq_status_t ppq_writer_nest_set_float(ppq_writer_t *w, uint32_t node, float value)
{
    return rec_set(w, node, PPQ_FLOAT, &value);
}

ppq_status_t ppq_writer_nest_set_double(ppq_writer_t *w, uint32_t node, double value)
{
    return rec_set(w, node, PPQ_DOUBLE, &value);
}

ppq_status_t ppq_writer_nest_set_int96(ppq_writer_t *w, uint32_t node, const ppq_int96_t *value)
{
    return value == NULL ? PPQ_ERR_ARG : rec_set(w, node, PPQ_INT96, value);
}

ppq_status_t ppq_writer_nest_set_bytes(ppq_writer_t *w, uint32_t node, const void *data, uint32_t len)
{
    ppq_bytes_t b;
    nest_rec_t *x;
    ppq_status_t st = rec_usable(w, &x);
    b.ptr = (const uint8_t *)data;
    b.len = len;
    if (st == PPQ_OK && node < NEST(w)->s->nnodes && NEST(w)->s->nodes[node].kind == PPQ_NODE_LEAF &&
        w->schema[x->node[node].leaf].type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        return rec_set(w, node, PPQ_FIXED_LEN_BYTE_ARRAY, &b);
    }
    return st != PPQ_OK ? st : rec_set(w, node, PPQ_BYTE_ARRAY, &b);
}

ppq_status_t ppq_writer_nest_null(ppq_writer_t *w, uint32_t node)
{
    nest_rec_t *x;
    ppq_status_t st = rec_usable(w, &x);
    uint32_t k, k0, k1, r;
    if (st != PPQ_OK) {
        return st;
    }
    if (node >= NEST(w)->s->nnodes || NEST(w)->s->nodes[node].repetition != PPQ_OPTIONAL) {
        return PPQ_ERR_ARG;
    }
    if (!rec_own_element(w, x, node)) { /* null where it is: its leaves' nulls come at the end */
        if (!rec_path(w, x, node, 0) || x->node[node].mark == 1u) {
            return PPQ_ERR_ARG;
        }
        (void)rec_path(w, x, node, 1);
        x->node[node].mark = 2;
        return PPQ_OK;
    }
    r = NEST(w)->parent[node]; /* a null element of the list */
    leaf_range(w, x, r, &k0, &k1);
    for (k = k0; k < k1; k++) {
        if (NEST(w)->leaf[k].sn >= x->cap) {
            return PPQ_ERR_ARG;
        }
    }
    if (!rec_path(w, x, r, 0)) {
        return PPQ_ERR_ARG;
    }
    (void)rec_path(w, x, r, 1);
    rec_element(w, x, r);
    (void)rec_fill(w, x, r, 0);
    return PPQ_OK;
}

ppq_status_t ppq_writer_nest_empty(ppq_writer_t *w, uint32_t node)
{
    nest_rec_t *x;
    ppq_status_t st = rec_usable(w, &x);
    const ppq_node_t *n;
    if (st != PPQ_OK) {
        return st;
    }
    if (node >= NEST(w)->s->nnodes || (n = &NEST(w)->s->nodes[node])->kind == PPQ_NODE_LEAF ||
        n->repetition == PPQ_REPEATED || x->node[node].mark == 2u || !rec_path(w, x, node, 0)) {
        return PPQ_ERR_ARG;
    }
    (void)rec_path(w, x, node, 1);
    x->node[node].mark = 1;
    return PPQ_OK;
}

ppq_status_t ppq_writer_nest_begin(ppq_writer_t *w, uint32_t node)
{
    nest_rec_t *x;
    ppq_status_t st = rec_usable(w, &x);
    const ppq_node_t *nodes;
    if (st != PPQ_OK) {
        return st;
    }
    nodes = NEST(w)->s->nodes;
    if (node < NEST(w)->s->nnodes && (nodes[node].kind == PPQ_NODE_LIST || nodes[node].kind == PPQ_NODE_MAP)) {
        node++; /* (its middle group) */
    }
    if (node >= NEST(w)->s->nnodes || nodes[node].kind == PPQ_NODE_LEAF || nodes[node].repetition != PPQ_REPEATED ||
        x->depth >= PPQ_WRITER_MAX_DEPTH || !rec_path(w, x, node, 0)) {
        return PPQ_ERR_ARG;
    }
    (void)rec_path(w, x, node, 1);
    rec_element(w, x, node);
    x->open[x->depth++] = (uint16_t)node;
    return PPQ_OK;
}

ppq_status_t ppq_writer_nest_end(ppq_writer_t *w)
{
    nest_rec_t *x;
    ppq_status_t st = rec_usable(w, &x);
    if (st != PPQ_OK) {
        return st;
    }
    if (x->depth == 0u) {
        return PPQ_ERR_STATE;
    }
    if (!rec_fill(w, x, rec_top(x), 1)) {
        return PPQ_ERR_ARG;
    }
    (void)rec_fill(w, x, rec_top(x), 0);
    x->depth--;
    return PPQ_OK;
}

ppq_status_t ppq_writer_nest_commit(ppq_writer_t *w)
{
    nest_rec_t *x;
    ppq_status_t st = rec_usable(w, &x);
    uint32_t k;
    if (st != PPQ_OK) {
        return st;
    }
    if (x->depth > 0u) {
        return PPQ_ERR_STATE;
    }
    if (!rec_fill(w, x, UINT32_MAX, 1)) {
        ppq_writer_nest_discard(w);
        return PPQ_ERR_ARG;
    }
    (void)rec_fill(w, x, UINT32_MAX, 0);
    for (k = 0; k < w->ncols; k++) {
        const nest_leaf_t *l = &NEST(w)->leaf[k];
        ppq_leaf_batch_t *b = &x->batch[k];
        b->values = l->sval;
        b->def = l->sdef;
        b->rep = l->srep;
        b->entries = l->sn;
    }
    st = x->bad ? PPQ_ERR_ARG : ppq_writer_write_levels(w, x->batch, 1, NULL);
    ppq_writer_nest_discard(w);
    return st;
}

ppq_status_t ppq_writer_use_nested_record(ppq_writer_t *w, const ppq_nest_field_t *fields, uint32_t nfields)
{
    nest_rec_t *x = w != NULL ? rec_of(w) : NULL;
    uint32_t j;
    if (x == NULL) {
        return w == NULL ? PPQ_ERR_ARG : PPQ_ERR_STATE;
    }
    if (fields == NULL || nfields != NEST(w)->s->nnodes) {
        return PPQ_ERR_ARG;
    }
    for (j = 0; j < nfields; j++) {
        if (NEST(w)->s->nodes[j].repetition == PPQ_REPEATED &&
            (fields[j].present != PPQ_FIELD_ALWAYS || fields[j].stride == 0u)) {
            return PPQ_ERR_ARG;
        }
    }
    x->fields = fields;
    return PPQ_OK;
}

/* Stage the record at rec (ppq_writer_write_nested_record): the walk over
 * the nodes in pre-order, an explicit stack of the groups and elements
 * open (no recursion), each node given as the setters would give it. */
static ppq_status_t rec_walk(ppq_writer_t *w, nest_rec_t *x, const uint8_t *rec)
{
    const ppq_schema_t *s = NEST(w)->s;
    const ppq_nest_field_t *fields = x->fields;
    nest_walk_t *fr = x->walk;
    uint32_t sp = 0, at = 0;
    ppq_status_t st = PPQ_OK;
    fr[0].base = rec;
    fr[0].node = UINT32_MAX;
    while (st == PPQ_OK) {
        nest_walk_t *f = &fr[sp];
        uint32_t end = f->node == UINT32_MAX ? s->nnodes : x->node[f->node].end;
        const ppq_node_t *n;
        const ppq_nest_field_t *fd;
        if (at >= end) { /* the group's children done: the next element, or up */
            if (f->node == UINT32_MAX) {
                break;
            }
            if (s->nodes[f->node].repetition == PPQ_REPEATED) {
                st = ppq_writer_nest_end(w);
                if (st == PPQ_OK && ++f->i < f->n) {
                    f->base = f->elems + (size_t)f->i * fields[f->node].stride;
                    st = ppq_writer_nest_begin(w, f->node);
                    at = f->node + 1u;
                    continue;
                }
            }
            sp--;
            continue;
        }
        n = &s->nodes[at];
        fd = &fields[at];
        if (fd->present != PPQ_FIELD_ALWAYS && f->base[fd->present] == 0u) { /* null: not given */
            if (n->repetition == PPQ_REQUIRED) {
                return PPQ_ERR_ARG;
            }
            at = x->node[at].end;
            continue;
        }
        if (n->repetition == PPQ_REPEATED) {
            const uint8_t *elems;
            uint32_t count, i;
            memcpy(&elems, f->base + fd->value, sizeof elems);
            memcpy(&count, f->base + fd->count, sizeof count);
            if ((count > 0u && elems == NULL) || count > x->cap) {
                return PPQ_ERR_ARG;
            }
            if (n->kind == PPQ_NODE_LEAF) { /* a repeated leaf: each element a value */
                for (i = 0; i < count && st == PPQ_OK; i++) {
                    st = rec_set(w, at, w->schema[x->node[at].leaf].type, elems + (size_t)i * fd->stride);
                }
                at++;
            } else if (count == 0u) {
                at = x->node[at].end; /* no elements */
            } else {
                f = &fr[++sp];
                f->node = at;
                f->elems = f->base = elems;
                f->i = 0;
                f->n = count;
                st = ppq_writer_nest_begin(w, at);
                at++;
            }
        } else if (n->kind == PPQ_NODE_LEAF) {
            st = rec_set(w, at, w->schema[x->node[at].leaf].type, f->base + fd->value);
            at++;
        } else { /* a group: there; its children from its offset */
            const uint8_t *base = f->base + fd->value;
            st = ppq_writer_nest_empty(w, at);
            f = &fr[++sp];
            f->node = at;
            f->base = base;
            at++;
        }
    }
    return st;
}

ppq_status_t ppq_writer_write_nested_record(ppq_writer_t *w, const void *record)
{
    nest_rec_t *x;
    ppq_status_t st = rec_usable(w, &x);
    if (st != PPQ_OK) {
        return st;
    }
    if (x->fields == NULL) {
        return PPQ_ERR_STATE;
    }
    ppq_writer_nest_discard(w); /* (a record the setters began) */
    st = record == NULL ? PPQ_ERR_ARG : rec_walk(w, x, (const uint8_t *)record);
    if (st != PPQ_OK) {
        ppq_writer_nest_discard(w);
        return st;
    }
    return ppq_writer_nest_commit(w);
}

#endif /* PPQ_WRITER_NESTED */
