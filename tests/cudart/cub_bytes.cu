/* cudart.cub_bytes: CUB's one-byte cache-modified loads and stores. cub/thread/thread_load.cuh
 * and thread_store.cuh move a char through a scratch .u8 register in a braced inline-asm block
 * ("{ .reg .u8 datum; ld.global.nc.u8 datum, [%1]; cvt.u16.u8 %0, datum;}"), which
 * DeviceSelect::Flagged reaches with char flags; the tracer used to stop such kernels as "not
 * supported". Checked against the host: Flagged with char flags, and ThreadLoad/ThreadStore of
 * unsigned char under every cache modifier in a kernel. */
#include <cub/cub.cuh>

#include "cudart_check.h"

__global__ void bytes_kernel(const unsigned char *in, unsigned char *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned char a = cub::ThreadLoad<cub::LOAD_LDG>(in + i);
    unsigned char b = cub::ThreadLoad<cub::LOAD_CG>(in + i);
    unsigned char c = cub::ThreadLoad<cub::LOAD_CS>(in + i);
    unsigned char d = cub::ThreadLoad<cub::LOAD_CV>(in + i);
    cub::ThreadStore<cub::STORE_CG>(out + 4 * i, (unsigned char)(a + 1));
    cub::ThreadStore<cub::STORE_CS>(out + 4 * i + 1, (unsigned char)(b ^ 0xff));
    cub::ThreadStore<cub::STORE_WT>(out + 4 * i + 2, (unsigned char)(c * 3));
    cub::ThreadStore<cub::STORE_WB>(out + 4 * i + 3, d);
}

int main()
{
    const int n = 1000;
    std::vector<int> vals(n);
    std::vector<char> flags(n);
    std::vector<unsigned char> bytes(n);
    for (int i = 0; i < n; i++) {
        vals[i] = i * 7 - 300;
        flags[i] = (char)(i % 3 == 0 || i % 7 == 1);
        bytes[i] = (unsigned char)(i * 37 + 11);
    }
    int *dv = cudart_dev(vals), *dout, *dnum;
    char *df = cudart_dev(flags);
    CHECK(cudaMalloc(&dout, n * sizeof(int)));
    CHECK(cudaMalloc(&dnum, sizeof(int)));
    void *tmp = NULL;
    size_t tb = 0;
    CHECK(cub::DeviceSelect::Flagged(tmp, tb, dv, df, dout, dnum, n));
    CHECK(cudaMalloc(&tmp, tb));
    CHECK(cub::DeviceSelect::Flagged(tmp, tb, dv, df, dout, dnum, n));
    CHECK(cudaDeviceSynchronize());
    std::vector<int> want;
    for (int i = 0; i < n; i++)
        if (flags[i])
            want.push_back(vals[i]);
    int got_n = cudart_host(dnum, 1)[0];
    EXPECT_EQ(got_n, want.size());
    std::vector<int> got = cudart_host(dout, want.size());
    EXPECT(got == want);

    unsigned char *din = cudart_dev(bytes), *dbo;
    CHECK(cudaMalloc(&dbo, 4 * n));
    bytes_kernel<<<(n + 127) / 128, 128>>>(din, dbo, n);
    CHECK(cudaDeviceSynchronize());
    std::vector<unsigned char> bo = cudart_host(dbo, 4 * n);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += bo[4 * i] != (unsigned char)(bytes[i] + 1) ||
               bo[4 * i + 1] != (unsigned char)(bytes[i] ^ 0xff) ||
               bo[4 * i + 2] != (unsigned char)(bytes[i] * 3) || bo[4 * i + 3] != bytes[i];
    EXPECT_EQ(bad, 0);
    CHECK(cudaFree(tmp));
    CHECK(cudaFree(dv));
    CHECK(cudaFree(df));
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dnum));
    CHECK(cudaFree(din));
    CHECK(cudaFree(dbo));
    return cudart_finish("cudart.cub_bytes");
}
