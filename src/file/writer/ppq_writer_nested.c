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
        ppq_arena_init(&x->rle, rle_mem, rle);
        w->store = (uint8_t *)(void *)x;
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

/* Is leaf k's part of a batch acceptable (its levels, values, records)?
 * *recs gets its records. */
static int leaf_batch_ok(const ppq_writer_t *w, uint32_t k, const ppq_leaf_batch_t *b, uint32_t *recs)
{
    const nest_leaf_t *l = &NEST(w)->leaf[k];
    const ppq_column_t *col = &w->schema[k];
    const int16_t *def = l->max_def > 0u ? b->def : NULL, *rep = l->max_rep > 0u ? b->rep : NULL;
    uint32_t e, n = 0, v = 0, start = 0, prev_def = 0, max_def = l->max_def, max_rep = l->max_rep;
    if (b->entries == 0u) {
        *recs = 0;
        return 1;
    }
    if ((max_def > 0u && def == NULL) || (max_rep > 0u && rep == NULL) || b->values == NULL ||
        (rep != NULL && rep[0] != 0)) {
        return 0;
    }
    for (e = 0; e < b->entries; e++) {
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
    if (b->entries - start > w->opts.page_values) {
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
    if (col->type != PPQ_BYTE_ARRAY && l->max_def == 0u) {
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
        for (i = 0; i < n; i++) {
            to[i] = (uint8_t)b->def[e + i];
        }
    }
    if (st == PPQ_OK && l->rep != NULL) {
        uint8_t *to = l->rep + c->page_count;
        for (i = 0; i < n; i++) {
            to[i] = (uint8_t)b->rep[e + i];
        }
    }
    if (st == PPQ_OK && nest_takes_runs(c)) { /* numbers: runs of values, nulls one by one */
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
        if (!leaf_batch_ok(w, k, &leaves[k], &recs) || recs != records) {
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
            uint32_t e = l->at_entry, n = 1, v = l->at_value;
            while (e + n < b->entries && l->max_rep > 0u && b->rep[e + n] != 0) {
                n++;
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

#endif /* PPQ_WRITER_NESTED */
