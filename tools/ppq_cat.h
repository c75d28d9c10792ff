/* `ppq cat` and `ppq scan` (see ppq_cat.c): returns the exit status. */
#ifndef PPQ_CAT_H
#define PPQ_CAT_H

int ppq_cat_cmd(int argc, char **argv);

#endif
