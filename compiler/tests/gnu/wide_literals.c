/* Wide and UTF string and character literals, with gcc -m32's wchar_t
   (int, 4 bytes), char16_t and char32_t; the host gcc -m32 build of this
   file gives the expected output. */
#include <stddef.h>
#include <stdio.h>
#include <wchar.h>

typedef unsigned short char16;
typedef unsigned int char32;

static const wchar_t greeting[] = L"h\u00e9llo";
static const wchar_t *ptr = L"pointer";
static wchar_t sized[8] = L"abc";
static char16 s16[] = u"a\U0001F600b";
static char32 s32[] = U"x\U0001F600";
static const char *u8s = u8"caf\xc3\xa9";
struct holder { int n; wchar_t w[4]; };
static struct holder h = {3, L"xyz"};

int main(void) {
    printf("%u %u %u\n", (unsigned)sizeof(wchar_t), (unsigned)sizeof(L"ab"), (unsigned)sizeof(greeting));
    for (size_t i = 0; i < sizeof greeting / sizeof greeting[0]; i++)
        printf("%d ", greeting[i]);
    printf("\n%d %d\n", (int)wcslen(ptr), ptr[6]);
    printf("%d %d %d %d\n", sized[0], sized[2], sized[3], sized[7]);
    printf("%u:", (unsigned)(sizeof s16 / sizeof s16[0]));
    for (size_t i = 0; i < sizeof s16 / sizeof s16[0]; i++)
        printf(" %x", s16[i]);
    printf("\n%u:", (unsigned)(sizeof s32 / sizeof s32[0]));
    for (size_t i = 0; i < sizeof s32 / sizeof s32[0]; i++)
        printf(" %x", s32[i]);
    printf("\n%d %d\n", (int)sizeof(u8"caf\xc3\xa9"), (unsigned char)u8s[4]);
    printf("%d %d %d\n", h.n, h.w[0], h.w[3]);
    /* concatenation: a narrow piece takes the wide prefix */
    const wchar_t *cat = L"ab" "cd";
    printf("%d %d\n", (int)wcslen(cat), cat[3]);
    /* character constants */
    printf("%d %d %d %u\n", L'a', L'\xffffffff' < 0, (int)sizeof(L'a'), (unsigned)U'\U0001F600');
    printf("%d %d\n", L'\u00e9', u'\u00e9');
    wchar_t local[] = L"local";
    local[0] = L'L';
    printf("%d %d %d\n", local[0], local[4], local[5]);
    printf("%d\n", wcscmp(L"abc", L"abd") < 0);
    /* a universal character name in a narrow literal is UTF-8 */
    const char *ucn = "\u00e9\U0001F600!";
    printf("%u", (unsigned)sizeof("\u00e9\U0001F600!"));
    for (int i = 0; ucn[i]; i++)
        printf(" %02x", (unsigned char)ucn[i]);
    printf("\n");
    return 0;
}
