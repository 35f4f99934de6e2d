/* cudart.mma_ptx: tensor-core fragments in inline PTX, as hand-written sm_80 GEMM kernels use
 * them: one warp computes D = A B + C for a 16x16 A (row-major, half or bfloat16) and a 16x8 B
 * with ldmatrix.x4 (A), ldmatrix.x2 (B stored transposed, column by column) and
 * ldmatrix.x2.trans (B stored row-major), mma.sync m16n8k16 with f16 and bf16 inputs and f32
 * accumulators (and f16 accumulators), and m16n8k8 with fragments built from the documented
 * layout (lane l: g = l / 4, q = l % 4). Small integers keep every product and sum exact, so D
 * equals the host's. Prints "cudart.mma_ptx: PASS". */
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include "cudart_check.h"

template <class T> __device__ static unsigned pack(T lo, T hi)
{
    unsigned short a, b;
    memcpy(&a, &lo, 2);
    memcpy(&b, &hi, 2);
    return (unsigned)a | (unsigned)b << 16;
}

/* out[0..127]: D of the ldmatrix + m16n8k16 path with Bt (f16); [128..255]: B row-major with
 * .trans (f16); [256..383]: bf16; [384..511]: m16n8k8 (f16, the first 8 columns of A / rows
 * of B); [512..639]: m16n8k16 with half accumulators */
