/* Test-only C library for the back-end tests: just enough of printf,
   strings, malloc and the libgcc helpers, compiled by lcc's own back end.
   Formatting mirrors compiler/src/interp.rs, the oracle. */
typedef unsigned int size_t;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef union { u64 v; struct { u32 lo, hi; } w; } U64;

int __sys_write(int fd, const void *buf, int n);
void __sys_exit(int status);

static char obuf[4096];
static int olen;

void __flush(void) {
    int save;
    if (olen) __sys_write(1, obuf, olen);
    olen = 0;
    save = 0;
    (void)save;
}
static void outc(int c) {
    if (olen == (int)sizeof obuf) __flush();
    obuf[olen++] = (char)c;
}
void exit(int status) { __flush(); __sys_exit(status); }
void abort(void) { __flush(); __sys_exit(134); }
int putchar(int c) { outc(c); return c & 255; }
int puts(const char *s) { while (*s) outc(*s++); outc('\n'); return 1; }

/* ---- helpers (libgcc names) ---- */
static u32 udiv32(u32 n, u32 d, u32 *rem) {
    u32 q = 0, r = 0;
    int i;
    for (i = 31; i >= 0; i--) {
        u32 top = r >> 31;
        r = (r << 1) | ((n >> i) & 1);
        if (top || r >= d) { r -= d; q |= 1u << i; }
    }
    *rem = r;
    return q;
}
u32 __udivsi3(u32 a, u32 b) { u32 r; return udiv32(a, b, &r); }
u32 __umodsi3(u32 a, u32 b) { u32 r; udiv32(a, b, &r); return r; }
int __divsi3(int a, int b) {
    u32 r, q = udiv32(a < 0 ? -(u32)a : (u32)a, b < 0 ? -(u32)b : (u32)b, &r);
    return (a < 0) != (b < 0) ? -(int)q : (int)q;
}
int __modsi3(int a, int b) {
    u32 r;
    udiv32(a < 0 ? -(u32)a : (u32)a, b < 0 ? -(u32)b : (u32)b, &r);
    return a < 0 ? -(int)r : (int)r;
}
static u64 shl1(u64 x) { U64 u; u.v = x; u.w.hi = (u.w.hi << 1) | (u.w.lo >> 31); u.w.lo <<= 1; return u.v; }
static u64 bit64(int i) { U64 u; u.v = 0; if (i >= 32) u.w.hi = 1u << (i - 32); else u.w.lo = 1u << i; return u.v; }
static u64 udiv64(u64 n, u64 d, u64 *rem) {
    u64 q = 0, r = 0;
    int i;
    U64 nn, rr;
    nn.v = n;
    for (i = 63; i >= 0; i--) {
        u32 b = i >= 32 ? (nn.w.hi >> (i - 32)) & 1 : (nn.w.lo >> i) & 1;
        u32 top;
        rr.v = r;
        top = rr.w.hi >> 31;
        r = shl1(r) | b;
        if (top || r >= d) { r -= d; q |= bit64(i); }
    }
    *rem = r;
    return q;
}
u64 __udivdi3(u64 a, u64 b) { u64 r; return udiv64(a, b, &r); }
u64 __umoddi3(u64 a, u64 b) { u64 r; udiv64(a, b, &r); return r; }
long long __divdi3(long long a, long long b) {
    u64 r, q = udiv64(a < 0 ? -(u64)a : (u64)a, b < 0 ? -(u64)b : (u64)b, &r);
    return (a < 0) != (b < 0) ? -(long long)q : (long long)q;
}
long long __moddi3(long long a, long long b) {
    u64 r;
    udiv64(a < 0 ? -(u64)a : (u64)a, b < 0 ? -(u64)b : (u64)b, &r);
    return a < 0 ? -(long long)r : (long long)r;
}
static u64 mul32x32(u32 a, u32 b) {
    u32 a0 = a & 0xffff, a1 = a >> 16, b0 = b & 0xffff, b1 = b >> 16;
    u32 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u32 mid = (p00 >> 16) + (p01 & 0xffff) + (p10 & 0xffff);
    U64 r;
    r.w.lo = (p00 & 0xffff) | (mid << 16);
    r.w.hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);
    return r.v;
}
u64 __muldi3(u64 a, u64 b) {
    U64 x, y, r;
    x.v = a; y.v = b;
    r.v = mul32x32(x.w.lo, y.w.lo);
    r.w.hi += x.w.lo * y.w.hi + x.w.hi * y.w.lo;
    return r.v;
}
u64 __ashldi3(u64 a, int n) {
    U64 u; u.v = a; n &= 63;
    if (n == 0) return a;
    if (n >= 32) { u.w.hi = u.w.lo << (n - 32); u.w.lo = 0; }
    else { u.w.hi = (u.w.hi << n) | (u.w.lo >> (32 - n)); u.w.lo <<= n; }
    return u.v;
}
u64 __lshrdi3(u64 a, int n) {
    U64 u; u.v = a; n &= 63;
    if (n == 0) return a;
    if (n >= 32) { u.w.lo = u.w.hi >> (n - 32); u.w.hi = 0; }
    else { u.w.lo = (u.w.lo >> n) | (u.w.hi << (32 - n)); u.w.hi >>= n; }
    return u.v;
}
long long __ashrdi3(long long a, int n) {
    U64 u; int h; u.v = a; n &= 63; h = (int)u.w.hi;
    if (n == 0) return a;
    if (n >= 32) { u.w.lo = (u32)(h >> (n - 32)); u.w.hi = (u32)(h >> 31); }
    else { u.w.lo = (u.w.lo >> n) | (u.w.hi << (32 - n)); u.w.hi = (u32)(h >> n); }
    return (long long)u.v;
}

