/* time.h functions — lcc runtime (ST200), portable C99 without floating
   point.

   clock(): processor time in microseconds (CLOCKS_PER_SEC = 10^6, as
   POSIX requires): the cycle counter divided by the core clock in MHz,
   __ST200_CLOCK_MHZ__, which lcc predefines from the processor model of
   the core the library is built for (isa::model::ProcessorModel::clock_mhz,
   400 MHz). clock_t is a 32-bit long, so it wraps after 2^31 µs (about 36
   minutes of simulated time), like clock() on 32-bit glibc.

   time(): the simulator has no host-time call (docs/src/design/architecture.md §5), so
   the calendar starts at the epoch when the program starts: time() is the
   number of whole simulated seconds since start (cycles / (MHz × 10^6)),
   i.e. 1970-01-01 00:00:00 UTC plus the run time.

   Calendar (gmtime, mktime): UTC, proleptic Gregorian, with the
   days-from-civil and civil-from-days algorithms of Howard Hinnant,
   "chrono-Compatible Low-Level Date Algorithms" (2013). localtime =
   gmtime (no time zones). strftime: every C99 conversion in the "C"
   locale (%E and %O modifiers accepted and ignored; %Z prints "UTC", %z
   "+0000"). difftime returns a double: it lives in
   runtime-staging/lib/strtod_float.c until lcc compiles floating types. */
#include <time.h>
#include <string.h>

#ifndef __ST200_CLOCK_MHZ__
#define __ST200_CLOCK_MHZ__ 400 /* host builds of this file (tests) */
#endif

unsigned long long __cycles(void);

clock_t clock(void)
{
    return (clock_t)(__cycles() / (unsigned)__ST200_CLOCK_MHZ__);
}

time_t time(time_t *t)
{
    time_t now = (time_t)(__cycles() / (1000000ull * (unsigned)__ST200_CLOCK_MHZ__));
    if (t)
        *t = now;
    return now;
}

