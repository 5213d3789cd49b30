/* stdio streams — lcc runtime (ST200), portable C99 over the semihosting
   calls of syscalls.s (__write, __read, and for files __open, __close,
   __lseek, __unlink).

   stdout: fully buffered in a BUFSIZ-byte buffer, flushed when full, by
   fflush, before stdin is refilled, and by exit (setvbuf can make it line
   buffered or unbuffered). stderr: unbuffered. stdin: buffered reads of up
   to BUFSIZ bytes, one character of ungetc. Files (fopen, freopen,
   tmpfile: only in the directory the simulator names, stsim --fs-root)
   are fully buffered the same way; one buffer serves reading and writing,
   holding either input read ahead (F_RDBUF) or output not yet written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>

/* Locals that point to const data and move use this typedef: lcc's front
   end rejects modifying a local declared `const T *p` (it takes the const
   for the variable's own). */
typedef const unsigned char *cbytes;

int __write(int fd, const void *buf, unsigned len);
int __read(int fd, void *buf, unsigned len);
int __open(const char *path, int flags, int mode);
int __close(int fd);
int __lseek(int fd, int offset, int whence);
int __unlink(const char *path);

#define F_READ 1
#define F_WRITE 2
#define F_EOF 4
#define F_ERR 8
#define F_RDBUF 16  /* buf holds input read ahead: bytes pos..len */
#define F_OWNED 32  /* the FILE came from malloc */
#define F_OWNBUF 64 /* buf came from malloc */

struct __lcc_file {
    int fd;
    int flags;
    int mode;              /* _IOFBF, _IOLBF or _IONBF */
    unsigned char *buf;
    int size;              /* capacity of buf */
    int len;               /* output: bytes pending; input: bytes in buf */
    int pos;               /* input: next byte */
    int unget;             /* input: pushed-back character or EOF */
    struct __lcc_file *next; /* open files, for exit's flush */
};

static unsigned char stdin_buf[BUFSIZ];
static unsigned char stdout_buf[BUFSIZ];

static struct __lcc_file files[3] = {
    {0, F_READ, _IOFBF, stdin_buf, BUFSIZ, 0, 0, EOF, NULL},
    {1, F_WRITE, _IOFBF, stdout_buf, BUFSIZ, 0, 0, EOF, NULL},
    {2, F_WRITE, _IONBF, NULL, 0, 0, 0, EOF, NULL},
};

FILE *stdin = &files[0];
FILE *stdout = &files[1];
FILE *stderr = &files[2];

static FILE *open_files; /* streams fopen, freopen, fdopen, tmpfile made */

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

/* Forgets the input read ahead, moving a file's offset back over it (and
   over a pushed-back character) so that it is where the program reads. */
static int drop_input(FILE *f)
{
    int ahead = f->len - f->pos + (f->unget != EOF), r = 0;
    f->len = f->pos = 0;
    f->unget = EOF;
    f->flags &= ~F_RDBUF;
    if (f->fd >= 3 && ahead > 0) {
        r = __lseek(f->fd, -ahead, SEEK_CUR);
        if (r < 0) {
            f->flags |= F_ERR;
            errno = -r;
            return EOF;
        }
    }
    return 0;
}

