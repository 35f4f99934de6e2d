/*
 * nn - forward pass of a convolutional neural network for handwritten digits, after the
 * "Neural Network on GPU" of seed 000 reference [12] (Billconan and Kavinguy), itself the
 * LeNet-style network of Simard et al.: a 29 x 29 input, layer 1 = 6 feature maps of
 * 13 x 13 (5 x 5 kernels, stride 2), layer 2 = 50 maps of 5 x 5 (5 x 5 kernels over all 6
 * maps, stride 2), layer 3 = 100 fully connected neurons, layer 4 = 10 outputs; activation
 * 1.7159 tanh(2x/3). One kernel per layer, one thread per neuron; as in the GPGPU-Sim
 * version, the kernels of layers 3 and 4 launch blocks of ONE thread (one block per neuron
 * and digit), which leaves 31 of 32 lanes of their warps empty.
 * Seed 000 (chapter 5.3, Table 5.2, section 6.4): 28 digits in parallel, branch
 * divergence intensity "Medium", 95% of warps have fewer than 4 active threads, HWS
 * speedup 2.85. No trained weights are available, so weights are deterministic
 * pseudo-random (uniform in +-1/sqrt(fan-in)) and the digits are synthetic 7-segment
 * strokes with noise; the check compares the 10 outputs per digit with a CPU reference.
 * Sizes: tiny 1 digit, small 4 digits, default 28 digits.
 */
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../common/workload_util.h"

/* xorshift32: the deterministic input generator. */
inline uint32_t rng_next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

#define IN  29
#define L1M 6
#define L1S 13
#define L2M 50
#define L2S 5
#define L3N 100
#define L4N 10
#define K   5
#define W1  (L1M * (K * K + 1))
#define W2  (L2M * (L1M * K * K + 1))
#define W3  (L3N * (L2M * L2S * L2S + 1))
#define W4  (L4N * (L3N + 1))

__host__ __device__ inline float act(float x)
{
    return 1.7159f * tanhf(0.66666667f * x);
}

/* grid (digits), block (13, 13): each thread one position of all 6 maps. */
__global__ void layer1(const float *in, const float *w, float *out)
{
    const float *img = in + blockIdx.x * IN * IN;
    int x = threadIdx.x, y = threadIdx.y;
    for (int m = 0; m < L1M; m++) {
        const float *wm = w + m * (K * K + 1);
        float sum = wm[K * K]; /* bias */
        for (int ky = 0; ky < K; ky++)
            for (int kx = 0; kx < K; kx++)
                sum += wm[ky * K + kx] * img[(2 * y + ky) * IN + 2 * x + kx];
        out[((blockIdx.x * L1M) + m) * L1S * L1S + y * L1S + x] = act(sum);
    }
}

/* grid (50 maps, digits), block (5, 5). */
__global__ void layer2(const float *in, const float *w, float *out)
{
    int m = blockIdx.x, d = blockIdx.y, x = threadIdx.x, y = threadIdx.y;
    const float *wm = w + m * (L1M * K * K + 1);
    float sum = wm[L1M * K * K];
    for (int p = 0; p < L1M; p++) {
        const float *src = in + (d * L1M + p) * L1S * L1S;
        for (int ky = 0; ky < K; ky++)
            for (int kx = 0; kx < K; kx++)
                sum += wm[p * K * K + ky * K + kx] * src[(2 * y + ky) * L1S + 2 * x + kx];
    }
    out[(d * L2M + m) * L2S * L2S + y * L2S + x] = act(sum);
}

/* grid (100 neurons, digits), block of ONE thread. */
__global__ void layer3(const float *in, const float *w, float *out)
{
    int n = blockIdx.x, d = blockIdx.y;
    const int fan = L2M * L2S * L2S;
    const float *wn = w + n * (fan + 1);
    const float *src = in + d * fan;
    float sum = wn[fan];
    for (int i = 0; i < fan; i++)
        sum += wn[i] * src[i];
    out[d * L3N + n] = act(sum);
}

/* grid (10 outputs, digits), block of ONE thread. */
__global__ void layer4(const float *in, const float *w, float *out)
{
    int n = blockIdx.x, d = blockIdx.y;
    const float *wn = w + n * (L3N + 1);
    float sum = wn[L3N];
    for (int i = 0; i < L3N; i++)
        sum += wn[i] * in[d * L3N + i];
    out[d * L4N + n] = act(sum);
}

