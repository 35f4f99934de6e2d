/*
 * math_constants.h - single- and double-precision constants under CUDA's CUDART_* names.
 * Values are the mathematical constants rounded to float/double.
 */
#ifndef SIMT_MATH_CONSTANTS_H
#define SIMT_MATH_CONSTANTS_H

/* single precision */
#define CUDART_INF_F            __builtin_huge_valf()
#define CUDART_NAN_F            __builtin_nanf("")
#define CUDART_MIN_DENORM_F     1.40129846e-45f
#define CUDART_MAX_NORMAL_F     3.40282347e+38f
#define CUDART_NEG_ZERO_F       (-0.0f)
#define CUDART_ZERO_F           0.0f
#define CUDART_ONE_F            1.0f
#define CUDART_SQRT_HALF_F      0.707106781f
#define CUDART_SQRT_TWO_F       1.414213562f
#define CUDART_THIRD_F          0.333333333f
#define CUDART_PIO4_F           0.785398163f
#define CUDART_PIO2_F           1.570796327f
#define CUDART_3PIO4_F          2.356194490f
#define CUDART_2_OVER_PI_F      0.636619772f
#define CUDART_SQRT_2_OVER_PI_F 0.797884561f
#define CUDART_PI_F             3.141592654f
#define CUDART_L2E_F            1.442695041f
#define CUDART_L2T_F            3.321928095f
#define CUDART_LG2_F            0.301029996f
#define CUDART_LGE_F            0.434294482f
#define CUDART_LN2_F            0.693147181f
#define CUDART_LNT_F            2.302585093f
#define CUDART_LNPI_F           1.144729886f
#define CUDART_TWO_TO_M126_F    1.175494351e-38f
#define CUDART_TWO_TO_126_F     8.507059173e+37f
#define CUDART_TWO_TO_23_F      8388608.0f
#define CUDART_TWO_TO_24_F      16777216.0f
#define CUDART_TWO_TO_31_F      2147483648.0f
#define CUDART_TWO_TO_32_F      4294967296.0f
#define CUDART_REMQUO_BITS_F    3
#define CUDART_TRIG_PLOSS_F     105615.0f

/* double precision */
#define CUDART_INF            __builtin_huge_val()
#define CUDART_NAN            __builtin_nan("")
#define CUDART_NEG_ZERO       (-0.0)
#define CUDART_MIN_DENORM     4.9406564584124654e-324
#define CUDART_ZERO           0.0
#define CUDART_ONE            1.0
#define CUDART_SQRT_TWO       1.4142135623730951e+0
#define CUDART_SQRT_HALF      7.0710678118654757e-1
#define CUDART_THIRD          3.3333333333333333e-1
#define CUDART_TWOTHIRD       6.6666666666666667e-1
#define CUDART_PIO4           7.8539816339744828e-1
#define CUDART_PIO2           1.5707963267948966e+0
#define CUDART_3PIO4          2.3561944901923448e+0
#define CUDART_2_OVER_PI      6.3661977236758138e-1
#define CUDART_PI             3.1415926535897931e+0
#define CUDART_2PI            6.2831853071795865e+0
#define CUDART_SQRT_PI        1.7724538509055160e+0
#define CUDART_SQRT_2_OVER_PI 7.9788456080286536e-1
#define CUDART_SQRT_2PI       2.5066282746310002e+0
#define CUDART_SQRT_PIO2      1.2533141373155003e+0
#define CUDART_L2E            1.4426950408889634e+0
#define CUDART_L2T            3.3219280948873622e+0
#define CUDART_LG2            3.0102999566398120e-1
#define CUDART_LGE            4.3429448190325182e-1
#define CUDART_LN2            6.9314718055994529e-1
#define CUDART_LNT            2.3025850929940459e+0
#define CUDART_LNPI           1.1447298858494002e+0
#define CUDART_TWO_TO_23      8388608.0
#define CUDART_TWO_TO_52      4503599627370496.0
#define CUDART_TWO_TO_53      9007199254740992.0
#define CUDART_TWO_TO_54      18014398509481984.0
#define CUDART_TWO_TO_63      9223372036854775808.0
#define CUDART_TWO_TO_64      18446744073709551616.0

#endif
