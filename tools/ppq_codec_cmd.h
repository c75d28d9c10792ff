/* `ppq compress CODEC [--level N]` and `ppq decompress CODEC` (argv[1] is
 * the command): standard input to standard output through ppq_codec.h.
 * Returns the exit status: 0 ok, 1 corrupt input or a codec this ppq was
 * built without, 2 bad arguments or an I/O error. */
#ifndef PPQ_CODEC_CMD_H
#define PPQ_CODEC_CMD_H

int ppq_codec_cmd(int argc, char **argv);

#endif
