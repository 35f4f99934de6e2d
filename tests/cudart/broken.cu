/* cudart.simtcc.compile_error: a deliberate compile error; simt-cc must report it and fail. */
__global__ void k(int *p)
{
    p[0] = undeclared_identifier;
}
