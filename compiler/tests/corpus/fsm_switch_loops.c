/* State machines written as a switch in a loop (the shape the
   dfa-jump-thread pass threads): states set to constants or left
   unchanged, a default case, exits from the loop by break, by the loop
   test on the state and by return, a state computed from the input (not
   a constant), case values that do not start at 0, a char-typed state,
   and transitions that go back and forth (the threaded loop is
   irreducible). */
#include <stdio.h>

enum { START, INVALID, S1, INT, FLOAT, S2, EXP, SCI };

static int isdig(int c) { return c >= '0' && c <= '9'; }

/* A number classifier in the style of a scanner: stops at ',' or at
   the invalid state; counts transitions per state. */
static int classify(const char **in, unsigned *count)
{
    const char *s = *in;
    int state = START;
    for (; *s && state != INVALID; s++) {
        int c = *s;
        if (c == ',') {
            s++;
            break;
        }
        switch (state) {
        case START:
            if (isdig(c))
                state = INT;
            else if (c == '+' || c == '-')
                state = S1;
            else if (c == '.')
                state = FLOAT;
            else {
                state = INVALID;
                count[INVALID]++;
            }
            count[START]++;
            break;
        case S1:
            if (isdig(c))
                state = INT;
            else if (c == '.')
                state = FLOAT;
            else
                state = INVALID;
            count[S1]++;
            break;
        case INT:
            if (c == '.') {
                state = FLOAT;
                count[INT]++;
            } else if (!isdig(c)) {
                state = INVALID;
                count[INT]++;
            }
            break;
        case FLOAT:
            if (c == 'e' || c == 'E') {
                state = S2;
                count[FLOAT]++;
            } else if (!isdig(c)) {
                state = INVALID;
                count[FLOAT]++;
            }
            break;
        case S2:
            state = (c == '+' || c == '-') ? EXP : INVALID;
            count[S2]++;
            break;
        case EXP:
            state = isdig(c) ? SCI : INVALID;
            count[EXP]++;
            break;
        case SCI:
            if (!isdig(c))
                state = INVALID;
            break;
        default:
            break;
        }
    }
    *in = s;
    return state;
}

/* A quote scanner whose states go back and forth (NORMAL <-> STRING <->
   ESCAPE); one transition takes its state from a table (not a
   constant); returns early on a NUL inside a string. */
static const unsigned char next_of[4] = { 0, 2, 1, 0 };

static int quotes(const char *s, int *chars)
{
    int st = 0, n = 0;
    for (;;) {
        int c = (unsigned char)*s++;
        switch (st) {
        case 0: /* normal text */
            if (c == 0)
                return n;
            if (c == '"')
                st = 1;
            else if (c == '#')
                st = next_of[c & 3]; /* '#' & 3 = 3: back to 0 */
            break;
        case 1: /* in a string */
            if (c == 0)
                return -n - 1;
            chars[0]++;
            if (c == '\\')
                st = 2;
            else if (c == '"') {
                st = 0;
                n++;
            }
            break;
        case 2: /* after a backslash */
            chars[1]++;
            st = c == 0 ? 3 : 1;
            break;
        default:
            return -1000;
        }
    }
}

/* Case values 10…14 (the index is state − 10) and a char state. */
static int offsets(const char *s)
{
    signed char st = 10;
    int sum = 0;
    while (*s) {
        int c = *s++;
        switch (st) {
        case 10:
            st = c & 1 ? 11 : 12;
            sum += 1;
            break;
        case 11:
            st = c & 2 ? 13 : 10;
            sum += 10;
            break;
        case 12:
            if (c & 4)
                st = 14;
            sum += 100;
            break;
        case 13:
            st = 12;
            sum += 1000;
            break;
        case 14:
            st = 10;
            sum += 10000;
            break;
        }
    }
    return sum * 16 + st;
}

/* After threading, states 1 and 2 form a cycle entered at both (from
   state 0's copy): an irreducible loop for the passes after. */
static int pingpong(const char *s)
{
    int st = 0, n = 0;
    while (*s) {
        int c = *s++;
        switch (st) {
        case 0:
            st = c & 1 ? 1 : 2;
            n += 1;
            break;
        case 1:
            st = c == 'x' ? 3 : 2;
            n += 10;
            break;
        case 2:
            if (c == 'y')
                st = 3;
            else
                st = 1;
            n += 100;
            break;
        case 3:
            n += 1000;
            break;
        }
    }
    return n * 4 + st;
}

int main(void)
{
    static const char *inputs[] = {
        "5012,1234,-874,+122,35.54400,.1234500,-110.700,+0.64400,5.500e+3,-.123e-2",
        "-87e+832,+0.6e-12,T0.3e-1F,-T.T++Tq,1T3.4e4z,34.0e-T^,,7,+,-.e,1e+5",
    };
    unsigned count[8] = { 0 };
    unsigned final[8] = { 0 };
    unsigned check = 0;
    int i, k;
    for (i = 0; i < 2; i++) {
        const char *p = inputs[i];
        while (*p) {
            int st = classify(&p, count);
            final[st]++;
            check = check * 31 + (unsigned)st;
        }
    }
    for (k = 0; k < 8; k++)
        printf("%u/%u ", final[k], count[k]);
    printf("%08x\n", check);

    static const char *texts[] = {
        "a \"b\\\"c\" d # \"e\" f",
        "\"unterminated \\\\ string",
        "\"\\\0x", /* NUL after the backslash: state 3, then the default */
        "no quotes at all #",
        "",
    };
    int chars[2] = { 0, 0 };
    for (i = 0; i < 5; i++)
        printf("%d ", quotes(texts[i], chars));
    printf("%d %d\n", chars[0], chars[1]);

    printf("%d %d %d\n", offsets("abcdefghijklmnop"), offsets("zzzz,,,,1234"),
           offsets(""));
    printf("%d %d %d %d\n", pingpong("abcdefg"), pingpong("bbbx!!"), pingpong("ay1"),
           pingpong("cxyxyxyxyxyxyx"));
    return (int)(check & 0x7f);
}
