/* cudart.graphs: CUDA graphs - a stream capture (kernels, an async copy and memset, a host
 * function, and a second stream joined through an event) records instead of running, and the
 * instantiated graph replays the work each time it is launched, with the arguments of the
 * capture; the explicit API (kernel, memset, memcpy, host and empty nodes, dependencies)
 * builds the same; CUDA 11's five-argument cudaGraphInstantiate works too; kernel parameters
 * of an instantiated graph change, and an update from a graph of the same nodes applies (one
 * of other nodes is refused). */
#include <cstring>
#include "cudart_check.h"

/* CUDA 13 added edge data to these (NULL: full edges, the only kind here) */
#if CUDART_VERSION >= 13000 || ON_SIMT
#define EDGES(g, f, t, n)  cudaGraphGetEdges(g, f, t, (cudaGraphEdgeData *)NULL, n)
#define REMOVE(g, f, t, n) cudaGraphRemoveDependencies(g, f, t, (const cudaGraphEdgeData *)NULL, n)
#else
#define EDGES(g, f, t, n)  cudaGraphGetEdges(g, f, t, n)
#define REMOVE(g, f, t, n) cudaGraphRemoveDependencies(g, f, t, n)
#endif

__global__ void add(int *a, int v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += v;
}
__global__ void twice(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2;
}
static void count(void *p)
{
    ++*(int *)p;
}

int main()
{
    const int n = 1000;
    int *d, *h;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMallocHost(&h, n * sizeof(int)));
    cudaStream_t s, s2;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaStreamCreate(&s2));
    cudaEvent_t fork, join;
    CHECK(cudaEventCreate(&fork));
    CHECK(cudaEventCreate(&join));
    int hosts = 0;

    CHECK(cudaMemset(d, 0, n * sizeof(int)));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    cudaStreamCaptureStatus st;
    CHECK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusActive);
    int v = 3;
    add<<<(n + 255) / 256, 256, 0, s>>>(d, v, n); /* captured with v = 3 */
    v = 100;                                      /* later changes do not matter */
    /* the capture's id and graph, and what the next work depends on (CUDA 12's form) */
    unsigned long long cid = 0;
    cudaGraph_t during = NULL;
    const cudaGraphNode_t *cdeps = NULL;
    size_t ncdeps = 9;
    CHECK(cudaStreamGetCaptureInfo(s, &st, &cid, &during, &cdeps, &ncdeps));
    EXPECT(st == cudaStreamCaptureStatusActive && cid != 0 && during != NULL);
    EXPECT(ncdeps == 1 && cdeps != NULL);
    CHECK(cudaEventRecord(fork, s));
    CHECK(cudaStreamWaitEvent(s2, fork, 0)); /* s2 joins the capture */
    twice<<<(n + 255) / 256, 256, 0, s2>>>(d, n);
    CHECK(cudaEventRecord(join, s2));
    CHECK(cudaStreamWaitEvent(s, join, 0));
    CHECK(cudaLaunchHostFunc(s, count, &hosts));
    CHECK(cudaMemcpyAsync(h, d, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    cudaGraph_t g;
    CHECK(cudaStreamEndCapture(s, &g));
    EXPECT(g == during);
    CHECK(cudaStreamGetCaptureInfo(s, &st));
    EXPECT(st == cudaStreamCaptureStatusNone);
    CHECK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusNone);
    EXPECT(hosts == 0); /* nothing ran during the capture */
    CHECK(cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 0);
    size_t nn = 0;
    CHECK(cudaGraphGetNodes(g, NULL, &nn));
    EXPECT(nn == 4);
    CHECK(EDGES(g, NULL, NULL, &nn)); /* add -> twice -> host -> copy */
    EXPECT_EQ(nn, 3);

    cudaGraphExec_t x;
    cudaGraph_t gc; /* a clone has the same nodes and edges */
    CHECK(cudaGraphClone(&gc, g));
    CHECK(cudaGraphGetNodes(gc, NULL, &nn));
    EXPECT_EQ(nn, 4);
    CHECK(EDGES(gc, NULL, NULL, &nn));
    EXPECT_EQ(nn, 3);
    CHECK(cudaGraphDestroy(gc));
    CHECK(cudaGraphInstantiate(&x, g, NULL, NULL, 0)); /* CUDA 11's form */
    CHECK(cudaGraphUpload(x, s));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[0] == 6 && h[n - 1] == 6 && hosts == 1); /* (0 + 3) * 2 */
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[7] == 18 && hosts == 2); /* (6 + 3) * 2 */
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));

    /* the explicit API: memset to 5, add 1, copy out, count */
    cudaGraph_t e;
    CHECK(cudaGraphCreate(&e, 0));
    cudaGraphNode_t ms, k, cp, hn, em;
    cudaMemsetParams mp;
    memset(&mp, 0, sizeof mp);
    mp.dst = d;
    mp.value = 5;
    mp.elementSize = 4;
    mp.width = n;
    mp.height = 1;
    CHECK(cudaGraphAddMemsetNode(&ms, e, NULL, 0, &mp));
    int one = 1, nv = n;
    void *args[] = {&d, &one, &nv};
    cudaKernelNodeParams kp;
    memset(&kp, 0, sizeof kp);
    kp.func = (void *)add;
    kp.gridDim = dim3((n + 127) / 128);
    kp.blockDim = dim3(128);
    kp.kernelParams = args;
    CHECK(cudaGraphAddKernelNode(&k, e, &ms, 1, &kp));
    CHECK(cudaGraphAddMemcpyNode1D(&cp, e, &k, 1, h, d, n * sizeof(int), cudaMemcpyDeviceToHost));
    cudaHostNodeParams hp = {count, &hosts};
    CHECK(cudaGraphAddHostNode(&hn, e, &cp, 1, &hp));
    CHECK(cudaGraphAddEmptyNode(&em, e, &hn, 1));