/* Synthetic digit: 7-segment strokes of `digit`, 3 pixels wide, jittered, plus noise;
 * background -1, ink +1 (the network's input convention). */
static void make_digit(int digit, uint32_t *seed, float *img)
{
    static const unsigned char seg[10] = {0x3f, 0x06, 0x5b, 0x4f, 0x66,
                                          0x6d, 0x7d, 0x07, 0x7f, 0x6f}; /* gfedcba */
    int ox = 6 + (int)(rng_next(seed) % 5), oy = 4 + (int)(rng_next(seed) % 5);
    const int w = 12, h = 9; /* segment length horizontally / per vertical half */
    for (int i = 0; i < IN * IN; i++)
        img[i] = -1.0f;
    for (int s = 0; s < 7; s++) {
        if (!(seg[digit] >> s & 1))
            continue;
        int x0, y0, horiz;
        switch (s) {
        case 0:
            x0 = ox, y0 = oy, horiz = 1;
            break; /* a: top */
        case 1:
            x0 = ox + w, y0 = oy, horiz = 0;
            break; /* b: upper right */
        case 2:
            x0 = ox + w, y0 = oy + h, horiz = 0;
            break; /* c: lower right */
        case 3:
            x0 = ox, y0 = oy + 2 * h, horiz = 1;
            break; /* d: bottom */
        case 4:
            x0 = ox, y0 = oy + h, horiz = 0;
            break; /* e: lower left */
        case 5:
            x0 = ox, y0 = oy, horiz = 0;
            break; /* f: upper left */
        default:
            x0 = ox, y0 = oy + h, horiz = 1;
            break; /* g: middle */
        }
        int len = horiz ? w : h;
        for (int t = 0; t <= len; t++)
            for (int q = -1; q <= 1; q++) {
                int x = horiz ? x0 + t : x0 + q, y = horiz ? y0 + q : y0 + t;
                if (x >= 0 && x < IN && y >= 0 && y < IN)
                    img[y * IN + x] = 1.0f;
            }
    }
    for (int i = 0; i < IN * IN; i++)
        img[i] += 0.2f * ((float)(rng_next(seed) >> 8) * (1.0f / 16777216.0f) - 0.5f);
}

static void fill_weights(float *w, int n, int fan, uint32_t *seed)
{
    float scale = 2.0f / sqrtf((float)fan);
    for (int i = 0; i < n; i++)
        w[i] = scale * ((float)(rng_next(seed) >> 8) * (1.0f / 16777216.0f) - 0.5f);
}

