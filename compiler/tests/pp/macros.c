#define OBJ 1 + 2
#define FN(a, b) ((a) * (b) + OBJ)
#define STR(x) #x
#define XSTR(x) STR(x)
#define PASTE(a, b) a ## b
#define PASTE3(a, b, c) a ## b ## c
#define VA(fmt, ...) printf(fmt, __VA_ARGS__)
#define GNU(fmt, args...) printf(fmt , ## args)
#define EMPTY
#define NEST(x) FN(x, x)
int a = FN(1, 2);
int b = NEST(OBJ);
const char *s = STR(  hello   "world"  'c' \n );
const char *t = XSTR(FN(1, 2));
int PASTE(var, 1) = PASTE3(1, 2, 3);
VA("%d %d", 1, 2);
GNU("none");
GNU("%d", 3);
int e = EMPTY 4 EMPTY;
#define f(x) x g
#define g(x) [x]
f(1)(2)
#define h() H
h() h( ) h
#define lparen (
#define call(m) m lparen 5)
call(g)
