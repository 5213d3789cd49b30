/* nbody: leapfrog (kick-drift-kick) integration of a 5-body planar+vertical
 * gravitational system in double for 100 steps. Checks energy drift and that
 * the total momentum stays zero (it is removed at the start). Uses + - * /
 * and sqrt only, so all printed digits are reproducible. */
#include <stdio.h>
#include <math.h>

#define NB 5

typedef struct { double x, y, z, vx, vy, vz, m; } body;

static body b[NB] = {
    /* a heavy central body and four lighter ones on roughly circular orbits */
    { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1000.0 },
    { 10.0, 0.0, 0.0, 0.0, 10.0, 0.1, 1.0 },
    { 0.0, -15.0, 0.5, 8.1, 0.0, 0.0, 2.0 },
    { -20.0, 0.0, -0.3, 0.0, -7.0, 0.05, 0.5 },
    { 0.0, 30.0, 0.0, -5.7, 0.0, 0.0, 3.0 },
};

static double energy(void)
{
    double e = 0.0;
    int i, j;
    for (i = 0; i < NB; i++) {
        e += 0.5 * b[i].m * (b[i].vx * b[i].vx + b[i].vy * b[i].vy + b[i].vz * b[i].vz);
        for (j = i + 1; j < NB; j++) {
            double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
            e -= b[i].m * b[j].m / sqrt(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}

static void kick(double dt)
{
    int i, j;
    for (i = 0; i < NB; i++)
        for (j = i + 1; j < NB; j++) {
            double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
            double d2 = dx * dx + dy * dy + dz * dz;
            double mag = dt / (d2 * sqrt(d2));
            b[i].vx -= dx * b[j].m * mag; b[i].vy -= dy * b[j].m * mag; b[i].vz -= dz * b[j].m * mag;
            b[j].vx += dx * b[i].m * mag; b[j].vy += dy * b[i].m * mag; b[j].vz += dz * b[i].m * mag;
        }
}

static void drift(double dt)
{
    int i;
    for (i = 0; i < NB; i++) {
        b[i].x += dt * b[i].vx; b[i].y += dt * b[i].vy; b[i].z += dt * b[i].vz;
    }
}

static void momentum(double *px, double *py, double *pz)
{
    int i;
    *px = *py = *pz = 0.0;
    for (i = 0; i < NB; i++) {
        *px += b[i].m * b[i].vx; *py += b[i].m * b[i].vy; *pz += b[i].m * b[i].vz;
    }
}

int main(void)
{
    double px, py, pz, e0, e1, mtot = 0.0, drift_rel;
    const double dt = 0.01;
    int i, step;

    momentum(&px, &py, &pz);
    for (i = 0; i < NB; i++) mtot += b[i].m;
    b[0].vx -= px / b[0].m; b[0].vy -= py / b[0].m; b[0].vz -= pz / b[0].m;
    momentum(&px, &py, &pz);
    printf("mass %.17g p0 %.3e %.3e %.3e\n", mtot, px, py, pz);

    e0 = energy();
    printf("e0 %.17g\n", e0);
    for (step = 1; step <= 100; step++) {
        kick(0.5 * dt);
        drift(dt);
        kick(0.5 * dt);
        if (step % 25 == 0)
            printf("step %3d e %.17g body1 %.17g %.17g %.17g\n", step, energy(), b[1].x, b[1].y, b[1].z);
    }
    e1 = energy();
    momentum(&px, &py, &pz);
    drift_rel = fabs((e1 - e0) / e0);
    printf("energy drift %.6e momentum %.3e %.3e %.3e\n", drift_rel, px, py, pz);
    for (i = 0; i < NB; i++)
        printf("body %d pos %.17g %.17g %.17g\n", i, b[i].x, b[i].y, b[i].z);
    puts(drift_rel < 1e-4 && fabs(px) < 1e-9 && fabs(py) < 1e-9 && fabs(pz) < 1e-9 ? "PASS" : "FAIL");
    return 0;
}
