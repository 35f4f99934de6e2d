/* cudart.texture3d: a 3D CUDA array (cudaMalloc3DArray) filled with cudaMemcpy3D from host
 * memory, read point-sampled through a texture<float, 3> reference with tex3D, including
 * clamped reads outside the array, and copied back to the host with cudaMemcpy3D. */
#include <cstdio>

texture<float, cudaTextureType3D, cudaReadModeElementType> vol;

__global__ void sample(float *out, int w, int h, int d)
{
    int x = threadIdx.x, y = blockIdx.x % h, z = blockIdx.x / h;
    /* +0.5: the texel centre; point sampling takes floor of the coordinate */
    out[(z * h + y) * w + x] = tex3D(vol, x + 0.5f, y + 0.5f, z + 0.5f);
    if (x == 0 && y == 0 && z == 0)
        out[w * h * d] = tex3D(vol, -3.0f, 100.0f, 1.5f); /* clamps to (0, h-1, 1) */
}

int main()
{
    const int w = 8, h = 4, d = 3, n = w * h * d;
    float host[n], back[n], got[n + 1];
    for (int i = 0; i < n; i++)
        host[i] = 0.25f * i;
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    int bad = 0;
    if (cudaMalloc3DArray(&arr, &desc, make_cudaExtent(w, h, d), 0) != cudaSuccess) {
        printf("cudaMalloc3DArray failed\n");
        return 1;
    }
    cudaMemcpy3DParms up = {0};
    up.srcPtr = make_cudaPitchedPtr(host, w * sizeof(float), w, h);
    up.dstArray = arr;
    up.extent = make_cudaExtent(w, h, d);
    up.kind = cudaMemcpyHostToDevice;
    bad |= cudaMemcpy3D(&up) != cudaSuccess;
    bad |= cudaBindTextureToArray(vol, arr) != cudaSuccess;
    float *dout;
    cudaMalloc(&dout, sizeof got);
    sample<<<h * d, w>>>(dout, w, h, d);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        if (got[i] != host[i]) {
            printf("texel %d: %g, expected %g\n", i, got[i], host[i]);
            bad = 1;
        }
    float clamped = host[(1 * h + (h - 1)) * w + 0];
    if (got[n] != clamped) {
        printf("clamped read: %g, expected %g\n", got[n], clamped);
        bad = 1;
    }
    cudaMemcpy3DParms down = {0};
    down.srcArray = arr;
    down.dstPtr = make_cudaPitchedPtr(back, w * sizeof(float), w, h);
    down.extent = make_cudaExtent(w, h, d);
    down.kind = cudaMemcpyDeviceToHost;
    bad |= cudaMemcpy3D(&down) != cudaSuccess;
    for (int i = 0; i < n; i++)
        bad |= back[i] != host[i];
    /* an extent past the array is refused */
    down.extent = make_cudaExtent(w, h, d + 1);
    bad |= cudaMemcpy3D(&down) != cudaErrorInvalidValue;
    cudaGetLastError();
    cudaUnbindTexture(vol);
    cudaFreeArray(arr);
    printf("cudart.texture3d: %s\n", bad ? "FAIL" : "PASS");
    return bad;
}
