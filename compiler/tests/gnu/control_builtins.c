/* gcc's control builtins: __builtin_setjmp/__builtin_longjmp (a 5-word
   buffer; locals changed after the setjmp keep their new values),
   __builtin_return_address(0) (non-null, and different for another
   call site) and __builtin_frame_address(0)
   (between the frames of the caller and of the functions it calls: the
   stack grows down). */
#include <stdio.h>

static void *jb[5];
static int depth;

static void __attribute__((noinline)) jump(int n) {
    depth = n;
    if (n == 0)
        __builtin_longjmp(jb, 1);
    jump(n - 1);
}

static int __attribute__((noinline)) setjmp_case(void) {
    int changed = 1;
    if (__builtin_setjmp(jb)) {
        return changed * 10 + depth;
    }
    changed = 7;
    jump(4);
    return -1;
}

static void *__attribute__((noinline)) where(void) {
    return __builtin_extract_return_addr(__builtin_return_address(0));
}

static void *volatile sink;

static void *__attribute__((noinline)) site(void) {
    void *r = where();
    sink = r; /* after the call: no tail call */
    return r;
}

static int __attribute__((noinline)) below(const char *outer, const char *fa) {
    char mine = 0;
    return outer > fa && fa > &mine;
}

static int __attribute__((noinline)) middle(const char *outer) {
    const char *fa = __builtin_frame_address(0);
    return below(outer, fa) != 0;
}

int main(void) {
    printf("%d\n", setjmp_case());
    void *a[3];
    a[0] = site();
    a[1] = site();
    a[2] = where();
    printf("%d %d\n", a[0] != 0, a[0] != a[2]);
    char c = 0;
    printf("%d\n", middle(&c));
    return 0;
}
