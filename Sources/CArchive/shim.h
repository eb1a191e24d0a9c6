#ifndef AIRLOCK_CARCHIVE_SHIM_H
#define AIRLOCK_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#include <locale.h>

/* Macros with casts do not import into Swift; re-export them as constants. */
static const unsigned int CARCHIVE_AE_IFREG = AE_IFREG;
static const unsigned int CARCHIVE_AE_IFDIR = AE_IFDIR;
static const unsigned int CARCHIVE_AE_IFLNK = AE_IFLNK;
static const unsigned int CARCHIVE_AE_IFMT = AE_IFMT;

/* libarchive converts names through the C locale: switch LC_CTYPE to UTF-8 once. */
static inline void carchive_use_utf8_locale(void) {
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) {
        setlocale(LC_CTYPE, "en_US.UTF-8");
    }
}
#endif
