/* `ppq inspect FILE`: returns the exit status (0 ok, 1 not Parquet or a
 * corrupt footer, 2 unreadable file). */
#ifndef PPQ_INSPECT_H
#define PPQ_INSPECT_H

int ppq_inspect(const char *path);

#endif