int fflush(FILE *f)
{
    int r;
    if (!f) {
        FILE *g;
        r = 0;
        for (g = open_files; g; g = g->next)
            r |= fflush(g);
        r |= fflush(stdout);
        return fflush(stderr) | r;
    }
    if (f->flags & F_RDBUF)
        return f->fd >= 3 ? drop_input(f) : 0;
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
    if ((f->flags & F_RDBUF) && drop_input(f))
        return 0;
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
    if (f->mode != _IONBF && f->size != 0 && f->len < f->size
        && (f->flags & (F_WRITE | F_RDBUF)) == F_WRITE) {
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
    if (!(f->flags & F_RDBUF) && f->len > 0 && fflush(f)) /* output pending */
        return EOF;
    if (f->pos >= f->len) {
        if (f->flags & F_EOF)
            return EOF;
        fflush(stdout);
        f->len = f->pos = 0;
        f->flags &= ~F_RDBUF;
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
        f->flags |= F_RDBUF;
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

/* Files. */

/* The open(2) flags of an fopen mode ("r", "w", "a", then any of "+", "b",
   "x"), and the stream's F_READ/F_WRITE; -1 for another first letter. */
static int mode_flags(const char *mode, int *oflags)
{
    int o, fl;
    switch (*mode) {
    case 'r': o = O_RDONLY; fl = F_READ; break;
    case 'w': o = O_WRONLY | O_CREAT | O_TRUNC; fl = F_WRITE; break;
    case 'a': o = O_WRONLY | O_CREAT | O_APPEND; fl = F_WRITE; break;
    default: return -1;
    }
    for (mode++; *mode; mode++) {
        if (*mode == '+') {
            o = (o & ~3) | O_RDWR;
            fl = F_READ | F_WRITE;
        } else if (*mode == 'x') {
            o |= O_EXCL;
        }
    }
    *oflags = o;
    return fl;
}

static void link_file(FILE *f)
{
    f->next = open_files;
    open_files = f;
}

static void unlink_file(FILE *f)
{
    FILE **p;
    for (p = &open_files; *p; p = &(*p)->next)
        if (*p == f) {
            *p = f->next;
            break;
        }
    f->next = NULL;
}

/* A new buffered stream on descriptor fd; NULL (fd closed) without memory. */
static FILE *new_stream(int fd, int fl)
{
    FILE *f = malloc(sizeof *f);
    unsigned char *buf = malloc(BUFSIZ);
    if (!f || !buf) {
        free(f);
        free(buf);
        __close(fd);
        errno = ENOMEM;
        return NULL;
    }
    f->fd = fd;
    f->flags = fl | F_OWNED | F_OWNBUF;
    f->mode = _IOFBF;
    f->buf = buf;
    f->size = BUFSIZ;
    f->len = f->pos = 0;
    f->unget = EOF;
    link_file(f);
    return f;
}

FILE *fopen(const char *path, const char *mode)
{
    int o, fd, fl = mode_flags(mode, &o);
    if (fl < 0) {
        errno = EINVAL;
        return NULL;
    }
    fd = __open(path, o, 0666);
    if (fd < 0) {
        errno = -fd;
        return NULL;
    }
    return new_stream(fd, fl);
}

FILE *fdopen(int fd, const char *mode)
{
    int o, fl = mode_flags(mode, &o);
    if (fl < 0) {
        errno = EINVAL;
        return NULL;
    }
    return new_stream(fd, fl);
}

int fclose(FILE *f)
{
    int r = fflush(f), c = 0;
    if (f->fd >= 3 && f->flags)
        c = __close(f->fd);
    if (c < 0) {
        errno = -c;
        r = EOF;
    }
    unlink_file(f);
    if (f->flags & F_OWNBUF)
        free(f->buf);
    if (f->flags & F_OWNED) {
        free(f);
    } else {
        /* a standard stream: closed, every later call fails */
        f->flags = 0;
        f->len = f->pos = 0;
    }
    return r ? EOF : 0;
}

FILE *freopen(const char *path, const char *mode, FILE *f)
{
    int o, fd, fl = mode_flags(mode, &o);
    fflush(f);
    if (f->fd >= 3 && f->flags)
        __close(f->fd);
    unlink_file(f);
    f->flags &= F_OWNED | F_OWNBUF;
    f->len = f->pos = 0;
    f->unget = EOF;
    if (fl < 0 || !path) {
        errno = EINVAL;
        return NULL;
    }
    fd = __open(path, o, 0666);
    if (fd < 0) {
        errno = -fd;
        return NULL;
    }
    if (f->size == 0) { /* stderr: a buffer to read into */
        f->buf = malloc(BUFSIZ);
        if (!f->buf) {
            __close(fd);
            errno = ENOMEM;
            return NULL;
        }
        f->size = BUFSIZ;
        f->flags |= F_OWNBUF;
    }
    f->fd = fd;
    f->flags |= fl;
    link_file(f);
    return f;
}

int fseek(FILE *f, long off, int whence)
{
    int r;
    if (f->flags & F_RDBUF) {
        if (whence == SEEK_CUR)
            off -= f->len - f->pos + (f->unget != EOF);
        f->len = f->pos = 0;
        f->flags &= ~F_RDBUF;
    } else if (fflush(f)) {
        return -1;
    }
    f->unget = EOF;
    r = __lseek(f->fd, (int)off, whence);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    f->flags &= ~F_EOF;
    return 0;
}

long ftell(FILE *f)
{
    int r = __lseek(f->fd, 0, SEEK_CUR);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    if (f->flags & F_RDBUF)
        return r - (f->len - f->pos) - (f->unget != EOF);
    if (f->flags & F_WRITE)
        return r + f->len;
    return r - (f->unget != EOF);
}

void rewind(FILE *f)
{
    fseek(f, 0, SEEK_SET);
    clearerr(f);
}

int fgetpos(FILE *f, fpos_t *pos)
{
    long p = ftell(f);
    if (p < 0)
        return -1;
    *pos = p;
    return 0;
}

int fsetpos(FILE *f, const fpos_t *pos) { return fseek(f, *pos, SEEK_SET); }

int fileno(FILE *f) { return f->fd; }

int remove(const char *path)
{
    int r = __unlink(path);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return 0;
}

/* Names "lcctmp.N" in the current (root) directory, N counting up. */
static unsigned tmp_count;

static void tmp_name(char *s)
{
    char digits[12];
    unsigned u = tmp_count++;
    int n = 0, k = 7;
    memcpy(s, "lcctmp.", 7);
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    while (n > 0)
        s[k++] = digits[--n];
    s[k] = 0;
}

char *tmpnam(char *s)
{
    static char name[L_tmpnam];
    int i;
    if (!s)
        s = name;
    for (i = 0; i < TMP_MAX; i++) {
        int fd;
        tmp_name(s);
        fd = __open(s, O_RDONLY, 0);
        if (fd < 0)
            return s; /* no such file (or no files at all) */
        __close(fd);
    }
    return NULL;
}

FILE *tmpfile(void)
{
    char name[L_tmpnam];
    int i;
    for (i = 0; i < TMP_MAX; i++) {
        int fd;
        tmp_name(name);
        fd = __open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd == -EEXIST)
            continue;
        if (fd < 0) {
            errno = -fd;
            return NULL;
        }
        __unlink(name); /* gone with the last close */
        return new_stream(fd, F_READ | F_WRITE);
    }
    errno = EEXIST;
    return NULL;
}
