int twice(int x);
int counter_next(void);
int total_get(void);
extern const char *greeting;
extern int total;
