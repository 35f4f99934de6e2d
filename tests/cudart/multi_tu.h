/* multi_tu.h - interface between the translation units of cudart.multi_tu. */
#ifndef MULTI_TU_H
#define MULTI_TU_H
/* multi_tu_a.cu */
int tu_a_square(int *host, int n);
/* multi_tu_b.cu */
int tu_b_offset(int *host, int n, int offset);
/* multi_tu_host.cpp (plain C++, no device code) */
int host_expected(int i, int offset);
#endif
