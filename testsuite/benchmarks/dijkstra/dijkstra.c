/* dijkstra: single-source shortest paths (O(V^2) Dijkstra on an adjacency matrix) from
   8 sources of a random 96-node weighted directed graph, with path reconstruction. */
#include <stdio.h>
#include <stdint.h>

#define V 96
#define NSRC 8
#define INF 0x3FFFFFFF

static int weight[V][V]; /* 0 = no edge */
static int dist[V], prev_node[V];
static unsigned char done[V];
static uint32_t seed = 777u;

static uint32_t rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) & 0x7FFFu;
}

static void shortest_paths(int src)
{
    int i, k;
    for (i = 0; i < V; i++) {
        dist[i] = INF;
        prev_node[i] = -1;
        done[i] = 0;
    }
    dist[src] = 0;
    for (k = 0; k < V; k++) {
        int u = -1, best = INF, v;
        for (i = 0; i < V; i++)
            if (!done[i] && dist[i] < best) {
                best = dist[i];
                u = i;
            }
        if (u < 0)
            break;
        done[u] = 1;
        for (v = 0; v < V; v++) {
            int w = weight[u][v];
            if (w != 0 && !done[v] && dist[u] + w < dist[v]) {
                dist[v] = dist[u] + w;
                prev_node[v] = u;
            }
        }
    }
}

int main(void)
{
    int i, j, s, edges = 0;
    uint32_t ck = 0;

    for (i = 0; i < V; i++) {
        weight[i][(i + 1) % V] = 50 + (int)(rnd() % 50u); /* a ring keeps it strongly connected */
        for (j = 0; j < 5; j++) {
            int to = (int)(rnd() % V);
            if (to != i)
                weight[i][to] = 1 + (int)(rnd() % 99u);
        }
    }
    for (i = 0; i < V; i++)
        for (j = 0; j < V; j++)
            edges += weight[i][j] != 0;
    printf("dijkstra: %d nodes, %d edges, %d sources\n", V, edges, NSRC);
    for (s = 0; s < NSRC; s++) {
        int src = s * 11, far = src, total = 0, hops = 0, path[V], n = 0, v;
        shortest_paths(src);
        for (i = 0; i < V; i++) {
            total += dist[i];
            if (dist[i] > dist[far])
                far = i;
            ck = ck * 31u + (uint32_t)dist[i];
        }
        for (v = far; v >= 0; v = prev_node[v])
            path[n++] = v;
        hops = n - 1;
        printf("src %2d: total %6d, farthest %2d at %4d via %d hops:", src, total, far, dist[far], hops);
        for (i = n - 1; i >= 0; i--)
            printf(" %d", path[i]);
        putchar('\n');
    }
    printf("checksum %08x\n", ck);
    return 0;
}