__global__ void gemm(const __half *A, const __half *Bt, const __half *Brow, const float *C,
                     const __nv_bfloat16 *Ab, const __nv_bfloat16 *Btb, float *out)
{
    __shared__ __align__(16) __half sA[16 * 16], sBt[8 * 16], sBr[16 * 8];
    __shared__ __align__(16) __nv_bfloat16 sAb[16 * 16], sBtb[8 * 16];
    const int l = threadIdx.x, g = l / 4, q = l % 4;
    for (int i = l; i < 256; i += 32) {
        sA[i] = A[i];
        sAb[i] = Ab[i];
    }
    for (int i = l; i < 128; i += 32) {
        sBt[i] = Bt[i];
        sBr[i] = Brow[i];
        sBtb[i] = Btb[i];
    }
    __syncwarp();
    /* A: matrices (rows 0-7, cols 0-7), (8-15, 0-7), (0-7, 8-15), (8-15, 8-15) */
    unsigned a[4], b[2], ab[4], bb[2], br[2];
    unsigned pa = (unsigned)__cvta_generic_to_shared(&sA[(l % 16) * 16 + (l / 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
                 : "r"(pa));
    unsigned pab = (unsigned)__cvta_generic_to_shared(&sAb[(l % 16) * 16 + (l / 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(ab[0]), "=r"(ab[1]), "=r"(ab[2]), "=r"(ab[3])
                 : "r"(pab));
    /* B^T rows are B's columns: (n 0-7, k 0-7) and (n 0-7, k 8-15) */
    unsigned pb = (unsigned)__cvta_generic_to_shared(&sBt[(l % 8) * 16 + ((l / 8) % 2) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
                 : "=r"(b[0]), "=r"(b[1])
                 : "r"(pb));
    unsigned pbb = (unsigned)__cvta_generic_to_shared(&sBtb[(l % 8) * 16 + ((l / 8) % 2) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
                 : "=r"(bb[0]), "=r"(bb[1])
                 : "r"(pbb));
    /* B row-major: rows k 0-7 and 8-15 of 8 halves, transposed on the way */
    unsigned pr = (unsigned)__cvta_generic_to_shared(&sBr[(l % 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
                 : "=r"(br[0]), "=r"(br[1])
                 : "r"(pr));
    float c[4], d[4];
    for (int i = 0; i < 4; i++)
        c[i] = C[(i < 2 ? g : g + 8) * 8 + 2 * q + (i & 1)];
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, "
                 "%6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
                   "f"(c[1]), "f"(c[2]), "f"(c[3]));
    for (int i = 0; i < 4; i++)
        out[(i < 2 ? g : g + 8) * 8 + 2 * q + (i & 1)] = d[i];
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, "
                 "%6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(br[0]), "r"(br[1]), "f"(c[0]),
                   "f"(c[1]), "f"(c[2]), "f"(c[3]));
    for (int i = 0; i < 4; i++)
        out[128 + (i < 2 ? g : g + 8) * 8 + 2 * q + (i & 1)] = d[i];
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, "
                 "%6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(ab[0]), "r"(ab[1]), "r"(ab[2]), "r"(ab[3]), "r"(bb[0]), "r"(bb[1]),
                   "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
    for (int i = 0; i < 4; i++)
        out[256 + (i < 2 ? g : g + 8) * 8 + 2 * q + (i & 1)] = d[i];
    /* m16n8k8 from the layout: A rows g / g + 8, columns 2q, 2q + 1; B rows 2q, 2q + 1, col g */
    unsigned a8[2] = {pack(sA[g * 16 + 2 * q], sA[g * 16 + 2 * q + 1]),
                      pack(sA[(g + 8) * 16 + 2 * q], sA[(g + 8) * 16 + 2 * q + 1])};
    unsigned b8 = pack(sBt[g * 16 + 2 * q], sBt[g * 16 + 2 * q + 1]);
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, "
                 "{%6}, {%7, %8, %9, %10};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a8[0]), "r"(a8[1]), "r"(b8), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
    for (int i = 0; i < 4; i++)
        out[384 + (i < 2 ? g : g + 8) * 8 + 2 * q + (i & 1)] = d[i];
    /* half accumulators: C and D as two .f16x2 (row g: c0 c1; row g + 8: c2 c3) */
    unsigned ch[2] = {pack(__float2half(c[0]), __float2half(c[1])),
                      pack(__float2half(c[2]), __float2half(c[3]))},
             dh[2];
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, "
                 "{%6, %7}, {%8, %9};"
                 : "=r"(dh[0]), "=r"(dh[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(ch[0]),
                   "r"(ch[1]));
    for (int i = 0; i < 4; i++) {
        unsigned short hb = (unsigned short)(i & 1 ? dh[i / 2] >> 16 : dh[i / 2]);
        __half hv;
        memcpy(&hv, &hb, 2);
        out[512 + (i < 2 ? g : g + 8) * 8 + 2 * q + (i & 1)] = __half2float(hv);
    }
}

int main()
{
    __half *A, *Bt, *Br;
    __nv_bfloat16 *Ab, *Btb;
    float *C, *out;
    CHECK(cudaMallocManaged(&A, 256 * sizeof(__half)));
    CHECK(cudaMallocManaged(&Bt, 128 * sizeof(__half)));
    CHECK(cudaMallocManaged(&Br, 128 * sizeof(__half)));
    CHECK(cudaMallocManaged(&Ab, 256 * sizeof(__nv_bfloat16)));
    CHECK(cudaMallocManaged(&Btb, 128 * sizeof(__nv_bfloat16)));
    CHECK(cudaMallocManaged(&C, 128 * sizeof(float)));
    CHECK(cudaMallocManaged(&out, 640 * sizeof(float)));
    float a[16][16], b[16][8];
    for (int m = 0; m < 16; m++)
        for (int k = 0; k < 16; k++) {
            a[m][k] = (float)((m * 7 + k * 3) % 11 - 5);
            A[m * 16 + k] = __float2half(a[m][k]);
            Ab[m * 16 + k] = __float2bfloat16(a[m][k]);
        }
    for (int k = 0; k < 16; k++)
        for (int n = 0; n < 8; n++) {
            b[k][n] = (float)((k * 5 + n * 2) % 9 - 4);
            Bt[n * 16 + k] = __float2half(b[k][n]);
            Btb[n * 16 + k] = __float2bfloat16(b[k][n]);
            Br[k * 8 + n] = __float2half(b[k][n]);
        }
    for (int i = 0; i < 128; i++)
        C[i] = (float)(i % 13) * 0.5f;
    gemm<<<1, 32>>>(A, Bt, Br, C, Ab, Btb, out);
    CHECK(cudaDeviceSynchronize());
    int bad = 0;
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 8; n++) {
            float d16 = C[m * 8 + n], d8 = C[m * 8 + n];
            for (int k = 0; k < 16; k++)
                d16 += a[m][k] * b[k][n];
            for (int k = 0; k < 8; k++)
                d8 += a[m][k] * b[k][n];
            for (int v = 0; v < 5; v += v == 2 ? 2 : 1) /* 0, 1, 2 and 4 (k16 paths) */
                if (out[v * 128 + m * 8 + n] != d16 && bad++ < 5)
                    fprintf(stderr, "D%d[%d][%d] = %g, want %g\n", v, m, n,
                            out[v * 128 + m * 8 + n], d16);
            if (out[384 + m * 8 + n] != d8 && bad++ < 5)
                fprintf(stderr, "D(k8)[%d][%d] = %g, want %g\n", m, n, out[384 + m * 8 + n], d8);
        }
    EXPECT(bad == 0);
    return cudart_finish("cudart.mma_ptx");
}
