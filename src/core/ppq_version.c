/* The library's version, in its own object so it is linked only when used. */
#include "ppq_core.h"

const char *ppq_version(void)
{
    return PPQ_VERSION_STRING;
}
