#ifndef AIRLOCK_CLIBXML2_SHIM_H
#define AIRLOCK_CLIBXML2_SHIM_H
/* Debian builds libxml2 with ICU; hiding it avoids a UErrorCode clash with Foundation in debug builds. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

/* libxml2 prints some errors (encoding conversion, I/O) through its generic error function, straight to stderr,
   even when a structured handler is installed on the reader. Airlock reports errors itself: silence that channel.
   The setting is per thread in a thread-enabled libxml2, so readers call this on the thread that parses. */
static void cxml_discard_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}
static inline void cxml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, cxml_discard_generic_error);
    xmlThrDefSetGenericErrorFunc(NULL, cxml_discard_generic_error);
}

/* xmlFree is a global function pointer, which Swift 6 rejects as not concurrency-safe. */
static inline void cxml_free(void *p) { xmlFree(p); }
#endif
