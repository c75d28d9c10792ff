/* Facts about physical types shared by the codecs. */
#include "ppq_core.h"
#include "ppq_internal.h"

const uint8_t ppq_empty_input[1] = {0};

size_t ppq_value_size(ppq_type_t type)
{
    switch (type) {
    case PPQ_BOOLEAN: return sizeof(uint8_t);
    case PPQ_INT32: return sizeof(int32_t);
    case PPQ_INT64: return sizeof(int64_t);
    case PPQ_INT96: return sizeof(ppq_int96_t);
    case PPQ_FLOAT: return sizeof(float);
    case PPQ_DOUBLE: return sizeof(double);
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY: return sizeof(ppq_bytes_t);
    }
    return 0;
}

size_t ppq_plain_width(ppq_type_t type, uint32_t type_len)
{
    switch (type) {
    case PPQ_INT32:
    case PPQ_FLOAT: return 4;
    case PPQ_INT64:
    case PPQ_DOUBLE: return 8;
    case PPQ_INT96: return 12;
    case PPQ_FIXED_LEN_BYTE_ARRAY: return type_len;
    case PPQ_BOOLEAN:
    case PPQ_BYTE_ARRAY: break;
    }
    return 0;
}
