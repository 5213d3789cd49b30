/* stdio streams — lcc runtime (ST200), portable C99 over the semihosting
   calls of syscalls.s (__write, __read).

   stdout: fully buffered in a BUFSIZ-byte buffer, flushed when full, by
   fflush, before stdin is refilled, and by exit (setvbuf can make it line
   buffered or unbuffered). stderr: unbuffered. stdin: buffered reads of up
   to BUFSIZ bytes, one character of ungetc. */
#include <stdio.h>
#include <string.h>
#include <errno.h>

/* Locals that point to const data and move use this typedef: lcc's front
   end rejects modifying a local declared `const T *p` (it takes the const
   for the variable's own). */
typedef const unsigned char *cbytes;

int __write(int fd, const void *buf, unsigned len);
int __read(int fd, void *buf, unsigned len);

#define F_READ 1
#define F_WRITE 2
#define F_EOF 4
#define F_ERR 8

struct __lcc_file {
    int fd;
    int flags;
    int mode;              /* _IOFBF, _IOLBF or _IONBF */
    unsigned char *buf;
    int size;              /* capacity of buf */
    int len;               /* output: bytes pending; input: bytes in buf */
    int pos;               /* input: next byte */
    int unget;             /* input: pushed-back character or EOF */
};

static unsigned char stdin_buf[BUFSIZ];
static unsigned char stdout_buf[BUFSIZ];

static struct __lcc_file files[3] = {
    {0, F_READ, _IOFBF, stdin_buf, BUFSIZ, 0, 0, EOF},
    {1, F_WRITE, _IOFBF, stdout_buf, BUFSIZ, 0, 0, EOF},
    {2, F_WRITE, _IONBF, NULL, 0, 0, 0, EOF},
};

FILE *stdin = &files[0];
FILE *stdout = &files[1];
FILE *stderr = &files[2];

/* Writes all of p[0..n) to f's descriptor; -1 (and F_ERR, errno) if the
   host refuses. */
static int write_all(FILE *f, const unsigned char *p, size_t n)
{
    while (n > 0) {
        int r = __write(f->fd, p, n);
        if (r <= 0) {
            f->flags |= F_ERR;
            errno = r < 0 ? -r : EIO;
            return -1;
        }
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

int fflush(FILE *f)
{
    int r;
    if (!f) {
        r = fflush(stdout);
        return fflush(stderr) | r;
    }
    if (!(f->flags & F_WRITE) || f->len == 0)
        return 0;
    r = write_all(f, f->buf, (size_t)f->len);
    f->len = 0;
    return r ? EOF : 0;
}

void __stdio_flush_all(void) { fflush(NULL); }

size_t fwrite(const void *p, size_t size, size_t n, FILE *f)
{
    cbytes s = p;
    size_t total;
    if (size == 0 || n == 0)
        return 0;
    total = size * n;
    if (!(f->flags & F_WRITE)) {
        f->flags |= F_ERR;
        errno = EBADF;
        return 0;
    }
    if (f->mode == _IONBF || f->size == 0) {
        if (write_all(f, s, total))
            return 0;
        return n;
    }
    if (total > (size_t)(f->size - f->len)) {
        if (fflush(f))
            return 0;
        if (total >= (size_t)f->size) {
            if (write_all(f, s, total))
                return 0;
            return n;
        }
    }
    if (f->mode == _IOLBF) {
        /* line buffered: write through the last newline, keep the rest */
        size_t upto = total;
        while (upto > 0 && s[upto - 1] != '\n')
            upto--;
        if (upto > 0) {
            memcpy(f->buf + f->len, s, upto);
            f->len += (int)upto;
            if (fflush(f))
                return 0;
            s += upto;
            total -= upto;
        }
    }
    memcpy(f->buf + f->len, s, total);
    f->len += (int)total;
    return n;
}

int fputc(int c, FILE *f)
{
    unsigned char ch = (unsigned char)c;
    if (f->mode != _IONBF && f->size != 0 && f->len < f->size && (f->flags & F_WRITE)) {
        f->buf[f->len++] = ch;
        if (f->len == f->size || (f->mode == _IOLBF && ch == '\n'))
            if (fflush(f))
                return EOF;
        return ch;
    }
    return fwrite(&ch, 1, 1, f) == 1 ? ch : EOF;
}

int putc(int c, FILE *f) { return fputc(c, f); }
int putchar(int c) { return fputc(c, stdout); }

int fputs(const char *s, FILE *f)
{
    size_t n = strlen(s);
    return n == 0 || fwrite(s, 1, n, f) == n ? 0 : EOF;
}

int puts(const char *s)
{
    if (fputs(s, stdout) == EOF || fputc('\n', stdout) == EOF)
        return EOF;
    return 0;
}

int setvbuf(FILE *f, char *buf, int mode, size_t size)
{
    (void)buf;
    (void)size;
    if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF)
        return -1;
    fflush(f);
    if (f->size == 0 && mode != _IONBF)
        return -1; /* stderr has no buffer */
    f->mode = mode;
    return 0;
}

int fgetc(FILE *f)
{
    int r;
    if (!(f->flags & F_READ)) {
        f->flags |= F_ERR;
        errno = EBADF;
        return EOF;
    }
    if (f->unget != EOF) {
        r = f->unget;
        f->unget = EOF;
        return r;
    }
    if (f->pos >= f->len) {
        if (f->flags & F_EOF)
            return EOF;
        fflush(stdout);
        r = __read(f->fd, f->buf, (unsigned)f->size);
        if (r <= 0) {
            if (r < 0) {
                f->flags |= F_ERR;
                errno = -r;
            } else {
                f->flags |= F_EOF;
            }
            return EOF;
        }
        f->len = r;
        f->pos = 0;
    }
    return f->buf[f->pos++];
}

int getc(FILE *f) { return fgetc(f); }
int getchar(void) { return fgetc(stdin); }

int ungetc(int c, FILE *f)
{
    if (c == EOF || f->unget != EOF)
        return EOF;
    f->unget = (unsigned char)c;
    f->flags &= ~F_EOF;
    return (unsigned char)c;
}

char *fgets(char *s, int n, FILE *f)
{
    int i = 0;
    if (n <= 0)
        return NULL;
    while (i < n - 1) {
        int c = fgetc(f);
        if (c == EOF)
            break;
        s[i++] = (char)c;
        if (c == '\n')
            break;
    }
    if (i == 0)
        return NULL;
    s[i] = 0;
    return s;
}

size_t fread(void *p, size_t size, size_t n, FILE *f)
{
    unsigned char *d = p;
    size_t total, i;
    if (size == 0 || n == 0)
        return 0;
    total = size * n;
    for (i = 0; i < total; i++) {
        int c = fgetc(f);
        if (c == EOF)
            break;
        d[i] = (unsigned char)c;
    }
    return i / size;
}

int feof(FILE *f) { return (f->flags & F_EOF) != 0; }
int ferror(FILE *f) { return (f->flags & F_ERR) != 0; }
void clearerr(FILE *f) { f->flags &= ~(F_EOF | F_ERR); }
