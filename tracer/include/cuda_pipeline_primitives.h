/* cuda_pipeline_primitives.h: the pipeline primitives (cuda_pipeline.h) */
#include "cuda_pipeline.h"
