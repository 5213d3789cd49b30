// expect: 4:7: error: assignment of read-only variable 'q'
int a[2];
int main(void) { const int *p = a; p++; int *const q = a;
    q = 0; return *p; }
