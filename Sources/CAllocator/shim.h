#ifndef AIRLOCK_CALLOCATOR_SHIM_H
#define AIRLOCK_CALLOCATOR_SHIM_H
/* The C allocator's own controls, where there are any (glibc's malloc.h). */
#include <stdlib.h> /* defines __GLIBC__ under glibc */
#if defined(__GLIBC__)
#include <malloc.h>
/* Serves blocks of `bytes` or more with their own mapping, returned to the system when freed, and stops glibc
   from raising that threshold by itself. Returns 1 on success, 0 where it cannot be set. */
static inline int callocator_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
#else
static inline int callocator_set_mmap_threshold(int bytes) { (void)bytes; return 0; }
#endif
#endif
