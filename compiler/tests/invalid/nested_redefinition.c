// expect: 4:11: error: nested redefinition of 'union U'
union U {
    int i;
    union U { short h[2]; };
};
int f(union U *u) { return u->h[0]; }
