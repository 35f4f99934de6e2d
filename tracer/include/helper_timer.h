/*
 * helper_timer.h - compatibility version of the CUDA samples' host timers (written for this
 * project): StopWatchInterface and sdkCreateTimer/DeleteTimer/StartTimer/StopTimer/
 * ResetTimer/GetTimerValue/GetAverageTimerValue. Times are host wall-clock milliseconds.
 */
#ifndef SIMT_HELPER_TIMER_H
#define SIMT_HELPER_TIMER_H

#include <time.h>

#ifdef __cplusplus
class StopWatchInterface
{
    double start_ms_ = 0, total_ms_ = 0, last_ms_ = 0;
    int running_ = 0, sessions_ = 0;
    static double now_ms()
    {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
    }

  public:
    void start()
    {
        start_ms_ = now_ms();
        running_ = 1;
    }
    void stop()
    {
        if (!running_)
            return;
        last_ms_ = now_ms() - start_ms_;
        total_ms_ += last_ms_;
        running_ = 0;
        sessions_++;
    }
    void reset()
    {
        total_ms_ = last_ms_ = 0;
        sessions_ = 0;
        if (running_)
            start_ms_ = now_ms();
    }
    float getTime() const
    {
        return (float)(total_ms_ + (running_ ? now_ms() - start_ms_ : 0.0));
    }
    float getAverageTime() const
    {
        return sessions_ > 0 ? (float)(total_ms_ / sessions_) : 0.0f;
    }
};

static inline bool sdkCreateTimer(StopWatchInterface **t)
{
    *t = new StopWatchInterface();
    return *t != nullptr;
}
static inline bool sdkDeleteTimer(StopWatchInterface **t)
{
    delete *t;
    *t = nullptr;
    return true;
}
static inline bool sdkStartTimer(StopWatchInterface **t)
{
    if (*t)
        (*t)->start();
    return true;
}
static inline bool sdkStopTimer(StopWatchInterface **t)
{
    if (*t)
        (*t)->stop();
    return true;
}
static inline bool sdkResetTimer(StopWatchInterface **t)
{
    if (*t)
        (*t)->reset();
    return true;
}
static inline float sdkGetTimerValue(StopWatchInterface **t)
{
    return *t ? (*t)->getTime() : 0.0f;
}
static inline float sdkGetAverageTimerValue(StopWatchInterface **t)
{
    return *t ? (*t)->getAverageTime() : 0.0f;
}
#endif

#endif
