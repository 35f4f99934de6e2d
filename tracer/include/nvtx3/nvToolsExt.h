/* nvtx3/nvToolsExt.h - NVTX 3's include path for the same annotation API (no-ops here). */
#include "../nvToolsExt.h"
