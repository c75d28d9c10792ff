/*
 * A host stand-in for the part of FatFs's API (ChaN's ff.h) that
 * log_fs_fatfs.c uses: the same names, types and semantics (f_truncate
 * cuts at the file pointer; reads and writes move it), over stdio, so the
 * FatFs adapter builds and runs in the host tests.  Firmware uses the real
 * ff.h instead.
 */
#ifndef FF_HOST_H
#define FF_HOST_H

#include <stdint.h>
#include <stdio.h>

typedef unsigned int UINT;
typedef uint8_t BYTE;
typedef uint64_t FSIZE_t;

typedef enum { FR_OK = 0, FR_DISK_ERR = 1, FR_NO_FILE = 4, FR_EXIST = 8, FR_INVALID_PARAMETER = 19 } FRESULT;

#define FA_READ 0x01
#define FA_WRITE 0x02
#define FA_OPEN_EXISTING 0x00
#define FA_CREATE_NEW 0x04
#define FA_CREATE_ALWAYS 0x08

typedef struct {
    FILE *fp;
    FSIZE_t fptr; /* the file pointer */
    FSIZE_t size;
} FIL;

#define f_size(fp) ((fp)->size)

FRESULT f_open(FIL *fp, const char *path, BYTE mode);
FRESULT f_close(FIL *fp);
FRESULT f_read(FIL *fp, void *buff, UINT btr, UINT *br);
FRESULT f_write(FIL *fp, const void *buff, UINT btw, UINT *bw);
FRESULT f_lseek(FIL *fp, FSIZE_t ofs);
FRESULT f_truncate(FIL *fp);
FRESULT f_sync(FIL *fp);

#endif