static void forward_ref(const float *img, const float *w1, const float *w2, const float *w3,
                        const float *w4, float *res)
{
    float l1[L1M * L1S * L1S], l2[L2M * L2S * L2S], l3[L3N];
    for (int m = 0; m < L1M; m++)
        for (int y = 0; y < L1S; y++)
            for (int x = 0; x < L1S; x++) {
                const float *wm = w1 + m * (K * K + 1);
                float sum = wm[K * K];
                for (int ky = 0; ky < K; ky++)
                    for (int kx = 0; kx < K; kx++)
                        sum += wm[ky * K + kx] * img[(2 * y + ky) * IN + 2 * x + kx];
                l1[m * L1S * L1S + y * L1S + x] = act(sum);
            }
    for (int m = 0; m < L2M; m++)
        for (int y = 0; y < L2S; y++)
            for (int x = 0; x < L2S; x++) {
                const float *wm = w2 + m * (L1M * K * K + 1);
                float sum = wm[L1M * K * K];
                for (int p = 0; p < L1M; p++)
                    for (int ky = 0; ky < K; ky++)
                        for (int kx = 0; kx < K; kx++)
                            sum += wm[p * K * K + ky * K + kx] *
                                   l1[p * L1S * L1S + (2 * y + ky) * L1S + 2 * x + kx];
                l2[m * L2S * L2S + y * L2S + x] = act(sum);
            }
    for (int n = 0; n < L3N; n++) {
        const int fan = L2M * L2S * L2S;
        float sum = w3[n * (fan + 1) + fan];
        for (int i = 0; i < fan; i++)
            sum += w3[n * (fan + 1) + i] * l2[i];
        l3[n] = act(sum);
    }
    for (int n = 0; n < L4N; n++) {
        float sum = w4[n * (L3N + 1) + L3N];
        for (int i = 0; i < L3N; i++)
            sum += w4[n * (L3N + 1) + i] * l3[i];
        res[n] = act(sum);
    }
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int digits = size == 0 ? 1 : size == 1 ? 4 : 28;
    uint32_t seed = 0x4e4e2012u;
    float *w1 = (float *)malloc(W1 * sizeof(float)), *w2 = (float *)malloc(W2 * sizeof(float));
    float *w3 = (float *)malloc(W3 * sizeof(float)), *w4 = (float *)malloc(W4 * sizeof(float));
    fill_weights(w1, W1, K * K + 1, &seed);
    fill_weights(w2, W2, L1M * K * K + 1, &seed);
    fill_weights(w3, W3, L2M * L2S * L2S + 1, &seed);
    fill_weights(w4, W4, L3N + 1, &seed);
    float *imgs = (float *)malloc(digits * IN * IN * sizeof(float));
    for (int d = 0; d < digits; d++)
        make_digit(d % 10, &seed, imgs + d * IN * IN);

    float *d_in, *d_w1, *d_w2, *d_w3, *d_w4, *d_l1, *d_l2, *d_l3, *d_l4;
    CK(cudaMalloc((void **)&d_in, digits * IN * IN * sizeof(float)));
    CK(cudaMalloc((void **)&d_w1, W1 * sizeof(float)));
    CK(cudaMalloc((void **)&d_w2, W2 * sizeof(float)));
    CK(cudaMalloc((void **)&d_w3, W3 * sizeof(float)));
    CK(cudaMalloc((void **)&d_w4, W4 * sizeof(float)));
    CK(cudaMalloc((void **)&d_l1, digits * L1M * L1S * L1S * sizeof(float)));
    CK(cudaMalloc((void **)&d_l2, digits * L2M * L2S * L2S * sizeof(float)));
    CK(cudaMalloc((void **)&d_l3, digits * L3N * sizeof(float)));
    CK(cudaMalloc((void **)&d_l4, digits * L4N * sizeof(float)));
    CK(cudaMemcpy(d_in, imgs, digits * IN * IN * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_w1, w1, W1 * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_w2, w2, W2 * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_w3, w3, W3 * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_w4, w4, W4 * sizeof(float), cudaMemcpyHostToDevice));

    layer1<<<digits, dim3(L1S, L1S)>>>(d_in, d_w1, d_l1);
    CK_LAUNCH();
    layer2<<<dim3(L2M, digits), dim3(L2S, L2S)>>>(d_l1, d_w2, d_l2);
    CK_LAUNCH();
    layer3<<<dim3(L3N, digits), 1>>>(d_l2, d_w3, d_l3);
    CK_LAUNCH();
    layer4<<<dim3(L4N, digits), 1>>>(d_l3, d_w4, d_l4);
    CK_LAUNCH();
    float *out = (float *)malloc(digits * L4N * sizeof(float));
    CK(cudaMemcpy(out, d_l4, digits * L4N * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0;
    double max_err = 0.0;
    for (int d = 0; d < digits; d++) {
        float res[L4N];
        forward_ref(imgs + d * IN * IN, w1, w2, w3, w4, res);
        for (int n = 0; n < L4N; n++) {
            double e = fabs((double)out[d * L4N + n] - (double)res[n]);
            if (e > max_err)
                max_err = e;
            if (!(e < 1e-3) && bad++ < 5)
                fprintf(stderr, "digit %d output %d: %g, want %g\n", d, n, out[d * L4N + n],
                        res[n]);
        }
    }
    printf("nn: %d digit(s), max output error %.3g\n", digits, max_err);
    float *bufs[] = {d_in, d_w1, d_w2, d_w3, d_w4, d_l1, d_l2, d_l3, d_l4};
    for (int i = 0; i < 9; i++)
        CK(cudaFree(bufs[i]));
    free(w1);
    free(w2);
    free(w3);
    free(w4);
    free(imgs);
    free(out);
    if (bad) {
        printf("nn: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("nn: PASS\n");
    return 0;
}
