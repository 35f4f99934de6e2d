/* cudart.texture_filter: texture objects sampled by tex1D/2D/3D with linear filtering,
 * normalised coordinates and each address mode, against values worked out by hand from the
 * CUDA Programming Guide's definitions (texel centres at i + 0.5; weights in 9-bit fixed point
 * with 8 fractional bits; wrap and mirror only with normalised coordinates; border reads 0). */
#include <cmath>
#include <cstring>
#include "cudart_check.h"

/* texture references: the same sampling, set up through the textureReference's fields */
texture<float, cudaTextureType2D, cudaReadModeElementType> ref2;
texture<uchar4, cudaTextureType1D, cudaReadModeNormalizedFloat> refu;
__global__ void sample_refs(float *o)
{
    if (threadIdx.x != 0)
        return;
    o[0] = tex2D(ref2, 0.5f, 0.5f);          /* normalised: (2, 1.5) */
    o[1] = tex2D(ref2, 1.0f + 0.125f, 0.5f); /* (4.5, 1.5): x wraps */
    o[2] = tex1D(refu, 1.0f).w;              /* (255 + 51) / 2 / 255 */
    o[3] = tex1D(refu, NAN).x;               /* NaN reads a texel, not garbage */
}

__global__ void sample(cudaTextureObject_t t1, cudaTextureObject_t tw, cudaTextureObject_t tm,
                       cudaTextureObject_t tb, cudaTextureObject_t t2, cudaTextureObject_t tu,
                       cudaTextureObject_t t3, float *o)
{
    if (threadIdx.x != 0)
        return;
    o[0] = tex1D<float>(t1, 1.0f);  /* halfway between texels 0 and 1 */
    o[1] = tex1D<float>(t1, 1.25f); /* a quarter past texel 1's centre... from texel 0's */
    o[2] = tex1D<float>(t1, 0.25f); /* below the first centre: clamped, texel 0 */
    o[3] = tex1D<float>(t1, 4.0f);  /* above the last centre: texel 3 */
    o[4] = tex1D<float>(t1, 1.0f + 1.0f / 1024); /* the weight rounds to 8 fractional bits */
    o[5] = tex1D<float>(tw, 1.125f);             /* normalised 4.5: point, wraps to texel 0 */
    o[6] = tex1D<float>(tm, 1.125f);             /* mirrors to texel 3 */
    o[7] = tex1D<float>(tm, -0.125f);            /* -0.5 -> texel -1 -> mirrored texel 0 */
    o[8] = tex1D<float>(tb, 5.0f);               /* outside, border: 0 */
    o[9] = tex1D<float>(tb, 2.5f);               /* inside: texel 2 */
    o[10] = tex2D<float>(t2, 1.5f, 1.0f);        /* between rows 0 and 1 at column 1 */
    o[11] = tex2D<float>(t2, 2.0f, 2.0f);        /* the four texels (1..2, 1..2) equally */
    float4 u = tex2D<float4>(tu, 1.0f, 0.5f);    /* uchar4 read as normalised float, filtered */
    o[12] = u.x;
    o[13] = u.w;
    o[14] = tex3D<float>(t3, 1.0f, 1.0f, 1.0f); /* the centre of a 2x2x2 array: the mean */
}

static cudaTextureDesc desc(cudaTextureFilterMode f, int norm, cudaTextureAddressMode a,
                            cudaTextureReadMode r = cudaReadModeElementType)
{
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = a;
    td.filterMode = f;
    td.normalizedCoords = norm;
    td.readMode = r;
    return td;
}

