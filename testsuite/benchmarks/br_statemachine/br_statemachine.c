/* br_statemachine: an if/else-driven tokenizer state machine over generated C-like text.
   Characters are classified with comparison chains; the machine recognises identifiers
   (and four keywords, by hash), decimal and hex numbers (value clamped to 2^24),
   one- and two-character operators, string literals with escapes and block comments,
   and counts tokens per class, longest identifier and sum of numbers. */
#include <stdio.h>
#include <stdint.h>

#define TEXTMAX 16384

enum { C_ALPHA, C_DIGIT, C_SPACE, C_QUOTE, C_BSL, C_SLASH, C_STAR, C_OPER, C_NL, C_OTHER };
enum { S_START, S_IDENT, S_NUM, S_HEX, S_OP, S_STR, S_ESC, S_SLASH, S_COMMENT, S_CSTAR };

static char text[TEXTMAX + 64];
static int textlen;
static uint32_t seed = 0x2468ACE1u;

static uint32_t rnd(void)
{
    uint32_t x = seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = x;
    return x;
}

static void put(char c)
{
    text[textlen++] = c;
}

static void puts_(const char *s)
{
    while (*s)
        put(*s++);
}

static uint32_t strhash(const char *s)
{
    uint32_t h = 0;
    while (*s)
        h = h * 31u + (uint32_t)(unsigned char)*s++;
    return h;
}

static const char *const kw[4] = { "if", "while", "int", "return" };
static const char *const ops[16] = { "+", "-", "*", "=", "<", ">", "==", "<=", "!=", "&&", "||", "++", "--", ">=", "=", "-" };

static void gen(void)
{
    /* 64 entries, so that indices are masks (no division on the ST200) */
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789e";
    static const char decd[] = "0123456789135792";
    static const char hexd[] = "0123456789abcdef";
    while (textlen < TEXTMAX) {
        uint32_t r = rnd();
        int k = (int)(r & 15u), n, i;
        if (k < 4) { /* identifier */
            n = 1 + (int)(r >> 4 & 7u);
            put(letters[(r >> 8) & 31u]);
            for (i = 1; i < n; i++)
                put(letters[rnd() & 63u]);
        } else if (k < 6) { /* keyword */
            puts_(kw[r >> 4 & 3u]);
        } else if (k < 8) { /* decimal or hex number */
            n = 1 + (int)(r >> 4 & 7u);
            if (r >> 9 & 1u) {
                put('0');
                put('x');
                for (i = 0; i < n; i++)
                    put(hexd[rnd() & 15u]);
            } else {
                put((char)('1' + (r >> 10 & 7u)));
                for (i = 1; i < n; i++)
                    put(decd[rnd() & 15u]);
            }
        } else if (k < 12) { /* operator */
            puts_(ops[r >> 4 & 15u]);
        } else if (k == 12) { /* string literal with escapes */
            n = (int)(r >> 4 & 15u);
            put('"');
            for (i = 0; i < n; i++) {
                uint32_t q = rnd();
                if ((q & 7u) == 0u) {
                    put('\\');
                    put((q >> 3 & 1u) ? '"' : 'n');
                } else {
                    put(letters[q >> 4 & 63u]);
                }
            }
            put('"');
        } else if (k == 13 && (r >> 4 & 3u) == 0u) { /* comment */
            n = (int)(r >> 6 & 31u);
            puts_("/* ");
            for (i = 0; i < n; i++) {
                uint32_t q = rnd() & 31u;
                put(q == 0u ? '*' : (q < 6u ? ' ' : letters[q]));
            }
            puts_(" */");
        } else if (k == 14) {
            put(r >> 4 & 1u ? ';' : '(');
        } else {
            put(r >> 4 & 1u ? ')' : '{');
        }
        put((r >> 24 & 7u) == 0u ? '\n' : ' ');
    }
    text[textlen] = '\0';
}

