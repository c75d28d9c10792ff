/* Status texts, in their own object so they are linked only when used. */
#include "ppq_core.h"

/* A table and a loop: a switch over codes from -60 to 1 compiles to a jump
 * table of 62 entries, larger than the texts. */
static const struct status_text {
    ppq_status_t status;
    const char *text;
} texts[] = {
    {PPQ_OK, "ok"},
    {PPQ_DICT_FULL, "dictionary full"},
    {PPQ_ERR_ARG, "bad argument"},
    {PPQ_ERR_STATE, "call out of order"},
    {PPQ_ERR_ARENA, "arena too small"},
    {PPQ_ERR_NOSPACE, "no space in buffer"},
    {PPQ_ERR_IO, "I/O error"},
    {PPQ_ERR_CORRUPT, "corrupt input"},
    {PPQ_ERR_UNSUPPORTED, "unsupported feature"},
};

const char *ppq_status_str(ppq_status_t status)
{
    size_t i;
    for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        if (texts[i].status == status) {
            return texts[i].text;
        }
    }
    return "unknown status";
}