int main()
{
    /* 1D: texels 0, 10, 20, 30 */
    float *lin;
    const float h1[4] = {0, 10, 20, 30};
    CHECK(cudaMalloc(&lin, sizeof h1));
    CHECK(cudaMemcpy(lin, h1, sizeof h1, cudaMemcpyHostToDevice));
    cudaResourceDesc r1;
    memset(&r1, 0, sizeof r1);
    r1.resType = cudaResourceTypeLinear;
    r1.res.linear.devPtr = lin;
    r1.res.linear.desc = cudaCreateChannelDesc<float>();
    r1.res.linear.sizeInBytes = sizeof h1;
    cudaTextureObject_t t1, tw, tm, tb, t2, tu, t3;
    cudaTextureDesc d;
    d = desc(cudaFilterModeLinear, 0, cudaAddressModeClamp);
    CHECK(cudaCreateTextureObject(&t1, &r1, &d, NULL));
    d = desc(cudaFilterModePoint, 1, cudaAddressModeWrap);
    CHECK(cudaCreateTextureObject(&tw, &r1, &d, NULL));
    d = desc(cudaFilterModePoint, 1, cudaAddressModeMirror);
    CHECK(cudaCreateTextureObject(&tm, &r1, &d, NULL));
    d = desc(cudaFilterModePoint, 0, cudaAddressModeBorder);
    CHECK(cudaCreateTextureObject(&tb, &r1, &d, NULL));

    /* 2D pitched floats 4 x 3: value 100 y + x */
    float *p2;
    size_t pitch;
    CHECK(cudaMallocPitch(&p2, &pitch, 4 * sizeof(float), 3));
    float h2[3][4];
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++)
            h2[y][x] = 100.0f * y + x;
    CHECK(cudaMemcpy2D(p2, pitch, h2, sizeof h2[0], sizeof h2[0], 3, cudaMemcpyHostToDevice));
    cudaResourceDesc r2;
    memset(&r2, 0, sizeof r2);
    r2.resType = cudaResourceTypePitch2D;
    r2.res.pitch2D.devPtr = p2;
    r2.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    r2.res.pitch2D.width = 4;
    r2.res.pitch2D.height = 3;
    r2.res.pitch2D.pitchInBytes = pitch;
    d = desc(cudaFilterModeLinear, 0, cudaAddressModeClamp);
    CHECK(cudaCreateTextureObject(&t2, &r2, &d, NULL));

    /* 2D uchar4 2 x 1: (0, 0, 0, 255) and (255, 0, 0, 51) */
    uchar4 *pu;
    size_t pitchu;
    CHECK(cudaMallocPitch(&pu, &pitchu, 2 * sizeof(uchar4), 1));
    const uchar4 hu[2] = {make_uchar4(0, 0, 0, 255), make_uchar4(255, 0, 0, 51)};
    CHECK(cudaMemcpy(pu, hu, sizeof hu, cudaMemcpyHostToDevice));
    cudaResourceDesc ru = r2;
    ru.res.pitch2D.devPtr = pu;
    ru.res.pitch2D.desc = cudaCreateChannelDesc<uchar4>();
    ru.res.pitch2D.width = 2;
    ru.res.pitch2D.height = 1;
    ru.res.pitch2D.pitchInBytes = pitchu;
    d = desc(cudaFilterModeLinear, 0, cudaAddressModeClamp, cudaReadModeNormalizedFloat);
    CHECK(cudaCreateTextureObject(&tu, &ru, &d, NULL));

    /* 3D array 2 x 2 x 2 of floats 0..7 */
    cudaArray_t a3;
    cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
    CHECK(cudaMalloc3DArray(&a3, &cf, make_cudaExtent(2, 2, 2)));
    float h3[8];
    for (int i = 0; i < 8; i++)
        h3[i] = (float)i;
    cudaMemcpy3DParms cp;
    memset(&cp, 0, sizeof cp);
    cp.srcPtr = make_cudaPitchedPtr(h3, 2 * sizeof(float), 2, 2);
    cp.dstArray = a3;
    cp.extent = make_cudaExtent(2, 2, 2);
    cp.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&cp));
    cudaResourceDesc r3;
    memset(&r3, 0, sizeof r3);
    r3.resType = cudaResourceTypeArray;
    r3.res.array.array = a3;
    d = desc(cudaFilterModeLinear, 0, cudaAddressModeClamp);
    CHECK(cudaCreateTextureObject(&t3, &r3, &d, NULL));

    float *o;
    CHECK(cudaMallocManaged(&o, 16 * sizeof(float)));
    sample<<<1, 32>>>(t1, tw, tm, tb, t2, tu, t3, o);
    CHECK(cudaDeviceSynchronize());
    EXPECT(o[0] == 5.0f);
    EXPECT(o[1] == 7.5f);
    EXPECT(o[2] == 0.0f);
    EXPECT(o[3] == 30.0f);
    EXPECT(o[4] == 5.0f); /* 0.5 + 2^-10 rounds to 128/256 */
    EXPECT(o[5] == 0.0f);
    EXPECT(o[6] == 30.0f);
    EXPECT(o[7] == 0.0f);
    EXPECT(o[8] == 0.0f);
    EXPECT(o[9] == 20.0f);
    EXPECT(o[10] == 51.0f);  /* x: texel 1 (weight 1); y: rows 0 and 1 halfway: 1 + 50 */
    EXPECT(o[11] == 151.5f); /* (101 + 102 + 201 + 202) / 4 */
    EXPECT(fabsf(o[12] - 0.5f) < 1e-6f);
    EXPECT(fabsf(o[13] - 0.6f) < 1e-6f); /* (1 + 0.2) / 2 */
    EXPECT(o[14] == 3.5f);
    /* references */
    ref2.filterMode = cudaFilterModeLinear;
    ref2.normalized = 1;
    ref2.addressMode[0] = ref2.addressMode[1] = cudaAddressModeWrap;
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    CHECK(cudaBindTexture2D(NULL, ref2, p2, fd, 4, 3, pitch));
    refu.filterMode = cudaFilterModeLinear;
    cudaChannelFormatDesc ud = cudaCreateChannelDesc<uchar4>();
    CHECK(cudaBindTexture(NULL, refu, pu, ud, 2 * sizeof(uchar4)));
    sample_refs<<<1, 32>>>(o);
    CHECK(cudaDeviceSynchronize());
    /* (2, 1.5) less the half texel: x 1.5 (columns 1 and 2 equally), y 1 (row 1 only) */
    EXPECT(o[0] == 101.5f);
    /* (4.5, 1.5): x 4.0, column 4, which wraps to column 0; row 1 */
    EXPECT(o[1] == 100.0f);
    EXPECT(fabsf(o[2] - 0.6f) < 1e-6f);
    EXPECT(o[3] == 0.0f || o[3] == 1.0f);
    return cudart_finish("cudart.texture_filter");
}
