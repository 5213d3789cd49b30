/* nbody: symplectic (kick-drift-kick leapfrog) integration of a 6-body
 * system (a star and five planets with made-up masses and orbits) in double
 * for 160 steps, with the total energy, momentum and angular momentum
 * reported every 40 steps. Uses + - * / and sqrt only. */
#include <stdio.h>
#include <math.h>

#define NB 6

static double px[NB], py[NB], pz[NB], vx[NB], vy[NB], vz[NB], m[NB];

static void setup(void)
{
    /* star at the origin; planets at radius r with circular speed sqrt(GM/r), slightly inclined */
    static const double r[NB] = { 0.0, 4.0, 7.0, 11.0, 16.0, 23.0 };
    static const double mass[NB] = { 500.0, 0.1, 0.4, 1.5, 0.8, 0.05 };
    int i;
    for (i = 0; i < NB; i++) {
        double s = i == 0 ? 0.0 : sqrt(mass[0] / r[i]);
        m[i] = mass[i];
        /* place planet i at angle i * 60 degrees using exact cos/sin values of multiples of 60 */
        switch (i % 6) {
        case 0: px[i] = r[i]; py[i] = 0.0; vx[i] = 0.0; vy[i] = s; break;
        case 1: px[i] = 0.5 * r[i]; py[i] = 0.86602540378443865 * r[i]; vx[i] = -0.86602540378443865 * s; vy[i] = 0.5 * s; break;
        case 2: px[i] = -0.5 * r[i]; py[i] = 0.86602540378443865 * r[i]; vx[i] = -0.86602540378443865 * s; vy[i] = -0.5 * s; break;
        case 3: px[i] = -r[i]; py[i] = 0.0; vx[i] = 0.0; vy[i] = -s; break;
        case 4: px[i] = -0.5 * r[i]; py[i] = -0.86602540378443865 * r[i]; vx[i] = 0.86602540378443865 * s; vy[i] = -0.5 * s; break;
        default: px[i] = 0.5 * r[i]; py[i] = -0.86602540378443865 * r[i]; vx[i] = 0.86602540378443865 * s; vy[i] = 0.5 * s; break;
        }
        pz[i] = 0.01 * i * (i & 1 ? 1.0 : -1.0);
        vz[i] = 0.002 * (i % 3);
    }
    {
        double sx = 0, sy = 0, sz = 0;
        for (i = 1; i < NB; i++) { sx += m[i] * vx[i]; sy += m[i] * vy[i]; sz += m[i] * vz[i]; }
        vx[0] = -sx / m[0]; vy[0] = -sy / m[0]; vz[0] = -sz / m[0];
    }
}

static double energy(void)
{
    double e = 0.0;
    int i, j;
    for (i = 0; i < NB; i++) {
        e += 0.5 * m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
        for (j = i + 1; j < NB; j++) {
            double dx = px[i] - px[j], dy = py[i] - py[j], dz = pz[i] - pz[j];
            e -= m[i] * m[j] / sqrt(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}

static void kick(double dt)
{
    int i, j;
    for (i = 0; i < NB; i++)
        for (j = i + 1; j < NB; j++) {
            double dx = px[i] - px[j], dy = py[i] - py[j], dz = pz[i] - pz[j];
            double d2 = dx * dx + dy * dy + dz * dz, mag = dt / (d2 * sqrt(d2));
            double mi = m[i] * mag, mj = m[j] * mag;
            vx[i] -= dx * mj; vy[i] -= dy * mj; vz[i] -= dz * mj;
            vx[j] += dx * mi; vy[j] += dy * mi; vz[j] += dz * mi;
        }
}

static void report(int step, double e0)
{
    double lx = 0, ly = 0, lz = 0, qx = 0, qy = 0, qz = 0, e = energy();
    int i;
    for (i = 0; i < NB; i++) {
        qx += m[i] * vx[i]; qy += m[i] * vy[i]; qz += m[i] * vz[i];
        lx += m[i] * (py[i] * vz[i] - pz[i] * vy[i]);
        ly += m[i] * (pz[i] * vx[i] - px[i] * vz[i]);
        lz += m[i] * (px[i] * vy[i] - py[i] * vx[i]);
    }
    printf("step %3d energy %.17g drift %.3e |p| %.1e L %.15g %.15g %.15g\n", step, e, (e - e0) / -e0,
           fabs(qx) + fabs(qy) + fabs(qz), lx, ly, lz);
}

int main(void)
{
    const double dt = 0.02;
    double e0;
    int step, i;

    setup();
    e0 = energy();
    report(0, e0);
    for (step = 1; step <= 160; step++) {
        kick(0.5 * dt);
        for (i = 0; i < NB; i++) { px[i] += dt * vx[i]; py[i] += dt * vy[i]; pz[i] += dt * vz[i]; }
        kick(0.5 * dt);
        if (step % 40 == 0) report(step, e0);
    }
    for (i = 0; i < NB; i++) printf("body %d %.17g %.17g %.17g\n", i, px[i], py[i], pz[i]);
    printf("%s\n", fabs((energy() - e0) / e0) < 1e-5 ? "PASS" : "FAIL");
    return 0;
}