/* ---- strings ---- */
size_t strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }
int strcmp(const char *a, const char *b) {
    while (*a && *a == *b) { a++; b++; }
    return (unsigned char)*a - (unsigned char)*b;
}
int strncmp(const char *a, const char *b, size_t n) {
    for (; n; n--, a++, b++) {
        if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
        if (!*a) return 0;
    }
    return 0;
}
char *strcpy(char *d, const char *s) { char *r = d; while ((*d++ = *s++)) ; return r; }
char *strncpy(char *d, const char *s, size_t n) {
    size_t i = 0;
    for (; i < n && s[i]; i++) d[i] = s[i];
    for (; i < n; i++) d[i] = 0;
    return d;
}
char *strcat(char *d, const char *s) { strcpy(d + strlen(d), s); return d; }
char *strchr(const char *s, int c) {
    for (;; s++) { if (*s == (char)c) return (char *)s; if (!*s) return 0; }
}
void *memcpy(void *d, const void *s, size_t n) {
    char *p = d; const char *q = s;
    while (n--) *p++ = *q++;
    return d;
}
void *memmove(void *d, const void *s, size_t n) {
    char *p = d; const char *q = s;
    if (p < q) while (n--) *p++ = *q++;
    else { p += n; q += n; while (n--) *--p = *--q; }
    return d;
}
void *memset(void *d, int c, size_t n) { char *p = d; while (n--) *p++ = (char)c; return d; }
int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++) if (*p != *q) return *p - *q;
    return 0;
}
long strtol(const char *s, char **end, int base) {
    long n = 0;
    int neg = 0, d;
    while (*s == ' ' || (*s >= 9 && *s <= 13)) s++;
    if (*s == '-' || *s == '+') neg = *s++ == '-';
    if ((base == 0 || base == 16) && s[0] == '0' && (s[1] | 0x20) == 'x') { s += 2; base = 16; }
    else if (base == 0 && s[0] == '0') base = 8;
    else if (base == 0) base = 10;
    for (;; s++) {
        if (*s >= '0' && *s <= '9') d = *s - '0';
        else if ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'z') d = (*s | 0x20) - 'a' + 10;
        else break;
        if (d >= base) break;
        n = n * base + d;
    }
    if (end) *end = (char *)s;
    return neg ? -n : n;
}
char *strrchr(const char *s, int c) {
    const char *r = 0;
    for (;; s++) { if (*s == (char)c) r = s; if (!*s) return (char *)r; }
}
char *strstr(const char *h, const char *n) {
    size_t k = strlen(n);
    for (; *h; h++) if (!strncmp(h, n, k)) return (char *)h;
    return k ? 0 : (char *)h;
}
void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *)) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const char *p = (const char *)base + mid * size;
        int c = cmp(key, p);
        if (c == 0) return (void *)p;
        if (c < 0) hi = mid; else lo = mid + 1;
    }
    return 0;
}
int abs(int x) { return x < 0 ? -x : x; }
int atoi(const char *s) {
    int n = 0, neg = 0;
    while (*s == ' ') s++;
    if (*s == '-' || *s == '+') neg = *s++ == '-';
    while (*s >= '0' && *s <= '9') n = n * 10 + (*s++ - '0');
    return neg ? -n : n;
}

