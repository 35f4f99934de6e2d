/* cudart.curand.host (unit): properties of the XORWOW implementation in curand_kernel.h,
 * compiled as plain host C++: skipahead(n) equals n steps; skip-ahead composes; a
 * subsequence is 2^67 steps (sixteen skips of 2^63); uniform values lie in (0,1] with mean 1/2;
 * normal values have mean 0 and variance 1; curand_normal caches the second Box-Muller value. */
#include <cmath>
#include <cstdio>
#include <cstring>

#include <curand_kernel.h>

static int failures = 0;
#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: expectation failed: %s\n", __FILE__, __LINE__, #c);            \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static bool same(const curandState &a, const curandState &b)
{
    return a.d == b.d && memcmp(a.v, b.v, sizeof a.v) == 0;
}

int main()
{
    /* skipahead(n) == n steps, for n across several table entries */
    const unsigned long long ns[] = {0, 1, 2, 3, 31, 32, 33, 100, 1000, 4097};
    for (unsigned long long n : ns) {
        curandState a, b;
        curand_init(42, 0, 0, &a);
        curand_init(42, 0, n, &b);
        for (unsigned long long i = 0; i < n; i++)
            curand(&a);
        EXPECT(same(a, b));
        EXPECT(curand(&a) == curand(&b));
    }
    /* composition with large offsets */
    curandState a, b;
    curand_init(7, 0, 0, &a);
    skipahead(0x123456789abcull, &a);
    skipahead(0xfedcba987ull, &a);
    curand_init(7, 0, 0x123456789abcull + 0xfedcba987ull, &b);
    EXPECT(same(a, b));
    /* one subsequence = 2^67 steps = sixteen skips of 2^63 */
    curand_init(99, 1, 0, &a);
    curand_init(99, 0, 0, &b);
    for (int i = 0; i < 16; i++)
        skipahead(1ull << 63, &b);
    EXPECT(same(a, b));
    curandState c;
    curand_init(99, 0, 0, &c);
    skipahead_sequence(1, &c);
    EXPECT(same(a, c));
    curand_init(99, 3, 5, &a);
    curand_init(99, 0, 0, &b);
    skipahead_sequence(2, &b);
    skipahead(5, &b);
    skipahead_sequence(1, &b);
    EXPECT(same(a, b));
    /* subsequences differ, seeds differ */
    curandState s0, s1, s2;
    curand_init(5, 0, 0, &s0);
    curand_init(5, 1, 0, &s1);
    curand_init(6, 0, 0, &s2);
    EXPECT(curand(&s0) != curand(&s1));
    curand_init(5, 0, 0, &s0);
    EXPECT(curand(&s0) != curand(&s2));
    /* distributions */
    curandState s;
    curand_init(2024, 3, 0, &s);
    double sum = 0, sumn = 0, sumn2 = 0;
    const int m = 200000;
    int bad = 0;
    for (int i = 0; i < m; i++) {
        float u = curand_uniform(&s);
        if (!(u > 0.0f && u <= 1.0f))
            bad++;
        sum += u;
        double g = curand_normal(&s);
        sumn += g;
        sumn2 += g * g;
    }
    EXPECT(bad == 0);
    EXPECT(fabs(sum / m - 0.5) < 0.01);
    EXPECT(fabs(sumn / m) < 0.01);
    EXPECT(fabs(sumn2 / m - 1.0) < 0.02);
    double ud = curand_uniform_double(&s);
    EXPECT(ud > 0.0 && ud <= 1.0);
    /* curand_normal: two values per Box-Muller pair, i.e. two curand() outputs per pair */
    curand_init(11, 0, 0, &a);
    curand_init(11, 0, 0, &b);
    float2 pair = curand_normal2(&b);
    EXPECT(curand_normal(&a) == pair.x);
    EXPECT(curand_normal(&a) == pair.y);
    EXPECT(same(a, b));
    if (failures) {
        fprintf(stderr, "cudart.curand.host: %d expectation(s) failed\n", failures);
        return 1;
    }
    printf("cudart.curand.host: PASS\n");
    return 0;
}
