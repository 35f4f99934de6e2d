/* cudart.texture: legacy texture references: tex1Dfetch on linear memory (float, int2,
 * uchar4 read as normalised float), tex2D on a cudaArray and on pitched memory, clamping at
 * the edges, unbinding. */
#include "cudart_check.h"

texture<float, 1, cudaReadModeElementType> tex_f;
texture<int2, 1, cudaReadModeElementType> tex_i2;
texture<uchar4, 1, cudaReadModeNormalizedFloat> tex_u4;
texture<float, 2, cudaReadModeElementType> tex_2d;
texture<short, 2, cudaReadModeElementType> tex_pitch;

__global__ void fetch1d(float *out, int n)
{
    int i = threadIdx.x;
    out[i] = tex1Dfetch(tex_f, i); /* i == n: outside, reads 0 (linear memory) */
    int2 v = tex1Dfetch(tex_i2, i);
    out[n + 1 + i] = (float)(v.x - v.y);
    float4 u = tex1Dfetch(tex_u4, i);
    out[2 * (n + 1) + i] = u.x + u.y + u.z + u.w;
}

__global__ void fetch2d(float *out, int w, int h)
{
    int x = threadIdx.x, y = threadIdx.y;
    out[y * w + x] = tex2D(tex_2d, x + 0.5f, y + 0.5f) + 1000.0f * tex2D(tex_pitch, x, y);
    if (x == 0 && y == 0)
        out[w * h] = tex2D(tex_2d, -5.0f, 100.0f); /* clamps to (0, h-1) */
}

int main()
{
    const int n = 16;
    float hf[n];
    int2 hi[n];
    uchar4 hu[n];
    for (int i = 0; i < n; i++) {
        hf[i] = 1.5f * i;
        hi[i] = make_int2(3 * i, i);
        hu[i] = make_uchar4(255, 0, (unsigned char)(i * 17), 51);
    }
    float *df;
    int2 *di;
    uchar4 *du;
    CHECK(cudaMalloc(&df, sizeof hf));
    CHECK(cudaMalloc(&di, sizeof hi));
    CHECK(cudaMalloc(&du, sizeof hu));
    CHECK(cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice));
    size_t off = 1;
    CHECK(cudaBindTexture(&off, tex_f, df, sizeof hf));
    EXPECT(off == 0);
    CHECK(cudaBindTexture(0, tex_i2, di, cudaCreateChannelDesc<int2>(), sizeof hi));
    CHECK(cudaBindTexture(0, tex_u4, du));

    float *out;
    CHECK(cudaMalloc(&out, 3 * (n + 1) * sizeof(float)));
    fetch1d<<<1, n + 1>>>(out, n);
    CHECK(cudaGetLastError());
    float ho[3 * (n + 1)];
    CHECK(cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost));
    for (int i = 0; i <= n; i++) {
        /* a fetch outside linear memory reads zero, whatever the addressing mode (an H200
         * does so: docs/DEVICE_CHECK.md) */
        int c = i < n ? i : 0;
        EXPECT(ho[i] == 1.5f * c);
        EXPECT(ho[n + 1 + i] == (float)(2 * c));
        float expect = i < n ? 1.0f + (float)(c * 17) / 255.0f + 51.0f / 255.0f : 0.0f;
        EXPECT(ho[2 * (n + 1) + i] > expect - 1e-5f && ho[2 * (n + 1) + i] < expect + 1e-5f);
    }

    /* 2D: a cudaArray of floats and pitched shorts */
    const int w = 8, h = 4;
    float h2[h][w];
    short hs[h][w];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            h2[y][x] = (float)(10 * y + x);
            hs[y][x] = (short)(y - x);
        }
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    EXPECT(desc.x == 32 && desc.y == 0 && desc.f == cudaChannelFormatKindFloat);
    cudaArray *arr;
    CHECK(cudaMallocArray(&arr, &desc, w, h, 0));
    CHECK(cudaMemcpyToArray(arr, 0, 0, h2, sizeof h2, cudaMemcpyHostToDevice));
    CHECK(cudaBindTextureToArray(tex_2d, arr));
    short *dp;
    size_t pitch;
    CHECK(cudaMallocPitch((void **)&dp, &pitch, w * sizeof(short), h));
    CHECK(cudaMemcpy2D(dp, pitch, hs, w * sizeof(short), w * sizeof(short), h,
                       cudaMemcpyHostToDevice));
    CHECK(cudaBindTexture2D(0, tex_pitch, dp, cudaCreateChannelDesc<short>(), w, h, pitch));
    float *out2;
    CHECK(cudaMalloc(&out2, (w * h + 1) * sizeof(float)));
    fetch2d<<<1, dim3(w, h)>>>(out2, w, h);
    CHECK(cudaGetLastError());
    float ho2[w * h + 1];
    CHECK(cudaMemcpy(ho2, out2, sizeof ho2, cudaMemcpyDeviceToHost));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            EXPECT(ho2[y * w + x] == (float)(10 * y + x) + 1000.0f * (float)(y - x));
    EXPECT(ho2[w * h] == (float)(10 * (h - 1)));

    /* errors: unbound texture use after unbind is a device error, so only check the calls */
    CHECK(cudaUnbindTexture(tex_f));
    CHECK(cudaUnbindTexture(tex_2d));
    int not_a_texture = 0;
    EXPECT_ERR(cudaBindTexture(0, (const textureReference *)&not_a_texture, df, &desc, 4),
               cudaErrorInvalidTexture);
    cudaGetLastError();
    CHECK(cudaFreeArray(arr));
    CHECK(cudaFree(df));
    CHECK(cudaFree(di));
    CHECK(cudaFree(du));
    CHECK(cudaFree(dp));
    CHECK(cudaFree(out));
    CHECK(cudaFree(out2));
    return cudart_finish("cudart.texture");
}
