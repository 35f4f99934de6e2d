/* cudart.texture_layered: texture objects on layered arrays and cubemaps (cudaMalloc3DArray
 * with cudaArrayLayered / cudaArrayCubemap) read by tex1DLayered, tex2DLayered, texCubemap and
 * texCubemapLayered: each layer is sampled alone - linear filtering and wrap addressing stay
 * within it - and a cubemap direction picks the face of its largest component (CUDA
 * programming guide's cubemap table). Also: stream callbacks declared with CUDART_CB, as the
 * SDK samples write them (the macro was missing). Before these existed the program did not
 * compile. */
#include <math.h>
#include "cudart_check.h"

__global__ void layered(float *out, cudaTextureObject_t t2, cudaTextureObject_t t1, int w, int h,
                        int layers)
{
    int x = threadIdx.x, y = threadIdx.y;
    for (int l = 0; l < layers; l++) {
        /* texel centres, and halfway between column w-1 and column 0 (wrap) */
        out[(l * h + y) * w + x] = tex2DLayered<float>(t2, (x + 0.5f) / w, (y + 0.5f) / h, l);
        if (y == 0)
            out[layers * w * h + l * w + x] =
                tex2DLayered<float>(t2, (float)(x + 1) / w, 0.5f / h, l);
        if (y == 1)
            out[layers * w * h + layers * w + l * w + x] = tex1DLayered<float>(t1, x + 0.5f, l);
    }
}

__global__ void cube(float *out, cudaTextureObject_t t, cudaTextureObject_t tl, int w)
{
    int x = threadIdx.x, y = threadIdx.y;
    float a = 2.0f * (x + 0.5f) / w - 1.0f, b = 2.0f * (y + 0.5f) / w - 1.0f;
    /* per face (+x, -x, +y, -y, +z, -z), the direction whose face coordinates are (a, b) */
    float d[6][3] = {{1, -b, -a}, {-1, -b, a}, {a, 1, b}, {a, -1, -b}, {a, -b, 1}, {-a, -b, -1}};
    for (int f = 0; f < 6; f++) {
        out[(f * w + y) * w + x] = texCubemap<float>(t, d[f][0], d[f][1], d[f][2]);
        out[((6 + f) * w + y) * w + x] = texCubemapLayered<float>(tl, d[f][0], d[f][1], d[f][2], 1);
    }
}

static int callbacks;
static void CUDART_CB on_done(cudaStream_t, cudaError_t status, void *data)
{
    callbacks += status == cudaSuccess ? *(int *)data : 0;
}
static void CUDART_CB host_fn(void *data)
{
    callbacks += *(int *)data;
}

static cudaTextureObject_t make_tex(cudaArray_t a, int linear, int normalized)
{
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = normalized ? cudaAddressModeWrap : cudaAddressModeClamp;
    td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
    td.normalizedCoords = normalized;
    cudaTextureObject_t t;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    return t;
}

int main()
{
    const int w = 8, h = 4, L = 3;
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    float in[L][h][w], in1[L][w];
    for (int l = 0; l < L; l++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                in[l][y][x] = 100.0f * l + 10.0f * y + x;
    for (int l = 0; l < L; l++)
        for (int x = 0; x < w; x++)
            in1[l][x] = -(100.0f * l + x);
    cudaArray_t a2, a1;
    CHECK(cudaMalloc3DArray(&a2, &cd, make_cudaExtent(w, h, L), cudaArrayLayered));
    CHECK(cudaMalloc3DArray(&a1, &cd, make_cudaExtent(w, 0, L), cudaArrayLayered));
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(in, w * sizeof(float), w, h);
    p.dstArray = a2;
    p.extent = make_cudaExtent(w, h, L);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    p.srcPtr = make_cudaPitchedPtr(in1, w * sizeof(float), w, 1);
    p.dstArray = a1;
    p.extent = make_cudaExtent(w, 1, L);
    CHECK(cudaMemcpy3D(&p));
    cudaTextureObject_t t2 = make_tex(a2, 1, 1), t1 = make_tex(a1, 0, 0);
    float *out;
    const int n = L * w * h + 2 * L * w;
    CHECK(cudaMallocManaged(&out, n * sizeof(float)));
    layered<<<1, dim3(w, h)>>>(out, t2, t1, w, h, L);
    CHECK(cudaDeviceSynchronize());
    for (int l = 0; l < L; l++) {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                EXPECT(out[(l * h + y) * w + x] == in[l][y][x]);
        for (int x = 0; x < w; x++) {
            float e = 0.5f * (in[l][0][x] + in[l][0][(x + 1) % w]);
            EXPECT(fabsf(out[L * w * h + l * w + x] - e) < 1e-3f);
            EXPECT(out[L * w * h + L * w + l * w + x] == in1[l][x]);
        }
    }

    const int c = 4;
    float faces[2][6][c][c];
    for (int k = 0; k < 2; k++)
        for (int f = 0; f < 6; f++)
            for (int y = 0; y < c; y++)
                for (int x = 0; x < c; x++)
                    faces[k][f][y][x] = 1000.0f * k + 100.0f * f + 10.0f * y + x;
    cudaArray_t ac, acl;
    CHECK(cudaMalloc3DArray(&ac, &cd, make_cudaExtent(c, c, 6), cudaArrayCubemap));
    CHECK(cudaMalloc3DArray(&acl, &cd, make_cudaExtent(c, c, 12),
                            cudaArrayCubemap | cudaArrayLayered));
    p.srcPtr = make_cudaPitchedPtr(faces[0], c * sizeof(float), c, c);
    p.dstArray = ac;
    p.extent = make_cudaExtent(c, c, 6);
    CHECK(cudaMemcpy3D(&p));
    p.srcPtr = make_cudaPitchedPtr(faces, c * sizeof(float), c, c);
    p.dstArray = acl;
    p.extent = make_cudaExtent(c, c, 12);
    CHECK(cudaMemcpy3D(&p));
    cudaTextureObject_t tc = make_tex(ac, 0, 1), tcl = make_tex(acl, 0, 1);
    float *co;
    CHECK(cudaMallocManaged(&co, 12 * c * c * sizeof(float)));
    cube<<<1, dim3(c, c)>>>(co, tc, tcl, c);
    CHECK(cudaDeviceSynchronize());
    for (int f = 0; f < 6; f++)
        for (int y = 0; y < c; y++)
            for (int x = 0; x < c; x++) {
                EXPECT(co[(f * c + y) * c + x] == faces[0][f][y][x]);
                EXPECT(co[((6 + f) * c + y) * c + x] == faces[1][f][y][x]);
            }

    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    int three = 3, four = 4;
    CHECK(cudaStreamAddCallback(s, on_done, &three, 0));
    CHECK(cudaLaunchHostFunc(s, host_fn, &four));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(callbacks == 7);
    CHECK(cudaStreamDestroy(s));
    return cudart_finish("cudart.texture_layered");
}
