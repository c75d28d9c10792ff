/* `ppq recover IN OUT` and `ppq recover --in-place FILE`: returns the exit
 * status (0 recovered or already valid, 1 not a recoverable picoparquet
 * file or no complete row group, 2 bad arguments or an I/O error). */
#ifndef PPQ_RECOVER_CMD_H
#define PPQ_RECOVER_CMD_H

int ppq_recover_cmd(int argc, char **argv);

#endif