/* ---- memory: bump allocator with size headers ---- */
static char heap[1 << 20];
static size_t heap_top;
void *malloc(size_t n) {
    size_t *p;
    n = (n + 7) & ~7u;
    if (heap_top + n + 8 > sizeof heap) return 0;
    p = (size_t *)(heap + heap_top);
    *p = n;
    heap_top += n + 8;
    return (char *)p + 8;
}
void free(void *p) { (void)p; }
void *calloc(size_t a, size_t b) { void *p = malloc(a * b); if (p) memset(p, 0, a * b); return p; }
void *realloc(void *p, size_t n) {
    void *q = malloc(n);
    if (p && q) { size_t o = *(size_t *)((char *)p - 8); memcpy(q, p, o < n ? o : n); }
    return q;
}
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
    char *b = base;
    size_t i, j, k;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && cmp(b + (j - 1) * size, b + j * size) > 0; j--)
            for (k = 0; k < size; k++) {
                char t = b[(j - 1) * size + k];
                b[(j - 1) * size + k] = b[j * size + k];
                b[j * size + k] = t;
            }
}

/* ---- printf ---- */
struct sink { char *buf; size_t cap; size_t len; int to_out; };
static void put(struct sink *s, int c) {
    if (s->to_out) outc(c);
    else if (s->len + 1 < s->cap) s->buf[s->len] = (char)c;
    s->len++;
}
static int vfmt(struct sink *s, const char *f, __builtin_va_list ap) {
    while (*f) {
        int left = 0, plus = 0, space = 0, alt = 0, zero = 0, width = 0, prec = -1, len = 0;
        char body[72], sign[3];
        int nb = 0, ns = 0, numeric = 1, i, pad;
        const char *str = 0;
        int c = *f++;
        if (c != '%') { put(s, c); continue; }
        for (;; f++) {
            if (*f == '-') left = 1;
            else if (*f == '+') plus = 1;
            else if (*f == ' ') space = 1;
            else if (*f == '#') alt = 1;
            else if (*f == '0') zero = 1;
            else break;
        }
        if (*f == '*') { width = __builtin_va_arg(ap, int); if (width < 0) { left = 1; width = -width; } f++; }
        else while (*f >= '0' && *f <= '9') width = width * 10 + (*f++ - '0');
        if (*f == '.') {
            f++;
            if (*f == '*') { prec = __builtin_va_arg(ap, int); if (prec < 0) prec = -1; f++; }
            else { prec = 0; while (*f >= '0' && *f <= '9') prec = prec * 10 + (*f++ - '0'); }
        }
        for (;; f++) {
            if (*f == 'h') len--;
            else if (*f == 'l') len++;
            else if (*f == 'z' || *f == 't') ;
            else if (*f == 'j' || *f == 'q' || *f == 'L') len = 2;
            else break;
        }
        c = *f;
        if (!c) break;
        f++;
        if (c == 'd' || c == 'i' || c == 'u' || c == 'x' || c == 'X' || c == 'o' || c == 'p') {
            u64 x;
            int base = 10, neg = 0;
            const char *set = c == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
            char tmp[72];
            int nt = 0;
            if (c == 'p') { x = (u32)__builtin_va_arg(ap, void *); len = 0; }
            else if (len >= 2) x = __builtin_va_arg(ap, u64);
            else x = __builtin_va_arg(ap, u32);
            if (c == 'd' || c == 'i') {
                long long v = len >= 2 ? (long long)x : len == -2 ? (signed char)x : len == -1 ? (short)x : (int)(u32)x;
                if (v < 0) { neg = 1; x = -(u64)v; } else x = (u64)v;
                if (neg) sign[ns++] = '-'; else if (plus) sign[ns++] = '+'; else if (space) sign[ns++] = ' ';
            } else {
                if (len == -2) x = (unsigned char)x; else if (len == -1) x = (unsigned short)x;
                if (c == 'o') base = 8; else if (c != 'u') base = 16;
            }
            if (c == 'p' && x == 0) { str = "(nil)"; numeric = 0; }
            else {
                if (c == 'p') { sign[ns++] = '0'; sign[ns++] = 'x'; }
                while (x) { tmp[nt++] = set[x % base]; x /= base; }
                while (nt < (prec < 0 ? 1 : prec)) tmp[nt++] = '0';
                if (alt && c == 'o' && tmp[nt - 1] != '0') tmp[nt++] = '0';
                if (alt && base == 16 && c != 'p' && !(nt == 1 && tmp[0] == '0') && nt > 0) {
                    int nz = 0;
                    for (i = 0; i < nt; i++) if (tmp[i] != '0') nz = 1;
                    if (nz) { sign[ns++] = '0'; sign[ns++] = c == 'X' ? 'X' : 'x'; }
                }
                for (i = nt - 1; i >= 0; i--) body[nb++] = tmp[i];
            }
        } else if (c == 'c') {
            body[nb++] = (char)__builtin_va_arg(ap, int);
            numeric = 0;
        } else if (c == 's') {
            str = __builtin_va_arg(ap, const char *);
            if (!str) str = "(null)";
            numeric = 0;
        } else if (c == '%') {
            put(s, '%');
            continue;
        } else {
            put(s, '%');
            put(s, c);
            continue;
        }
        if (str) {
            nb = 0;
            while (str[nb] && (prec < 0 || nb < prec)) nb++;
        }
        pad = width - ns - nb;
        if (!left && !(zero && numeric && prec < 0)) for (; pad > 0; pad--) put(s, ' ');
        for (i = 0; i < ns; i++) put(s, sign[i]);
        if (!left && zero && numeric && prec < 0) for (; pad > 0; pad--) put(s, '0');
        for (i = 0; i < nb; i++) put(s, str ? str[i] : body[i]);
        for (; pad > 0; pad--) put(s, ' ');
    }
    if (!s->to_out && s->cap) s->buf[s->len < s->cap ? s->len : s->cap - 1] = 0;
    return (int)s->len;
}
int vprintf(const char *f, __builtin_va_list ap) { struct sink s = {0, 0, 0, 1}; return vfmt(&s, f, ap); }
int printf(const char *f, ...) {
    __builtin_va_list ap;
    int n;
    __builtin_va_start(ap, f);
    n = vprintf(f, ap);
    __builtin_va_end(ap);
    return n;
}
int vsnprintf(char *b, size_t n, const char *f, __builtin_va_list ap) {
    struct sink s;
    s.buf = b; s.cap = n; s.len = 0; s.to_out = 0;
    return vfmt(&s, f, ap);
}
int snprintf(char *b, size_t n, const char *f, ...) {
    __builtin_va_list ap;
    int r;
    __builtin_va_start(ap, f);
    r = vsnprintf(b, n, f, ap);
    __builtin_va_end(ap);
    return r;
}
int sprintf(char *b, const char *f, ...) {
    __builtin_va_list ap;
    int r;
    __builtin_va_start(ap, f);
    r = vsnprintf(b, 0x7fffffff, f, ap);
    __builtin_va_end(ap);
    return r;
}
