/* cudart.texture_object: texture objects (cudaCreateTextureObject): tex1Dfetch<float> on
 * linear memory (zero outside it), tex2D<short> on pitched memory, tex2D<float4> on a uchar4
 * cudaArray read as normalised float, signed chars read as normalised float, the descriptors
 * read back, and the unsupported settings refused. The fetches are texture-space loads in the
 * trace (checked by cudart.texture_object.trace). */
#include <cstring>
#include "cudart_check.h"

__global__ void fetch(cudaTextureObject_t lin, cudaTextureObject_t pit, cudaTextureObject_t arr,
                      cudaTextureObject_t sch, float *out, int n, int w, int h)
{
    int i = threadIdx.x;
    out[i] = tex1Dfetch<float>(lin, i); /* i >= n: outside, reads 0 whatever addressMode says */
    int x = i % w, y = i / w;
    if (y < h) {
        out[64 + i] = (float)tex2D<short>(pit, x + 0.5f, y + 0.5f);
        float4 c = tex2D<float4>(arr, (float)x, (float)y);
        out[128 + i] = c.x + 2.0f * c.y + 4.0f * c.z + 8.0f * c.w;
    }
    float s;
    tex1Dfetch(&s, sch, i % 4);
    out[192 + i] = s;
}

static cudaTextureDesc point_desc(cudaTextureReadMode mode)
{
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = mode;
    return td;
}

