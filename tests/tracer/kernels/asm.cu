#include "common.h"
/* Inline-PTX idioms the tracer recognises. */
extern "C" __global__ void asm_k(unsigned *out)
{
    unsigned t = TID_X, lane, mask, fl, fr, flc, frc;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    if (t & 1)
        asm volatile("activemask.b32 %0;" : "=r"(mask));
    else
        mask = 0;
    asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(fl) : "r"(0x80000001u), "r"(t), "r"(t + 3));
    asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(fr) : "r"(0x80000001u), "r"(t), "r"(t + 3));
    asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(flc) : "r"(0x80000001u), "r"(t), "r"(t + 20));
    asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(frc) : "r"(0x80000001u), "r"(t), "r"(t + 20));
    asm volatile("membar.gl;");
    asm volatile("bar.sync 0;");
    out[t * 6 + 0] = lane;
    out[t * 6 + 1] = mask;
    out[t * 6 + 2] = fl;
    out[t * 6 + 3] = fr;
    out[t * 6 + 4] = flc;
    out[t * 6 + 5] = frc;
}
