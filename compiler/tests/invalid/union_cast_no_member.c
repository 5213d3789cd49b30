// expect: 4:17: error: cast to union type from type not present in union
union u { int i; char *p; };
int main(void) {
    union u v = (union u)1.5;
    return v.i;
}
