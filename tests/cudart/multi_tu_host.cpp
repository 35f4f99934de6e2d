/* cudart.multi_tu, host-only C++ unit: includes the runtime API without device code. */
#include <cuda_runtime.h>
#include "multi_tu.h"

int host_expected(int i, int offset)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count != 1)
        return -1;
    return i * i + offset;
}
