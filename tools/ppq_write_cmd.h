/* `ppq write --schema SCHEMA [options] OUT.parquet < rows` (see
 * ppq_write_cmd.c): returns the exit status (0; 1 bad input rows; 2 bad
 * arguments or schema, or an I/O error). */
#ifndef PPQ_WRITE_CMD_H
#define PPQ_WRITE_CMD_H

int ppq_write_cmd(int argc, char **argv);

#endif
