/* Status texts, in their own object so they are linked only when used. */
#include "ppq_core.h"

const char *ppq_status_str(ppq_status_t status)
{
    switch (status) {
    case PPQ_OK: return "ok";
    case PPQ_DICT_FULL: return "dictionary full";
    case PPQ_ERR_ARG: return "bad argument";
    case PPQ_ERR_STATE: return "call out of order";
    case PPQ_ERR_ARENA: return "arena too small";
    case PPQ_ERR_NOSPACE: return "no space in buffer";
    case PPQ_ERR_IO: return "I/O error";
    case PPQ_ERR_CORRUPT: return "corrupt input";
    case PPQ_ERR_UNSUPPORTED: return "unsupported feature";
    }
    return "unknown status";
}
