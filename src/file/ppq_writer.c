/* The Parquet file writer (see ppq_writer.h), compiled as one translation
 * unit from its units in writer/ (what each holds and why one unit:
 * writer/ppq_writer_internal.h). */
#include "writer/ppq_writer_internal.h"

#include "writer/ppq_writer_plan.c"
#include "writer/ppq_writer_page.c"
#include "writer/ppq_writer_auto.c"
#include "writer/ppq_writer_compact.c"
#include "writer/ppq_writer_footer.c"
#include "writer/ppq_writer_api.c"
#include "writer/ppq_writer_rechunk.c"
#include "writer/ppq_writer_bloom.c"
#include "writer/ppq_writer_batch.c"
#include "writer/ppq_writer_nested.c"