int main()
{
    const int n = 40, w = 8, h = 4;
    float *lin, *out;
    CHECK(cudaMalloc(&lin, n * sizeof(float)));
    CHECK(cudaMallocManaged(&out, 256 * sizeof(float)));
    float hl[n];
    for (int i = 0; i < n; i++)
        hl[i] = 0.5f * (float)i;
    CHECK(cudaMemcpy(lin, hl, sizeof hl, cudaMemcpyHostToDevice));

    cudaResourceDesc rl;
    memset(&rl, 0, sizeof rl);
    rl.resType = cudaResourceTypeLinear;
    rl.res.linear.devPtr = lin;
    rl.res.linear.desc = cudaCreateChannelDesc<float>();
    rl.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc te = point_desc(cudaReadModeElementType);
    cudaTextureObject_t tl = 0, tp = 0, ta = 0, ts = 0;
    CHECK(cudaCreateTextureObject(&tl, &rl, &te, NULL));
    EXPECT(tl != 0);

    /* pitched shorts: value 100 y + x */
    short *ps;
    size_t pitch;
    CHECK(cudaMallocPitch(&ps, &pitch, w * sizeof(short), h));
    short hs[h][w];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            hs[y][x] = (short)(100 * y + x);
    CHECK(cudaMemcpy2D(ps, pitch, hs, w * sizeof(short), w * sizeof(short), h,
                       cudaMemcpyHostToDevice));
    cudaResourceDesc rp;
    memset(&rp, 0, sizeof rp);
    rp.resType = cudaResourceTypePitch2D;
    rp.res.pitch2D.devPtr = ps;
    rp.res.pitch2D.desc = cudaCreateChannelDesc<short>();
    rp.res.pitch2D.width = w;
    rp.res.pitch2D.height = h;
    rp.res.pitch2D.pitchInBytes = pitch;
    CHECK(cudaCreateTextureObject(&tp, &rp, &te, NULL));

    /* a uchar4 array read as normalised float */
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<uchar4>();
    cudaArray_t arr;
    CHECK(cudaMallocArray(&arr, &cd, w, h, 0));
    uchar4 hu[h * w];
    for (int i = 0; i < w * h; i++)
        hu[i] = make_uchar4((unsigned char)i, 255, 0, (unsigned char)(2 * i));
    CHECK(cudaMemcpy2DToArray(arr, 0, 0, hu, w * sizeof(uchar4), w * sizeof(uchar4), h,
                              cudaMemcpyHostToDevice));
    cudaResourceDesc ra;
    memset(&ra, 0, sizeof ra);
    ra.resType = cudaResourceTypeArray;
    ra.res.array.array = arr;
    cudaTextureDesc tn = point_desc(cudaReadModeNormalizedFloat);
    CHECK(cudaCreateTextureObject(&ta, &ra, &tn, NULL));

    /* signed chars read as normalised float: -128 clamps to -1 */
    signed char *sc;
    CHECK(cudaMalloc(&sc, 4));
    signed char hsc[4] = {-128, -127, 0, 127};
    CHECK(cudaMemcpy(sc, hsc, 4, cudaMemcpyHostToDevice));
    cudaResourceDesc rs = rl;
    rs.res.linear.devPtr = sc;
    rs.res.linear.desc = cudaCreateChannelDesc<signed char>();
    rs.res.linear.sizeInBytes = 4;
    CHECK(cudaCreateTextureObject(&ts, &rs, &tn, NULL));

    fetch<<<1, 64>>>(tl, tp, ta, ts, out, n, w, h);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 64; i++) {
        EXPECT(out[i] == (i < n ? hl[i] : 0.0f)); /* as an H200 does (docs/DEVICE_CHECK.md) */
        int x = i % w, y = i / w;
        if (y < h) {
            EXPECT(out[64 + i] == (float)hs[y][x]);
            float want = (float)(i) / 255.0f + 2.0f + 8.0f * (float)(2 * i) / 255.0f;
            EXPECT(fabsf(out[128 + i] - want) < 1e-5f);
        }
    }
    EXPECT(out[192] == -1.0f && out[193] == -1.0f && out[194] == 0.0f && out[195] == 1.0f);

    /* the descriptors read back */
    cudaResourceDesc back;
    cudaTextureDesc tback;
    CHECK(cudaGetTextureObjectResourceDesc(&back, tp));
    EXPECT(back.resType == cudaResourceTypePitch2D && back.res.pitch2D.pitchInBytes == pitch);
    CHECK(cudaGetTextureObjectTextureDesc(&tback, ta));
    EXPECT(tback.readMode == cudaReadModeNormalizedFloat);

    /* invalid settings: linear filtering needs float results (not 32-bit integers read as
     * elements) */
    cudaTextureObject_t bad = 0;
    cudaTextureDesc tf = te;
    tf.filterMode = cudaFilterModeLinear;
    cudaResourceDesc rint = rl;
    rint.res.linear.desc = cudaCreateChannelDesc<int>();
    EXPECT_ERR(cudaCreateTextureObject(&bad, &rint, &tf, NULL), cudaErrorInvalidFilterSetting);
    cudaResourceDesc ri = rl; /* 32-bit integers cannot be read as normalised float */
    ri.res.linear.desc = cudaCreateChannelDesc<int>();
    EXPECT_ERR(cudaCreateTextureObject(&bad, &ri, &tn, NULL), cudaErrorInvalidNormSetting);
    cudaResourceDesc rbad = rl;
    rbad.res.linear.sizeInBytes = 1 << 20; /* beyond the allocation */
    if (ON_SIMT) /* refused here; CUDA does not check the size (an H200 said success) */
        EXPECT_ERR(cudaCreateTextureObject(&bad, &rbad, &te, NULL), cudaErrorInvalidValue);
    cudaGetLastError();

    CHECK(cudaDestroyTextureObject(tl));
    if (ON_SIMT) /* destroyed twice: refused here; CUDA does not check */
        EXPECT_ERR(cudaDestroyTextureObject(tl), cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(cudaDestroyTextureObject(tp));
    CHECK(cudaDestroyTextureObject(ta));
    CHECK(cudaDestroyTextureObject(ts));
    CHECK(cudaFreeArray(arr));
    CHECK(cudaFree(ps));
    CHECK(cudaFree(sc));
    CHECK(cudaFree(lin));
    CHECK(cudaFree(out));
    return cudart_finish("cudart.texture_object");
}
