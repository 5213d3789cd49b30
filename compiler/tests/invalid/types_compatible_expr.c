// expect: 3:41: error: '__builtin_types_compatible_p' takes two type names; expected a type name before 'x' token
int f(int x) {
    return __builtin_types_compatible_p(x, int);
}
