#ifndef AIRLOCK_CLIBXML2_SHIM_H
#define AIRLOCK_CLIBXML2_SHIM_H
/* Debian builds libxml2 with ICU; hiding it avoids a UErrorCode clash with Foundation in debug builds. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

/* xmlFree is a global function pointer, which Swift 6 rejects as not concurrency-safe. */
static inline void cxml_free(void *p) { xmlFree(p); }
#endif