/* floor division and modulo for negative operands */
static long long fdiv(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static long long fmod_ll(long long a, long long b) { return a - fdiv(a, b) * b; }

/* days since 1970-01-01 of the date y-m-d (m 1..12) */
static long long days_from_civil(long long y, int m, int d)
{
    long long era, yoe, doy, doe;
    y -= m <= 2;
    era = fdiv(y, 400);
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* fills *tm from seconds since the epoch; 0 if the year does not fit */
static int fill_tm(long long t, struct tm *tm)
{
    long long days = fdiv(t, 86400), secs = t - days * 86400;
    long long z = days + 719468, era, doe, yoe, y, doy, mp;
    int d, m;
    era = fdiv(z, 146097);
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    d = (int)(doy - (153 * mp + 2) / 5 + 1);
    m = (int)(mp < 10 ? mp + 3 : mp - 9);
    y += m <= 2;
    if (y - 1900 > 2147483647LL || y - 1900 < -2147483647LL - 1)
        return 0;
    tm->tm_sec = (int)(secs % 60);
    tm->tm_min = (int)(secs / 60 % 60);
    tm->tm_hour = (int)(secs / 3600);
    tm->tm_mday = d;
    tm->tm_mon = m - 1;
    tm->tm_year = (int)(y - 1900);
    tm->tm_wday = (int)fmod_ll(days + 4, 7); /* 1970-01-01 was a Thursday */
    tm->tm_yday = (int)(days - days_from_civil(y, 1, 1));
    tm->tm_isdst = 0;
    return 1;
}

static struct tm tm_buf;

struct tm *gmtime(const time_t *t)
{
    return fill_tm((long long)*t, &tm_buf) ? &tm_buf : NULL;
}

struct tm *localtime(const time_t *t) { return gmtime(t); }

time_t mktime(struct tm *tm)
{
    long long y = (long long)tm->tm_year + 1900 + fdiv(tm->tm_mon, 12);
    int mon = (int)fmod_ll(tm->tm_mon, 12);
    long long t = (days_from_civil(y, mon + 1, 1) + tm->tm_mday - 1) * 86400 +
                  (long long)tm->tm_hour * 3600 + (long long)tm->tm_min * 60 + tm->tm_sec;
    if (t != (long long)(time_t)t || !fill_tm(t, tm))
        return (time_t)-1;
    return (time_t)t;
}

static const char *const day_names[7] = {
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
};
static const char *const month_names[12] = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December",
};

/* ISO 8601 weeks: weeks in year y (52 or 53) */
static int iso_weeks(long long y)
{
    long long p = fmod_ll(y + fdiv(y, 4) - fdiv(y, 100) + fdiv(y, 400), 7);
    long long q = fmod_ll(y - 1 + fdiv(y - 1, 4) - fdiv(y - 1, 100) + fdiv(y - 1, 400), 7);
    return p == 4 || q == 3 ? 53 : 52;
}

/* the ISO week number of tm, and its week-based year in *wy */
static int iso_week(const struct tm *tm, long long *wy)
{
    long long y = (long long)tm->tm_year + 1900;
    int wd = tm->tm_wday == 0 ? 7 : tm->tm_wday; /* Monday 1 .. Sunday 7 */
    int w = (tm->tm_yday + 1 - wd + 10) / 7;
    if (w < 1) {
        y--;
        w = iso_weeks(y);
    } else if (w > iso_weeks(y)) {
        y++;
        w = 1;
    }
    *wy = y;
    return w;
}

struct out {
    char *s;
    size_t max, n;
};

static void put(struct out *o, const char *s, size_t n)
{
    while (n--) {
        if (o->n < o->max)
            o->s[o->n] = *s;
        o->n++;
        s++;
    }
}

/* v in decimal, at least `width` characters padded with `pad` */
static void put_num(struct out *o, long long v, int width, char pad)
{
    char tmp[24];
    int k = 0, neg = v < 0;
    unsigned long long u = neg ? 0 - (unsigned long long)v : (unsigned long long)v;
    do {
        tmp[k++] = (char)('0' + (int)(u % 10u));
        u /= 10u;
    } while (u);
    if (neg)
        width--;
    while (k < width && k < 20)
        tmp[k++] = pad;
    if (neg)
        put(o, "-", 1);
    while (k > 0)
        put(o, &tmp[--k], 1);
}

static void format_tm(struct out *o, const char *fmt, const struct tm *tm);

static void conv(struct out *o, char c, const struct tm *tm)
{
    long long year = (long long)tm->tm_year + 1900, wy;
    int h12 = tm->tm_hour % 12 == 0 ? 12 : tm->tm_hour % 12;
    const char *wd = tm->tm_wday >= 0 && tm->tm_wday < 7 ? day_names[tm->tm_wday] : "?";
    const char *mn = tm->tm_mon >= 0 && tm->tm_mon < 12 ? month_names[tm->tm_mon] : "?";
    switch (c) {
    case 'a': put(o, wd, wd[1] ? 3 : 1); break;
    case 'A': put(o, wd, strlen(wd)); break;
    case 'b':
    case 'h': put(o, mn, mn[1] ? 3 : 1); break;
    case 'B': put(o, mn, strlen(mn)); break;
    case 'c': format_tm(o, "%a %b %e %H:%M:%S %Y", tm); break;
    case 'C': put_num(o, fdiv(year, 100), 2, '0'); break;
    case 'd': put_num(o, tm->tm_mday, 2, '0'); break;
    case 'D': format_tm(o, "%m/%d/%y", tm); break;
    case 'e': put_num(o, tm->tm_mday, 2, ' '); break;
    case 'F': format_tm(o, "%Y-%m-%d", tm); break;
    case 'g': iso_week(tm, &wy); put_num(o, fmod_ll(wy, 100), 2, '0'); break;
    case 'G': iso_week(tm, &wy); put_num(o, wy, 1, '0'); break;
    case 'H': put_num(o, tm->tm_hour, 2, '0'); break;
    case 'I': put_num(o, h12, 2, '0'); break;
    case 'j': put_num(o, tm->tm_yday + 1, 3, '0'); break;
    case 'm': put_num(o, tm->tm_mon + 1, 2, '0'); break;
    case 'M': put_num(o, tm->tm_min, 2, '0'); break;
    case 'n': put(o, "\n", 1); break;
    case 'p': put(o, tm->tm_hour < 12 ? "AM" : "PM", 2); break;
    case 'r': format_tm(o, "%I:%M:%S %p", tm); break;
    case 'R': format_tm(o, "%H:%M", tm); break;
    case 'S': put_num(o, tm->tm_sec, 2, '0'); break;
    case 't': put(o, "\t", 1); break;
    case 'T': format_tm(o, "%H:%M:%S", tm); break;
    case 'u': put_num(o, tm->tm_wday == 0 ? 7 : tm->tm_wday, 1, '0'); break;
    case 'U': put_num(o, (tm->tm_yday + 7 - tm->tm_wday) / 7, 2, '0'); break;
    case 'V': put_num(o, iso_week(tm, &wy), 2, '0'); break;
    case 'w': put_num(o, tm->tm_wday, 1, '0'); break;
    case 'W': put_num(o, (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7, 2, '0'); break;
    case 'x': format_tm(o, "%m/%d/%y", tm); break;
    case 'X': format_tm(o, "%H:%M:%S", tm); break;
    case 'y': put_num(o, fmod_ll(year, 100), 2, '0'); break;
    case 'Y': put_num(o, year, 1, '0'); break;
    case 'z': put(o, "+0000", 5); break;
    case 'Z': put(o, "UTC", 3); break;
    case '%': put(o, "%", 1); break;
    default: {
        char t[2];
        t[0] = '%';
        t[1] = c;
        put(o, t, c ? 2 : 1);
        break;
    }
    }
}

typedef const char *cstr;

static void format_tm(struct out *o, const char *fmt, const struct tm *tm)
{
    cstr p = fmt;
    while (*p) {
        if (*p != '%') {
            put(o, p++, 1);
            continue;
        }
        p++;
        if (*p == 'E' || *p == 'O')
            p++;
        conv(o, *p, tm);
        if (*p)
            p++;
    }
}

size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm)
{
    struct out o;
    o.s = s;
    o.max = max;
    o.n = 0;
    format_tm(&o, fmt, tm);
    if (o.n >= max)
        return 0; /* did not fit (the array contents are indeterminate) */
    s[o.n] = 0;
    return o.n;
}

char *asctime(const struct tm *tm)
{
    static char buf[64];
    struct out o;
    o.s = buf;
    o.max = sizeof buf - 1;
    o.n = 0;
    format_tm(&o, "%a %b %e %H:%M:%S %Y\n", tm);
    buf[o.n < sizeof buf - 1 ? o.n : sizeof buf - 1] = 0;
    return buf;
}

char *ctime(const time_t *t)
{
    struct tm *tm = localtime(t);
    return tm ? asctime(tm) : NULL;
}
