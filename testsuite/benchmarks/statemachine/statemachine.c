/* statemachine: a character-level lexer state machine (identifiers, keywords, decimal/hex/octal
   numbers with suffixes, operators, strings and chars with escapes, line and block comments)
   over 9 KiB of generated C-like text; counts token kinds and line numbers. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define TEXT_MAX 10000

enum state {
    S_START, S_IDENT, S_ZERO, S_DEC, S_HEX, S_OCT, S_SUFFIX, S_SLASH, S_LINE_COMMENT,
    S_BLOCK_COMMENT, S_BLOCK_STAR, S_STRING, S_STRING_ESC, S_CHAR, S_CHAR_ESC, S_OP2
};

enum kind { T_IDENT, T_KEYWORD, T_NUMBER, T_STRING, T_CHAR, T_OP, T_COMMENT, T_ERROR, T_NKINDS };

static const char *const kind_names[T_NKINDS] = {"ident", "keyword", "number", "string", "char", "op",
                                                  "comment", "error"};

static const char *const fragments[] = {
    "int", "x", "y1", "_tmp", "count", "while", "if", "else", "return", "for", "0", "42", "0x1F",
    "0777", "123u", "7L", "0xdeadBEEFul", "\"hello\"", "\"a\\\"b\\\\c\"", "'a'", "'\\n'", "'\\''",
    "+", "-", "*", "/", "%", "==", "!=", "<=", ">=", "<<", ">>", "&&", "||", "++", "--", "->",
    "+=", "(", ")", "{", "}", ";", ",", "// note\n", "/* block */", "/* multi\n line * / */",
    "unsigned", "char", "struct", "s.field", "a[i]", "?", ":", "~", "!", "#", "@",
};

static char text[TEXT_MAX + 1];
static int counts[T_NKINDS];
static uint32_t token_hash;
static int lines = 1;

static const char *const keywords[] = {"int", "while", "if", "else", "return", "for", "unsigned", "char",
                                       "struct"};

