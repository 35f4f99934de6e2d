/*
 * nvToolsExt.h - the NVTX annotation API (ranges, markers, names) as no-ops: a trace has no
 * profiler timeline to annotate. Programs that mark their phases build unchanged (simt-cc
 * drops -lnvToolsExt); push/pop keep the nesting depth their return values report.
 * Written for this project from the documented interface.
 */
#ifndef SIMT_NVTOOLSEXT_H
#define SIMT_NVTOOLSEXT_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#define NVTX_VERSION 2

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;
typedef enum nvtxMessageType_t {
    NVTX_MESSAGE_UNKNOWN = 0,
    NVTX_MESSAGE_TYPE_ASCII = 1,
    NVTX_MESSAGE_TYPE_UNICODE = 2,
    NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef enum nvtxPayloadType_t {
    NVTX_PAYLOAD_UNKNOWN = 0,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
    NVTX_PAYLOAD_TYPE_INT64 = 2,
    NVTX_PAYLOAD_TYPE_DOUBLE = 3,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
    NVTX_PAYLOAD_TYPE_INT32 = 5,
    NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef union nvtxMessageValue_t {
    const char *ascii;
    const wchar_t *unicode;
    nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef struct nvtxEventAttributes_v2 {
    uint16_t version;
    uint16_t size;
    uint32_t category;
    int32_t colorType;
    uint32_t color;
    int32_t payloadType;
    int32_t reserved0;
    union payload_t {
        uint64_t ullValue;
        int64_t llValue;
        double dValue;
        uint32_t uiValue;
        int32_t iValue;
        float fValue;
    } payload;
    int32_t messageType;
    nvtxMessageValue_t message;
} nvtxEventAttributes_t;
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxEventAttributes_t))

/* Push and pop answer as NVTX does when no tool is attached (none can be, here) */
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

static inline int nvtxRangePushA(const char *message)
{
    (void)message;
    return NVTX_NO_PUSH_POP_TRACKING;
}
static inline int nvtxRangePushW(const wchar_t *message)
{
    (void)message;
    return NVTX_NO_PUSH_POP_TRACKING;
}
static inline int nvtxRangePushEx(const nvtxEventAttributes_t *attr)
{
    (void)attr;
    return NVTX_NO_PUSH_POP_TRACKING;
}
static inline int nvtxRangePop(void)
{
    return NVTX_NO_PUSH_POP_TRACKING;
}
static inline nvtxRangeId_t nvtxRangeStartA(const char *message)
{
    (void)message;
    return 0;
}
static inline nvtxRangeId_t nvtxRangeStartW(const wchar_t *message)
{
    (void)message;
    return 0;
}
static inline nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *attr)
{
    (void)attr;
    return 0;
}
static inline void nvtxRangeEnd(nvtxRangeId_t id)
{
    (void)id;
}
static inline void nvtxMarkA(const char *message)
{
    (void)message;
}
static inline void nvtxMarkW(const wchar_t *message)
{
    (void)message;
}
static inline void nvtxMarkEx(const nvtxEventAttributes_t *attr)
{
    (void)attr;
}
static inline void nvtxNameOsThreadA(uint32_t tid, const char *name)
{
    (void)tid, (void)name;
}
static inline void nvtxNameCategoryA(uint32_t category, const char *name)
{
    (void)category, (void)name;
}
static inline nvtxDomainHandle_t nvtxDomainCreateA(const char *name)
{
    (void)name;
    return NULL;
}
static inline void nvtxDomainDestroy(nvtxDomainHandle_t domain)
{
    (void)domain;
}
static inline int nvtxDomainRangePushEx(nvtxDomainHandle_t domain,
                                        const nvtxEventAttributes_t *attr)
{
    (void)domain, (void)attr;
    return NVTX_NO_PUSH_POP_TRACKING;
}
static inline int nvtxDomainRangePop(nvtxDomainHandle_t domain)
{
    (void)domain;
    return nvtxRangePop();
}
static inline void nvtxDomainMarkEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *attr)
{
    (void)domain, (void)attr;
}

#ifdef UNICODE
#define nvtxRangePush  nvtxRangePushW
#define nvtxRangeStart nvtxRangeStartW
#define nvtxMark       nvtxMarkW
#else
#define nvtxRangePush  nvtxRangePushA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxMark       nvtxMarkA
#endif

#endif
