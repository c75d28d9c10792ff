/* The FatFs stand-in (ff.h) over stdio and POSIX ftruncate/fsync. */
#define _POSIX_C_SOURCE 200809L

#include "ff.h"

#include <sys/types.h>
#include <unistd.h>

FRESULT f_open(FIL *fp, const char *path, BYTE mode)
{
    int create = (mode & (FA_CREATE_ALWAYS | FA_CREATE_NEW)) != 0;
    fp->fptr = 0;
    fp->size = 0;
    if ((mode & FA_CREATE_NEW) && (fp->fp = fopen(path, "rb")) != NULL) {
        fclose(fp->fp); /* FA_CREATE_NEW: an existing file is an error */
        fp->fp = NULL;
        return FR_EXIST;
    }
    fp->fp = fopen(path, create ? "w+b" : "r+b");
    if (fp->fp == NULL) {
        return create ? FR_DISK_ERR : FR_NO_FILE;
    }
    if (fseeko(fp->fp, 0, SEEK_END) != 0) {
        return FR_DISK_ERR;
    }
    fp->size = (FSIZE_t)ftello(fp->fp);
    return FR_OK;
}

FRESULT f_close(FIL *fp)
{
    int rc = fclose(fp->fp);
    fp->fp = NULL;
    return rc == 0 ? FR_OK : FR_DISK_ERR;
}

FRESULT f_lseek(FIL *fp, FSIZE_t ofs)
{
    if (ofs > fp->size) {
        return FR_INVALID_PARAMETER; /* FatFs would extend the file; nothing here needs that */
    }
    fp->fptr = ofs;
    return FR_OK;
}

FRESULT f_read(FIL *fp, void *buff, UINT btr, UINT *br)
{
    size_t n;
    if (fseeko(fp->fp, (off_t)fp->fptr, SEEK_SET) != 0) {
        return FR_DISK_ERR;
    }
    n = fread(buff, 1, btr, fp->fp);
    fp->fptr += n;
    *br = (UINT)n;
    return ferror(fp->fp) ? FR_DISK_ERR : FR_OK;
}

FRESULT f_write(FIL *fp, const void *buff, UINT btw, UINT *bw)
{
    size_t n;
    if (fseeko(fp->fp, (off_t)fp->fptr, SEEK_SET) != 0) {
        return FR_DISK_ERR;
    }
    n = fwrite(buff, 1, btw, fp->fp);
    fp->fptr += n;
    if (fp->fptr > fp->size) {
        fp->size = fp->fptr;
    }
    *bw = (UINT)n;
    return n == btw ? FR_OK : FR_DISK_ERR;
}

FRESULT f_truncate(FIL *fp)
{
    if (fflush(fp->fp) != 0 || ftruncate(fileno(fp->fp), (off_t)fp->fptr) != 0) {
        return FR_DISK_ERR;
    }
    fp->size = fp->fptr;
    return FR_OK;
}

FRESULT f_sync(FIL *fp)
{
    return fflush(fp->fp) == 0 && fsync(fileno(fp->fp)) == 0 ? FR_OK : FR_DISK_ERR;
}
