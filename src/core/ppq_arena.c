/* Arena: a bump allocator over one caller buffer, with mark/rewind. */
#include "ppq_core.h"
#include "ppq_internal.h"

void ppq_arena_init(ppq_arena_t *arena, void *buf, size_t len)
{
    uintptr_t addr = (uintptr_t)buf;
    size_t skip = (size_t)((PPQ_ARENA_ALIGN - (addr & (PPQ_ARENA_ALIGN - 1u))) & (PPQ_ARENA_ALIGN - 1u));
    if (buf == NULL || len < skip) {
        /* no usable memory: every allocation fails */
        arena->base = NULL;
        arena->size = 0;
    } else {
        arena->base = (uint8_t *)buf + skip;
        arena->size = len - skip;
    }
    arena->used = 0;
    arena->peak = 0;
}

void *ppq_arena_alloc_aligned(ppq_arena_t *arena, size_t size, size_t align)
{
    uintptr_t at;
    size_t pad, need;
    if (align == 0u || (align & (align - 1u)) != 0u || arena->base == NULL) {
        return NULL;
    }
    if (align < PPQ_ARENA_ALIGN) {
        align = PPQ_ARENA_ALIGN;
    }
    at = (uintptr_t)(arena->base + arena->used);
    pad = (size_t)((align - (at & (align - 1u))) & (align - 1u));
    if (size > (size_t)-1 - PPQ_ARENA_ALIGN) {
        return NULL;
    }
    need = PPQ_ARENA_ROUND(size);
    if (pad > arena->size - arena->used || need > arena->size - arena->used - pad) {
        return NULL;
    }
    arena->used += pad;
    {
        void *p = arena->base + arena->used;
        arena->used += need;
        if (arena->used > arena->peak) {
            arena->peak = arena->used;
        }
        return p;
    }
}

void *ppq_arena_alloc(ppq_arena_t *arena, size_t size)
{
    return ppq_arena_alloc_aligned(arena, size, PPQ_ARENA_ALIGN);
}

size_t ppq_arena_mark(const ppq_arena_t *arena)
{
    return arena->used;
}

void ppq_arena_rewind(ppq_arena_t *arena, size_t mark)
{
    if (mark <= arena->used) {
        arena->used = mark;
    }
}

size_t ppq_arena_used(const ppq_arena_t *arena)
{
    return arena->used;
}

size_t ppq_arena_peak(const ppq_arena_t *arena)
{
    return arena->peak;
}