#if CUDART_VERSION >= 13000 || ON_SIMT /* CUDA 13: with edge data (NULL: full dependencies) */
    CHECK(cudaGraphAddDependencies(e, &ms, &cp, (const cudaGraphEdgeData *)NULL, 1));
#else
    CHECK(cudaGraphAddDependencies(e, &ms, &cp, 1));
#endif
#if ON_SIMT /* a cycle: refused here (CUDA leaves it to instantiation) */
    EXPECT_ERR(cudaGraphAddDependencies(e, &cp, &ms, 1), cudaErrorNotSupported);
    cudaGetLastError();
#endif
    /* the edges: ms->k, k->cp, cp->hn, hn->em and ms->cp; removing one, twice */
    size_t ne = 0;
    cudaGraphNode_t ef[8], et[8];
    CHECK(EDGES(e, NULL, NULL, &ne));
    EXPECT_EQ(ne, 5);
    ne = 8;
    CHECK(EDGES(e, ef, et, &ne));
    int found = 0;
    for (size_t i = 0; i < ne; i++)
        found += (ef[i] == ms && et[i] == cp) + (ef[i] == hn && et[i] == em);
    EXPECT(ne == 5 && found == 2);
    CHECK(REMOVE(e, &ms, &cp, 1));
    CHECK(EDGES(e, NULL, NULL, &ne));
    EXPECT_EQ(ne, 4);
    EXPECT_ERR(REMOVE(e, &ms, &cp, 1), cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(cudaGraphInstantiate(&x, e, 0)); /* CUDA 12's form */
    memset(h, 0, n * sizeof(int));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[0] == 6 && h[n - 1] == 6 && hosts == 3);
    /* new kernel arguments in the instantiated graph: add 10 instead of 1 */
    int ten = 10;
    void *args10[] = {&d, &ten, &nv};
    kp.kernelParams = args10;
    CHECK(cudaGraphExecKernelNodeSetParams(x, k, &kp));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[0] == 15 && h[n - 1] == 15 && hosts == 4);
    /* an update from a graph of the same nodes; one of other nodes is refused */
    kp.kernelParams = args;
    cudaGraph_t e2;
    CHECK(cudaGraphCreate(&e2, 0));
    CHECK(cudaGraphAddMemsetNode(&ms, e2, NULL, 0, &mp));
    CHECK(cudaGraphAddKernelNode(&k, e2, &ms, 1, &kp));
    CHECK(cudaGraphAddKernelNode(&k, e2, &ms, 1, &kp)); /* add 1 twice */
    CHECK(cudaGraphAddHostNode(&hn, e2, &k, 1, &hp));
    CHECK(cudaGraphAddEmptyNode(&em, e2, &hn, 1));
    cudaGraphNode_t bad = NULL;
    cudaGraphExecUpdateResult res = cudaGraphExecUpdateSuccess;
    EXPECT_ERR(cudaGraphExecUpdate(x, e2, &bad, &res), cudaErrorGraphExecUpdateFailure);
    EXPECT_EQ(res, cudaGraphExecUpdateErrorTopologyChanged); /* the edges differ (as on an H200) */
    cudaGetLastError();
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphInstantiate(&x, e2, 0));
    /* the same edges, a memset where e2 has its second kernel: that node's type changed */
    cudaGraph_t e4;
    cudaGraphNode_t m2;
    CHECK(cudaGraphCreate(&e4, 0));
    CHECK(cudaGraphAddMemsetNode(&ms, e4, NULL, 0, &mp));
    CHECK(cudaGraphAddKernelNode(&k, e4, &ms, 1, &kp));
    CHECK(cudaGraphAddMemsetNode(&m2, e4, &ms, 1, &mp));
    CHECK(cudaGraphAddHostNode(&hn, e4, &m2, 1, &hp));
    CHECK(cudaGraphAddEmptyNode(&em, e4, &hn, 1));
    bad = NULL;
    EXPECT_ERR(cudaGraphExecUpdate(x, e4, &bad, &res), cudaErrorGraphExecUpdateFailure);
    EXPECT_EQ(res, cudaGraphExecUpdateErrorNodeTypeChanged);
    EXPECT(bad == m2);
    cudaGetLastError();
    CHECK(cudaGraphDestroy(e4));
    cudaGraph_t e3;
    CHECK(cudaGraphCreate(&e3, 0));
    mp.value = 50;
    CHECK(cudaGraphAddMemsetNode(&ms, e3, NULL, 0, &mp));
    CHECK(cudaGraphAddKernelNode(&k, e3, &ms, 1, &kp));
    CHECK(cudaGraphAddKernelNode(&k, e3, &ms, 1, &kp));
    CHECK(cudaGraphAddHostNode(&hn, e3, &k, 1, &hp));
    CHECK(cudaGraphAddEmptyNode(&em, e3, &hn, 1));
    cudaGraphExecUpdateResultInfo info;
    CHECK(cudaGraphExecUpdate(x, e3, &info)); /* CUDA 12's form */
    EXPECT(info.result == cudaGraphExecUpdateSuccess);
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 52 && hosts == 5);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(e));
    CHECK(cudaGraphDestroy(e2));
    CHECK(cudaGraphDestroy(e3));
    EXPECT_ERR(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal),
               cudaErrorStreamCaptureUnsupported);
    cudaGetLastError();
    return cudart_finish("cudart.graphs");
}
