/* cudart.graphs_nodes: the node-level graph API - node handles that name one node (types,
 * parameters read back and changed, dependencies, root nodes, destroying a node, finding a
 * node in a clone), 3D/2D copy nodes, copies to and from a variable, child graphs (copied when
 * added), event record and wait nodes, memory allocation and free nodes (explicit and by
 * cudaMallocAsync/cudaFreeAsync in a capture), parameters of an instantiated graph changed
 * node by node, a graph launched into a capture, cudaGraphDebugDotPrint, and the errors of
 * bad handles and of nodes of the wrong type. */
#include <cstdio>
#include <cstring>
#include "cudart_check.h"

/* CUDA 13 added edge data to these (NULL: full edges, the only kind here) */
#if CUDART_VERSION >= 13000 || ON_SIMT
#define DEPS(nd, d, n)       cudaGraphNodeGetDependencies(nd, d, (cudaGraphEdgeData *)NULL, n)
#define DEPENDENTS(nd, d, n) cudaGraphNodeGetDependentNodes(nd, d, (cudaGraphEdgeData *)NULL, n)
#else
#define DEPS(nd, d, n)       cudaGraphNodeGetDependencies(nd, d, n)
#define DEPENDENTS(nd, d, n) cudaGraphNodeGetDependentNodes(nd, d, n)
#endif

__device__ int dsym[4];

__global__ void add(int *a, int v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += v;
}
static void count(void *p)
{
    ++*(int *)p;
}
static void count10(void *p)
{
    *(int *)p += 10;
}

static cudaKernelNodeParams kparams(void **args, int n)
{
    cudaKernelNodeParams kp;
    memset(&kp, 0, sizeof kp);
    kp.func = (void *)add;
    kp.gridDim = dim3((n + 127) / 128);
    kp.blockDim = dim3(128);
    kp.kernelParams = args;
    return kp;
}

static cudaMemsetParams msparams(void *dst, unsigned value, size_t width)
{
    cudaMemsetParams mp;
    memset(&mp, 0, sizeof mp);
    mp.dst = dst;
    mp.value = value;
    mp.elementSize = 4;
    mp.width = width;
    mp.height = 1;
    return mp;
}

static unsigned long long graph_mem(cudaGraphMemAttributeType a)
{
    unsigned long long v = 0;
    CHECK(cudaDeviceGetGraphMemAttribute(0, a, &v));
    return v;
}

