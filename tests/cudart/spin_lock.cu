// Intra-warp spin locks: each thread adds to a bucket under a per-bucket lock taken with
// atomicCAS and released with atomicExch, in the "acquire and release in one iteration" form.
// clang -O2 moves the critical section after the CAS loop, so under lockstep execution the
// lane that acquired waits at the loop's reconvergence point while lanes of its warp spin on
// its lock; compute capability 7.0 (independent thread scheduling) lets it run on, and so
// must the tracer (it used to stop with its deadlock error after about a minute).
#include <cstdio>

struct acc {
    float sum;
    int count;
    int max;
};

__global__ void locked_add(int *locks, acc *a, const int *bucket, const int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int b = bucket[i];
    bool done = false;
    while (!done) {
        if (atomicCAS(&locks[b], 0, 1) == 0) {
            volatile acc *p = &a[b];
            p->sum = p->sum + v[i];
            p->count = p->count + 1;
            if (v[i] > p->max)
                p->max = v[i];
            __threadfence();
            atomicExch(&locks[b], 0);
            done = true;
        }
    }
}

int main()
{
    const int n = 1000, nb = 7;
    static int bucket[n], v[n];
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        bucket[i] = (int)(s >> 16) % nb; /* uneven: lanes of one warp share buckets */
        v[i] = (int)(s >> 8) % 1000;
    }
    int *dl, *db, *dv;
    acc *da;
    cudaMalloc(&dl, nb * sizeof(int));
    cudaMalloc(&da, nb * sizeof(acc));
    cudaMalloc(&db, n * sizeof(int));
    cudaMalloc(&dv, n * sizeof(int));
    cudaMemset(dl, 0, nb * sizeof(int));
    cudaMemset(da, 0, nb * sizeof(acc));
    cudaMemcpy(db, bucket, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dv, v, n * sizeof(int), cudaMemcpyHostToDevice);
    locked_add<<<(n + 127) / 128, 128>>>(dl, da, db, dv, n);
    cudaError_t e = cudaDeviceSynchronize();
    acc h[nb];
    cudaMemcpy(h, da, sizeof(h), cudaMemcpyDeviceToHost);
    int bad = e != cudaSuccess;
    for (int k = 0; k < nb; k++) {
        float sum = 0;
        int count = 0, max = 0;
        for (int i = 0; i < n; i++)
            if (bucket[i] == k) {
                sum += v[i];
                count++;
                max = v[i] > max ? v[i] : max;
            }
        if (h[k].sum != sum || h[k].count != count || h[k].max != max) {
            printf("bucket %d: sum %g count %d max %d, expected %g %d %d\n", k, h[k].sum,
                   h[k].count, h[k].max, sum, count, max);
            bad = 1;
        }
    }
    printf("cudart.spin_lock: %s (%s)\n", bad ? "FAIL" : "PASS", cudaGetErrorString(e));
    return bad;
}
