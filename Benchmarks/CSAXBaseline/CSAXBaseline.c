// ThemeKit's own libxml2 shim: the floor opens its parser the way ThemeKit's reader does
// (themekit_new_parser, the bytes read in place), so that the two passes differ only in
// what their callbacks do.
#include "../../Sources/CLibXML2/shim.h"
#include <string.h>

#include "CSAXBaseline.h"

static void start_element(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri,
                          int namespaces, const xmlChar **namespace_list, int attributes, int defaulted,
                          const xmlChar **attribute_list) {
    (void)name; (void)prefix; (void)uri; (void)namespaces; (void)namespace_list;
    (void)attributes; (void)defaulted; (void)attribute_list;
    (*(long *)context)++;
}

static void end_element(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri) {
    (void)context; (void)name; (void)prefix; (void)uri;
}

static void characters(void *context, const xmlChar *text, int length) {
    (void)context; (void)text; (void)length;
}

static void structured_error(void *context, xmlErrorPtr error) {
    (void)context; (void)error;
}

long themebench_sax_noop(const char *bytes, int length) {
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = start_element;
    handler.endElementNs = end_element;
    handler.characters = characters;
    handler.ignorableWhitespace = characters;
    handler.serror = structured_error;

    xmlParserCtxtPtr context = themekit_new_parser((const xmlChar *)bytes, length);
    if (context == NULL) return -1;
    long elements = 0;
    memcpy(context->sax, &handler, sizeof handler);
    context->userData = &elements;
    xmlCtxtUseOptions(context, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_IGNORE_ENC
                                   | XML_PARSE_NOCDATA);
    xmlParseDocument(context);
    int well_formed = context->wellFormed;
    if (context->myDoc != NULL) xmlFreeDoc(context->myDoc);
    xmlFreeParserCtxt(context);
    return well_formed ? elements : -1;
}

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdio.h>
#include <sys/resource.h>

long themebench_heap_in_use(void) {
#if defined(__GLIBC__)
    // Small blocks in the arenas plus the large ones glibc maps on their own (128 KiB and
    // up by default): a large theme's arrays and texts are of the second kind.
    struct mallinfo2 info = mallinfo2();
    return (long)(info.uordblks + info.hblkhd);
#else
    return -1;
#endif
}

long themebench_peak_rss_kb(void) {
    // VmHWM, not getrusage's ru_maxrss: Linux carries ru_maxrss over from the parent
    // across fork and exec, so a child process would report its parent's peak.
    FILE *status = fopen("/proc/self/status", "r");
    if (status != NULL) {
        char line[256];
        long kilobytes = -1;
        while (fgets(line, sizeof line, status) != NULL) {
            if (sscanf(line, "VmHWM: %ld kB", &kilobytes) == 1) break;
        }
        fclose(status);
        if (kilobytes >= 0) return kilobytes;
    }
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    return usage.ru_maxrss;
}