int main(void)
{
    int i, state = S_START, len = 0, maxlen = 0, lines = 1, prev = 0, pos;
    int n_ident = 0, n_kw[4] = { 0, 0, 0, 0 }, n_dec = 0, n_hex = 0, n_op1 = 0, n_op2 = 0, n_str = 0, n_esc = 0;
    int n_comment = 0, n_punct = 0, n_clamped = 0;
    uint32_t kwh[4], h = 0, numsum = 0, hall = 0;
    int32_t val = 0;

    gen();
    for (i = 0; i < 4; i++)
        kwh[i] = strhash(kw[i]);

    for (pos = 0; pos <= textlen; pos++) {
        int c = (unsigned char)text[pos], cls, d;

        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
            cls = C_ALPHA;
        else if (c >= '0' && c <= '9')
            cls = C_DIGIT;
        else if (c == ' ' || c == '\t')
            cls = C_SPACE;
        else if (c == '\n')
            cls = C_NL;
        else if (c == '"')
            cls = C_QUOTE;
        else if (c == '\\')
            cls = C_BSL;
        else if (c == '/')
            cls = C_SLASH;
        else if (c == '*')
            cls = C_STAR;
        else if (c == '+' || c == '-' || c == '=' || c == '<' || c == '>' || c == '!' || c == '&' || c == '|')
            cls = C_OPER;
        else
            cls = C_OTHER;
        if (cls == C_NL)
            lines++;

        /* states that continue a token; on the token's end they fall back to S_START */
        if (state == S_IDENT) {
            if (cls == C_ALPHA || cls == C_DIGIT) {
                len++;
                h = h * 31u + (uint32_t)c;
                continue;
            }
            if (h == kwh[0])
                n_kw[0]++;
            else if (h == kwh[1])
                n_kw[1]++;
            else if (h == kwh[2])
                n_kw[2]++;
            else if (h == kwh[3])
                n_kw[3]++;
            else
                n_ident++;
            maxlen = len > maxlen ? len : maxlen;
            hall = hall * 7u + h;
            state = S_START;
        } else if (state == S_NUM) {
            if (cls == C_DIGIT) {
                len++;
                val = val * 10 + (c - '0');
                if (val > 0xFFFFFF) {
                    val = 0xFFFFFF;
                    n_clamped++;
                }
                continue;
            }
            if (c == 'x' && val == 0 && len == 1) {
                state = S_HEX;
                continue;
            }
            n_dec++;
            numsum += (uint32_t)val;
            state = S_START;
        } else if (state == S_HEX) {
            if (cls == C_DIGIT)
                d = c - '0';
            else if (c >= 'a' && c <= 'f')
                d = c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                d = c - 'A' + 10;
            else
                d = -1;
            if (d >= 0) {
                val = val * 16 + d;
                if (val > 0xFFFFFF) {
                    val = 0xFFFFFF;
                    n_clamped++;
                }
                continue;
            }
            n_hex++;
            numsum += (uint32_t)val;
            state = S_START;
        } else if (state == S_OP) {
            /* two-character operators: ==, <=, >=, !=, &&, ||, ++, -- */
            if ((c == '=' && (prev == '=' || prev == '<' || prev == '>' || prev == '!')) ||
                (c == prev && (c == '&' || c == '|' || c == '+' || c == '-'))) {
                n_op2++;
                state = S_START;
                continue;
            }
            n_op1++;
            state = S_START;
        } else if (state == S_STR) {
            if (cls == C_BSL)
                state = S_ESC;
            else if (cls == C_QUOTE) {
                n_str++;
                state = S_START;
            } else
                len++;
            continue;
        } else if (state == S_ESC) {
            n_esc++;
            len++;
            state = S_STR;
            continue;
        } else if (state == S_SLASH) {
            if (cls == C_STAR) {
                state = S_COMMENT;
                continue;
            }
            n_op1++;
            state = S_START;
        } else if (state == S_COMMENT) {
            if (cls == C_STAR)
                state = S_CSTAR;
            continue;
        } else if (state == S_CSTAR) {
            if (cls == C_SLASH) {
                n_comment++;
                state = S_START;
            } else if (cls != C_STAR) {
                state = S_COMMENT;
            }
            continue;
        }

        /* S_START: begin a new token */
        if (cls == C_ALPHA) {
            state = S_IDENT;
            len = 1;
            h = (uint32_t)c;
        } else if (cls == C_DIGIT) {
            state = S_NUM;
            len = 1;
            val = c - '0';
        } else if (cls == C_OPER || cls == C_STAR) {
            state = S_OP;
            prev = c;
        } else if (cls == C_SLASH) {
            state = S_SLASH;
        } else if (cls == C_QUOTE) {
            state = S_STR;
            len = 0;
        } else if (cls == C_OTHER && c != 0) {
            n_punct++;
        }
    }

    printf("text: %d chars, %d lines\n", textlen, lines);
    printf("identifiers %d (longest %d), keywords if %d while %d int %d return %d\n", n_ident, maxlen, n_kw[0],
           n_kw[1], n_kw[2], n_kw[3]);
    printf("numbers: decimal %d hex %d clamped %d sum %u\n", n_dec, n_hex, n_clamped, numsum);
    printf("operators: 1-char %d 2-char %d; strings %d (escapes %d); comments %d; punctuation %d\n", n_op1, n_op2,
           n_str, n_esc, n_comment, n_punct);
    printf("identifier hash %08x, final state %d\n", hall, state);
    return 0;
}