int main()
{
    const int n = 256;
    int *d, *d2, *h;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMalloc(&d2, n * sizeof(int)));
    CHECK(cudaMallocHost(&h, n * sizeof(int)));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    int hosts = 0;
    for (int i = 0; i < n; i++)
        h[i] = i;

    /* --- a graph: 3D copy in, kernel, memset, 2D copy out, host; node types and lists --- */
    cudaGraph_t g;
    CHECK(cudaGraphCreate(&g, 0));
    cudaGraphNode_t cin, k, ms, cout, hn;
    cudaMemcpy3DParms cp;
    memset(&cp, 0, sizeof cp);
    cp.srcPtr = make_cudaPitchedPtr(h, n * sizeof(int), n, 1);
    cp.dstPtr = make_cudaPitchedPtr(d, n * sizeof(int), n, 1);
    cp.extent = make_cudaExtent(n * sizeof(int), 1, 1);
    cp.kind = cudaMemcpyHostToDevice;
    CHECK(cudaGraphAddMemcpyNode(&cin, g, NULL, 0, &cp));
    int one = 1, nv = n;
    void *args[] = {&d, &one, &nv};
    cudaKernelNodeParams kp = kparams(args, n);
    CHECK(cudaGraphAddKernelNode(&k, g, &cin, 1, &kp));
    cudaMemsetParams mp = msparams(d2, 7, n);
    CHECK(cudaGraphAddMemsetNode(&ms, g, NULL, 0, &mp));
    /* out: rows of 16 ints, 2D (d -> h) */
    cudaMemcpy3DParms cp2;
    memset(&cp2, 0, sizeof cp2);
    cp2.srcPtr = make_cudaPitchedPtr(d, 16 * sizeof(int), 16, n / 16);
    cp2.dstPtr = make_cudaPitchedPtr(h, 16 * sizeof(int), 16, n / 16);
    cp2.extent = make_cudaExtent(16 * sizeof(int), n / 16, 1);
    cp2.kind = cudaMemcpyDeviceToHost;
    cudaGraphNode_t kms[] = {k, ms};
    CHECK(cudaGraphAddMemcpyNode(&cout, g, kms, 2, &cp2));
    cudaHostNodeParams hp = {count, &hosts};
    CHECK(cudaGraphAddHostNode(&hn, g, &cout, 1, &hp));

    cudaGraphNodeType t;
    CHECK(cudaGraphNodeGetType(cin, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeMemcpy);
    CHECK(cudaGraphNodeGetType(k, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeKernel);
    CHECK(cudaGraphNodeGetType(ms, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeMemset);
    CHECK(cudaGraphNodeGetType(hn, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeHost);
    size_t nn = 0;
    cudaGraphNode_t list[8];
    CHECK(cudaGraphGetRootNodes(g, NULL, &nn));
    EXPECT_EQ(nn, 2);
    nn = 8;
    CHECK(cudaGraphGetRootNodes(g, list, &nn));
    EXPECT(nn == 2 && list[0] == cin && list[1] == ms && list[2] == NULL);
    CHECK(DEPS(cout, NULL, &nn));
    EXPECT_EQ(nn, 2);
    nn = 1; /* fewer than there are: that many */
    CHECK(DEPS(cout, list, &nn));
    EXPECT(nn == 1 && list[0] == k);
    CHECK(DEPENDENTS(k, NULL, &nn));
    EXPECT_EQ(nn, 1);
    nn = 4;
    CHECK(DEPENDENTS(cin, list, &nn));
    EXPECT(nn == 1 && list[0] == k);
    CHECK(DEPS(cin, NULL, &nn));
    EXPECT_EQ(nn, 0);
    nn = 8;
    CHECK(cudaGraphGetNodes(g, list, &nn));
    EXPECT(nn == 5 && list[0] == cin && list[4] == hn && list[5] == NULL);

    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[0] == 1 && h[n - 1] == n && hosts == 1);
    int hv[n];
    CHECK(cudaMemcpy(hv, d2, sizeof hv, cudaMemcpyDeviceToHost));
    EXPECT(hv[0] == 7 && hv[n - 1] == 7);

    /* --- parameters read back and changed in the graph (the instantiation keeps its own) --- */
    cudaKernelNodeParams kq;
    CHECK(cudaGraphKernelNodeGetParams(k, &kq));
    EXPECT(kq.func == (void *)add && kq.gridDim.x == 2 && kq.blockDim.x == 128 &&
           kq.extra == NULL && *(int *)kq.kernelParams[1] == 1);
    int five = 5;
    void *args5[] = {&d, &five, &nv};
    kq.kernelParams = args5;
    CHECK(cudaGraphKernelNodeSetParams(k, &kq));
    CHECK(cudaGraphKernelNodeGetParams(k, &kq));
    EXPECT(*(int *)kq.kernelParams[1] == 5);
    cudaMemsetParams mq;
    CHECK(cudaGraphMemsetNodeGetParams(ms, &mq));
    EXPECT(mq.dst == d2 && mq.value == 7 && mq.elementSize == 4 && mq.width == (size_t)n);
    mq.value = 9;
    CHECK(cudaGraphMemsetNodeSetParams(ms, &mq));
    cudaHostNodeParams hq;
    CHECK(cudaGraphHostNodeGetParams(hn, &hq));
    EXPECT(hq.fn == count && hq.userData == &hosts);
    hq.fn = count10;
    CHECK(cudaGraphHostNodeSetParams(hn, &hq));
    cudaMemcpy3DParms cq;
    CHECK(cudaGraphMemcpyNodeGetParams(cin, &cq));
    EXPECT(cq.srcPtr.ptr == h && cq.dstPtr.ptr == d && cq.extent.width == n * sizeof(int) &&
           cq.kind == cudaMemcpyHostToDevice);
    CHECK(cudaGraphMemcpyNodeSetParams(cin, &cq));
    for (int i = 0; i < n; i++)
        h[i] = i;
    CHECK(cudaGraphLaunch(x, s)); /* the instantiation: as before */
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[0] == 1 && hosts == 2);
    CHECK(cudaGraphExecDestroy(x));
    for (int i = 0; i < n; i++)
        h[i] = i;
    CHECK(cudaGraphInstantiate(&x, g, 0)); /* the changed graph */
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(hv, d2, sizeof hv, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 5 && h[9] == 14 && hosts == 12 && hv[3] == 9);

    /* --- node by node in the instantiated graph --- */
    mq.value = 11;
    CHECK(cudaGraphExecMemsetNodeSetParams(x, ms, &mq));
    hq.fn = count;
    CHECK(cudaGraphExecHostNodeSetParams(x, hn, &hq));
    kq.kernelParams = args;
    CHECK(cudaGraphExecKernelNodeSetParams(x, k, &kq));
    CHECK(cudaGraphExecMemcpyNodeSetParams(x, cin, &cp));
    for (int i = 0; i < n; i++)
        h[i] = 100;
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(hv, d2, sizeof hv, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 101 && hosts == 13 && hv[0] == 11);
    unsigned long long xf = 99;
    CHECK(cudaGraphExecGetFlags(x, &xf));
    EXPECT_EQ(xf, 0);
    /* wrong node types, bad handles */
    EXPECT_ERR(cudaGraphExecMemsetNodeSetParams(x, k, &mq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphExecHostNodeSetParams(x, ms, &hq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphExecKernelNodeSetParams(x, hn, &kq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphExecMemcpyNodeSetParams(x, k, &cp), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphKernelNodeGetParams(ms, &kq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphMemsetNodeGetParams(k, &mq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphHostNodeGetParams(k, &hq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphMemcpyNodeGetParams(hn, &cq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphHostNodeSetParams(ms, &hq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphNodeGetType(NULL, &t), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphNodeGetType(k, NULL), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphGetRootNodes(NULL, NULL, &nn), cudaErrorInvalidValue);
    EXPECT_ERR(DEPS(NULL, NULL, &nn), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphExecGetFlags(NULL, &xf), cudaErrorInvalidValue);
    mq.elementSize = 3;
    EXPECT_ERR(cudaGraphMemsetNodeSetParams(ms, &mq), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphAddMemcpyNode(&cin, g, NULL, 0, NULL), cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(cudaGraphExecDestroy(x));

    /* --- a clone: new nodes, found through the originals; destroying a node --- */
    cudaGraph_t gc;
    CHECK(cudaGraphClone(&gc, g));
    cudaGraphNode_t kc, msc;
    CHECK(cudaGraphNodeFindInClone(&kc, k, gc));
    CHECK(cudaGraphNodeFindInClone(&msc, ms, gc));
    EXPECT(kc != k && msc != ms);
    CHECK(cudaGraphNodeGetType(kc, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeKernel);
    EXPECT_ERR(cudaGraphNodeFindInClone(&kc, kc, gc), cudaErrorInvalidValue); /* not g's */
    cudaGetLastError();
    CHECK(cudaGraphDestroyNode(msc)); /* its edge (msc -> cout) goes with it */
    CHECK(cudaGraphGetNodes(gc, NULL, &nn));
    EXPECT_EQ(nn, 4);
    CHECK(cudaGraphGetEdges(gc, NULL, NULL, &nn));
    EXPECT_EQ(nn, 3);
    CHECK(cudaGraphGetNodes(g, NULL, &nn)); /* the original keeps its nodes */
    EXPECT_EQ(nn, 5);
#if ON_SIMT /* a destroyed node's handle (undefined in CUDA) */
    EXPECT_ERR(cudaGraphNodeGetType(msc, &t), cudaErrorInvalidValue);
    cudaGetLastError();
#endif
    CHECK(cudaGraphNodeFindInClone(&kc, k, gc)); /* the other handles stay */
    nn = 4;
    CHECK(DEPENDENTS(kc, list, &nn));
    EXPECT(nn == 1);
    CHECK(cudaGraphNodeGetType(list[0], &t));
    EXPECT_EQ(t, cudaGraphNodeTypeMemcpy);
    CHECK(cudaGraphDestroy(gc));

    /* --- child graphs: copied when added --- */
    cudaGraph_t child, parent;
    CHECK(cudaGraphCreate(&child, 0));
    CHECK(cudaGraphCreate(&parent, 0));
    cudaGraphNode_t ck, c1, c2, pm;
    CHECK(cudaGraphAddKernelNode(&ck, child, NULL, 0, &kp)); /* d += 1 */
    mp = msparams(d, 0, n);
    CHECK(cudaGraphAddMemsetNode(&pm, parent, NULL, 0, &mp));
    CHECK(cudaGraphAddChildGraphNode(&c1, parent, &pm, 1, child));
    CHECK(cudaGraphAddChildGraphNode(&c2, parent, &c1, 1, child));
    CHECK(cudaGraphAddKernelNode(&ck, child, &ck, 1, &kp)); /* not in the nodes added */
    CHECK(cudaGraphNodeGetType(c1, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeGraph);
    cudaGraph_t inner;
    CHECK(cudaGraphChildGraphNodeGetGraph(c2, &inner));
    EXPECT(inner != child);
    CHECK(cudaGraphGetNodes(inner, NULL, &nn));
    EXPECT_EQ(nn, 1);
    EXPECT_ERR(cudaGraphChildGraphNodeGetGraph(pm, &inner), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphAddChildGraphNode(&c1, parent, NULL, 0, NULL), cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(cudaGraphInstantiate(&x, parent, 0));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaMemcpy(hv, d, sizeof hv, cudaMemcpyDeviceToHost));
    EXPECT(hv[0] == 2 && hv[n - 1] == 2);
    /* the child of the instantiation takes a graph of the same nodes: add 5 */
    cudaGraph_t child5;
    CHECK(cudaGraphCreate(&child5, 0));
    void *args5b[] = {&d, &five, &nv};
    cudaKernelNodeParams kp5 = kparams(args5b, n);
    CHECK(cudaGraphAddKernelNode(&ck, child5, NULL, 0, &kp5));
    CHECK(cudaGraphExecChildGraphNodeSetParams(x, c2, child5));
    EXPECT_ERR(cudaGraphExecChildGraphNodeSetParams(x, c2, child), cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaMemcpy(hv, d, sizeof hv, cudaMemcpyDeviceToHost));
    EXPECT(hv[0] == 6); /* 0 + 1 + 5 */
    CHECK(cudaGraphExecDestroy(x));
    /* a graph launched into a capture becomes a child graph node there */
    CHECK(cudaGraphInstantiate(&x, parent, 0));
    cudaGraph_t cap;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamEndCapture(s, &cap));
    nn = 8;
    CHECK(cudaGraphGetNodes(cap, list, &nn));
    EXPECT(nn == 2);
    CHECK(cudaGraphNodeGetType(list[1], &t));
    EXPECT_EQ(t, cudaGraphNodeTypeGraph);
    CHECK(cudaGraphDestroy(cap));
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(child));
    CHECK(cudaGraphDestroy(child5));
    CHECK(cudaGraphDestroy(parent));

    /* --- event record and wait nodes, copies to and from a variable --- */
    cudaEvent_t ev, ev2;
    CHECK(cudaEventCreate(&ev));
    CHECK(cudaEventCreate(&ev2));
    cudaGraph_t ge;
    CHECK(cudaGraphCreate(&ge, 0));
    cudaGraphNode_t er, ew, ts, fs;
    int in4[4] = {4, 3, 2, 1}, out4[4] = {0, 0, 0, 0};
    CHECK(cudaGraphAddMemcpyNodeToSymbol(&ts, ge, NULL, 0, dsym, in4, sizeof in4, 0,
                                         cudaMemcpyHostToDevice));
    CHECK(cudaGraphAddEventRecordNode(&er, ge, &ts, 1, ev));
    CHECK(cudaGraphAddEventWaitNode(&ew, ge, &er, 1, ev));
    CHECK(cudaGraphAddMemcpyNodeFromSymbol(&fs, ge, &ew, 1, out4, dsym, 2 * sizeof(int),
                                           2 * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT_ERR(cudaGraphAddMemcpyNodeToSymbol(&ts, ge, NULL, 0, dsym, in4, sizeof in4, 4,
                                              cudaMemcpyHostToDevice),
               cudaErrorInvalidValue); /* past its end */
    cudaGetLastError();
    CHECK(cudaGraphNodeGetType(er, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeEventRecord);
    CHECK(cudaGraphNodeGetType(ew, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeWaitEvent);
    cudaEvent_t got = NULL;
    CHECK(cudaGraphEventRecordNodeGetEvent(er, &got));
    EXPECT(got == ev);
    CHECK(cudaGraphEventRecordNodeSetEvent(er, ev2));
    CHECK(cudaGraphEventWaitNodeSetEvent(ew, ev2));
    CHECK(cudaGraphEventWaitNodeGetEvent(ew, &got));
    EXPECT(got == ev2);
    EXPECT_ERR(cudaGraphEventWaitNodeGetEvent(er, &got), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphEventRecordNodeSetEvent(ew, ev), cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(cudaGraphInstantiate(&x, ge, 0));
    CHECK(cudaGraphExecEventRecordNodeSetEvent(x, er, ev));
    CHECK(cudaGraphExecEventWaitNodeSetEvent(x, ew, ev));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaEventQuery(ev));
    EXPECT(out4[0] == 2 && out4[1] == 1);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(ge));

    /* --- memory allocation and free nodes --- */
    cudaGraph_t gm;
    CHECK(cudaGraphCreate(&gm, 0));
    cudaMemAllocNodeParams ap;
    memset(&ap, 0, sizeof ap);
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.poolProps.location.id = 0;
    ap.bytesize = n * sizeof(int);
    cudaGraphNode_t an, mz, ka, co, fn;
    CHECK(cudaGraphAddMemAllocNode(&an, gm, NULL, 0, &ap));
    int *da = (int *)ap.dptr;
    EXPECT(da != NULL);
    mp = msparams(da, 3, n);
    CHECK(cudaGraphAddMemsetNode(&mz, gm, &an, 1, &mp));
    void *argsa[] = {&da, &one, &nv};
    cudaKernelNodeParams kpa = kparams(argsa, n);
    CHECK(cudaGraphAddKernelNode(&ka, gm, &mz, 1, &kpa));
    CHECK(
        cudaGraphAddMemcpyNode1D(&co, gm, &ka, 1, h, da, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaGraphAddMemFreeNode(&fn, gm, &co, 1, da));
    EXPECT_ERR(cudaGraphAddMemFreeNode(&fn, gm, &co, 1, da), cudaErrorInvalidValue); /* twice */
    EXPECT_ERR(cudaGraphAddMemFreeNode(&fn, gm, &co, 1, d), cudaErrorInvalidValue);  /* not one */
    cudaGetLastError();
    CHECK(cudaGraphNodeGetType(an, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeMemAlloc);
    CHECK(cudaGraphNodeGetType(fn, &t));
    EXPECT_EQ(t, cudaGraphNodeTypeMemFree);
    cudaMemAllocNodeParams aq;
    CHECK(cudaGraphMemAllocNodeGetParams(an, &aq));
    EXPECT(aq.dptr == da && aq.bytesize == n * sizeof(int) &&
           aq.poolProps.location.type == cudaMemLocationTypeDevice);
    void *freed = NULL;
    CHECK(cudaGraphMemFreeNodeGetParams(fn, &freed));
    EXPECT(freed == da);
    EXPECT_ERR(cudaGraphMemAllocNodeGetParams(fn, &aq), cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(cudaGraphInstantiate(&x, gm, 0));
    for (int r = 0; r < 2; r++) { /* allocated and freed by each launch */
        memset(h, 0, n * sizeof(int));
        CHECK(cudaGraphLaunch(x, s));
        CHECK(cudaStreamSynchronize(s));
        EXPECT(h[0] == 4 && h[n - 1] == 4);
#if ON_SIMT /* CUDA may keep the memory associated with graphs */
        EXPECT_EQ(graph_mem(cudaGraphMemAttrUsedMemCurrent), 0);
#endif
    }
    EXPECT(graph_mem(cudaGraphMemAttrUsedMemHigh) >= n * sizeof(int));
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(gm));
    /* an allocation left to the program: freed by cudaFree, else the next launch fails */
    CHECK(cudaGraphCreate(&gm, 0));
    CHECK(cudaGraphAddMemAllocNode(&an, gm, NULL, 0, &ap));
    da = (int *)ap.dptr;
    mp = msparams(da, 8, n);
    CHECK(cudaGraphAddMemsetNode(&mz, gm, &an, 1, &mp));
#if ON_SIMT /* CUDA's restrictions (its error codes are not documented) */
    EXPECT_ERR(cudaGraphClone(&gc, gm), cudaErrorNotSupported);
    EXPECT_ERR(cudaGraphDestroyNode(mz), cudaErrorNotSupported);
    cudaGetLastError();
#endif
    CHECK(cudaGraphInstantiate(&x, gm, 0));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(hv, da, sizeof hv, cudaMemcpyDeviceToHost));
    EXPECT(hv[0] == 8 && hv[n - 1] == 8);
    EXPECT(graph_mem(cudaGraphMemAttrUsedMemCurrent) >= n * sizeof(int));
    EXPECT_ERR(cudaGraphLaunch(x, s), cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(cudaFree(da));
#if ON_SIMT
    EXPECT_EQ(graph_mem(cudaGraphMemAttrUsedMemCurrent), 0);
#endif
    CHECK(cudaGraphLaunch(x, s)); /* the same address again */
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaFreeAsync(da, s));
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphInstantiateWithFlags(&x, gm, cudaGraphInstantiateFlagAutoFreeOnLaunch));
    CHECK(cudaGraphExecGetFlags(x, &xf));
    EXPECT_EQ(xf, cudaGraphInstantiateFlagAutoFreeOnLaunch);
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaGraphLaunch(x, s)); /* the last launch's allocation freed first */
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaFree(da));
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(gm));
#if ON_SIMT /* host memory: CUDA 12 allows it, not this runtime */
    ap.poolProps.location.type = cudaMemLocationTypeHost;
    EXPECT_ERR(cudaGraphAddMemAllocNode(&an, g, NULL, 0, &ap), cudaErrorInvalidValue);
#endif
    EXPECT_ERR(cudaGraphAddMemAllocNode(&an, g, NULL, 0, NULL), cudaErrorInvalidValue);
    cudaGetLastError();

    /* --- cudaMallocAsync / cudaFreeAsync in a capture: allocation and free nodes --- */
    int *dc = NULL;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaMallocAsync(&dc, n * sizeof(int), s));
    CHECK(cudaMemsetAsync(dc, 0, n * sizeof(int), s));
    add<<<(n + 127) / 128, 128, 0, s>>>(dc, 9, n);
    CHECK(cudaMemcpyAsync(h, dc, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    CHECK(cudaFreeAsync(dc, s));
    CHECK(cudaStreamEndCapture(s, &cap));
    EXPECT(dc != NULL);
    nn = 8;
    CHECK(cudaGraphGetNodes(cap, list, &nn));
    EXPECT_EQ(nn, 5);
    CHECK(cudaGraphNodeGetType(list[0], &t));
    EXPECT_EQ(t, cudaGraphNodeTypeMemAlloc);
    CHECK(cudaGraphNodeGetType(list[nn - 1], &t));
    EXPECT_EQ(t, cudaGraphNodeTypeMemFree);
    CHECK(cudaGraphInstantiate(&x, cap, 0));
    for (int r = 0; r < 2; r++) {
        memset(h, 0, n * sizeof(int));
        CHECK(cudaGraphLaunch(x, s));
        CHECK(cudaStreamSynchronize(s));
        EXPECT(h[0] == 9 && h[n - 1] == 9);
    }
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(cap));

    /* --- a captured kernel found by type and given new arguments (jacobiCudaGraphs' way) --- */
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaMemsetAsync(d, 0, n * sizeof(int), s));
    add<<<(n + 127) / 128, 128, 0, s>>>(d, 2, n);
    CHECK(cudaStreamEndCapture(s, &cap));
    CHECK(cudaGraphInstantiate(&x, cap, 0));
    nn = 8;
    CHECK(cudaGraphGetNodes(cap, list, &nn));
    cudaGraphNode_t kn = NULL;
    for (size_t i = 0; i < nn; i++)
        if (cudaGraphNodeGetType(list[i], &t) == cudaSuccess && t == cudaGraphNodeTypeKernel)
            kn = list[i];
    EXPECT(kn != NULL);
    CHECK(cudaGraphKernelNodeGetParams(kn, &kq));
    EXPECT(*(int *)kq.kernelParams[1] == 2);
    int thirty = 30;
    void *args30[] = {kq.kernelParams[0], &thirty, kq.kernelParams[2]};
    kq.kernelParams = args30;
    CHECK(cudaGraphExecKernelNodeSetParams(x, kn, &kq));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaMemcpy(hv, d, sizeof hv, cudaMemcpyDeviceToHost));
    EXPECT(hv[0] == 30 && hv[n - 1] == 30);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(cap));

    /* --- cudaGraphDebugDotPrint --- */
    const char *dot = "graphs_nodes.dot";
    CHECK(cudaGraphDebugDotPrint(g, dot, cudaGraphDebugDotFlagsVerbose));
    FILE *f = fopen(dot, "r");
    EXPECT(f != NULL);
    if (f) {
        char buf[8192];
        size_t got_bytes = fread(buf, 1, sizeof buf - 1, f);
        buf[got_bytes] = 0;
        fclose(f);
        EXPECT(strstr(buf, "digraph") != NULL && strstr(buf, "->") != NULL);
        remove(dot);
    }
    EXPECT_ERR(cudaGraphDebugDotPrint(NULL, dot, 0), cudaErrorInvalidValue);
    cudaGetLastError();

    CHECK(cudaGraphDestroy(g));
    CHECK(cudaEventDestroy(ev));
    CHECK(cudaEventDestroy(ev2));
    CHECK(cudaFree(d));
    CHECK(cudaFree(d2));
    CHECK(cudaFreeHost(h));
    CHECK(cudaStreamDestroy(s));
    return cudart_finish("cudart.graphs_nodes");
}