static int is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static int is_hex(int c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static void emit(enum kind k, const char *start, int len)
{
    int i;
    if (k == T_IDENT) {
        for (i = 0; i < (int)(sizeof keywords / sizeof keywords[0]); i++)
            if ((int)strlen(keywords[i]) == len && memcmp(keywords[i], start, (size_t)len) == 0) {
                k = T_KEYWORD;
                break;
            }
    }
    counts[k]++;
    token_hash = token_hash * 31u + (uint32_t)k;
    for (i = 0; i < len; i++)
        token_hash = token_hash * 131u + (uint32_t)(unsigned char)start[i];
}

/* second character of a two-character operator starting with `first`? */
static int op2(int first, int c)
{
    switch (first) {
    case '=': case '!': case '<': case '>':
        return c == '=' || (first == '<' && c == '<') || (first == '>' && c == '>');
    case '&':
        return c == '&' || c == '=';
    case '|':
        return c == '|' || c == '=';
    case '+':
        return c == '+' || c == '=';
    case '-':
        return c == '-' || c == '=' || c == '>';
    case '*': case '%': case '^':
        return c == '=';
    default:
        return 0;
    }
}

static void lex(const char *p)
{
    enum state st = S_START;
    const char *start = p;
    int first = 0;
    for (;;) {
        int c = (unsigned char)*p;
        switch (st) {
        case S_START:
            start = p;
            if (c == 0)
                return;
            if (c == '\n') {
                lines++;
                p++;
            } else if (c == ' ' || c == '\t') {
                p++;
            } else if (is_alpha(c)) {
                st = S_IDENT;
                p++;
            } else if (c == '0') {
                st = S_ZERO;
                p++;
            } else if (is_digit(c)) {
                st = S_DEC;
                p++;
            } else if (c == '/') {
                st = S_SLASH;
                p++;
            } else if (c == '"') {
                st = S_STRING;
                p++;
            } else if (c == '\'') {
                st = S_CHAR;
                p++;
            } else if (strchr("+-*%=!<>&|^", c) != NULL) {
                first = c;
                st = S_OP2;
                p++;
            } else if (strchr("(){}[];,.?:~", c) != NULL) {
                emit(T_OP, start, 1);
                p++;
            } else {
                emit(T_ERROR, start, 1);
                p++;
            }
            break;
        case S_IDENT:
            if (is_alpha(c) || is_digit(c)) {
                p++;
            } else {
                emit(T_IDENT, start, (int)(p - start));
                st = S_START;
            }
            break;
        case S_ZERO:
            if (c == 'x' || c == 'X') {
                st = S_HEX;
                p++;
            } else if (c >= '0' && c <= '7') {
                st = S_OCT;
                p++;
            } else {
                st = S_SUFFIX;
            }
            break;
        case S_DEC:
            if (is_digit(c))
                p++;
            else
                st = S_SUFFIX;
            break;
        case S_HEX:
            if (is_hex(c))
                p++;
            else
                st = S_SUFFIX;
            break;
        case S_OCT:
            if (c >= '0' && c <= '7')
                p++;
            else
                st = S_SUFFIX;
            break;
        case S_SUFFIX:
            if (c == 'u' || c == 'U' || c == 'l' || c == 'L') {
                p++;
            } else {
                emit(T_NUMBER, start, (int)(p - start));
                st = S_START;
            }
            break;
        case S_SLASH:
            if (c == '/') {
                st = S_LINE_COMMENT;
                p++;
            } else if (c == '*') {
                st = S_BLOCK_COMMENT;
                p++;
            } else if (c == '=') {
                emit(T_OP, start, 2);
                p++;
                st = S_START;
            } else {
                emit(T_OP, start, 1);
                st = S_START;
            }
            break;
        case S_LINE_COMMENT:
            if (c == '\n' || c == 0) {
                emit(T_COMMENT, start, (int)(p - start));
                st = S_START;
            } else {
                p++;
            }
            break;
        case S_BLOCK_COMMENT:
            if (c == 0) {
                emit(T_ERROR, start, (int)(p - start));
                st = S_START;
            } else {
                if (c == '*')
                    st = S_BLOCK_STAR;
                else if (c == '\n')
                    lines++;
                p++;
            }
            break;
        case S_BLOCK_STAR:
            if (c == '/') {
                p++;
                emit(T_COMMENT, start, (int)(p - start));
                st = S_START;
            } else if (c == '*') {
                p++;
            } else {
                st = S_BLOCK_COMMENT;
            }
            break;
        case S_STRING:
        case S_CHAR:
            if (c == 0 || c == '\n') {
                emit(T_ERROR, start, (int)(p - start));
                st = S_START;
            } else if (c == '\\') {
                st = st == S_STRING ? S_STRING_ESC : S_CHAR_ESC;
                p++;
            } else if ((c == '"' && st == S_STRING) || (c == '\'' && st == S_CHAR)) {
                p++;
                emit(st == S_STRING ? T_STRING : T_CHAR, start, (int)(p - start));
                st = S_START;
            } else {
                p++;
            }
            break;
        case S_STRING_ESC:
        case S_CHAR_ESC:
            if (c == 0) {
                st = S_STRING;
            } else {
                p++;
                st = st == S_STRING_ESC ? S_STRING : S_CHAR;
            }
            break;
        case S_OP2:
            if (op2(first, c)) {
                p++;
                emit(T_OP, start, 2);
            } else {
                emit(T_OP, start, 1);
            }
            st = S_START;
            break;
        }
    }
}

int main(void)
{
    uint32_t s = 0x13579BDFu;
    int len = 0, k;
    const int nfrag = (int)(sizeof fragments / sizeof fragments[0]);

    while (len < TEXT_MAX - 64) {
        const char *f;
        int fl;
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        f = fragments[s % (uint32_t)nfrag];
        fl = (int)strlen(f);
        memcpy(text + len, f, (size_t)fl);
        len += fl;
        text[len++] = (s >> 8) % 11u == 0 ? '\n' : ((s >> 12) % 5u == 0 ? '\t' : ' ');
    }
    text[len] = '\0';
    lex(text);
    printf("statemachine: %d characters, %d lines\n", len, lines);
    for (k = 0; k < T_NKINDS; k++)
        printf("%-8s %5d\n", kind_names[k], counts[k]);
    printf("token hash %08x\n", token_hash);
    return 0;
}
