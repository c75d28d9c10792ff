# `ppq write` (issue 29): files from JSON Lines or CSV on the host, through
# the column-batch API.  The parsers sit apart from the command so the fuzz
# target (test/fuzz/fuzz_write_parse.c, which #includes them) needs no file.
# (This file is included before the Makefile's `all`: keep `all` the default goal.)
.DEFAULT_GOAL := all
CLI_SRCS += tools/ppq_write_cmd.c tools/ppq_write_parse.c
