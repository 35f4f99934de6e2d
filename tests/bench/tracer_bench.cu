/* Compute-bound kernels for the tracer benchmark (tests/bench/tracer.cmake). */
#define __global__ __attribute__((global))
#define TID (__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x())

/* uniform arithmetic: a per-thread integer hash and a float polynomial */
extern "C" __global__ void arith(unsigned *out, int iters)
{
    unsigned h = TID;
    float x = (float)h * 1e-3f, acc = 0.0f;
    for (int i = 0; i < iters; i++) {
        h = h * 1664525u + 1013904223u;
        h ^= h >> 13;
        acc = acc * 0.999f + x * (float)(h & 255);
    }
    out[TID] = h ^ (unsigned)acc;
}

/* divergent: escape-time iteration (Mandelbrot) */
extern "C" __global__ void mandel(int *out, int width, int maxit)
{
    int i = TID;
    float cx = -2.0f + 2.5f * (float)(i % width) / width;
    float cy = -1.25f + 2.5f * (float)(i / width) / width;
    float x = 0, y = 0;
    int k = 0;
    while (k < maxit && x * x + y * y < 4.0f) {
        float t = x * x - y * y + cx;
        y = 2.0f * x * y + cy;
        x = t;
        k++;
    }
    out[i] = k;
}
