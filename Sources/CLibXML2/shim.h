#ifndef THEMEKIT_CLIBXML2_SHIM_H
#define THEMEKIT_CLIBXML2_SHIM_H

// xmlversion.h first, so that ICU support can be switched off before any header that
// would pull in ICU's types: with it on, a clean build can fail with
// "'UErrorCode' has different definitions in different modules".
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a C global function pointer, which Swift 6 rejects as shared mutable state.
static inline void themekit_xmlFree(void *pointer) {
    xmlFree(pointer);
}

/// A parser context that reads `length` bytes in place, from memory that has a NUL just
/// past them and outlives the parse. NULL when libxml2 cannot allocate one.
///
/// `xmlCreateMemoryParserCtxt` would copy the bytes into a buffer of its own, and its
/// buffer asks its (empty) source for more each time the cursor comes within 250 bytes of
/// the end: 15% of a 100-key pass (callgrind). An input stream with no buffer behind it,
/// the kind libxml2 itself makes for a string (`xmlNewStringInputStream`, which would
/// first count the bytes with `xmlStrlen`), reads the bytes where they are and never grows.
static inline xmlParserCtxtPtr themekit_new_parser(const xmlChar *bytes, int length) {
    if (bytes == NULL || length < 0 || bytes[length] != 0) {
        return NULL;
    }
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (ctxt == NULL) {
        return NULL;
    }
    xmlParserInputPtr input = xmlNewInputStream(ctxt);
    if (input == NULL) {
        xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    input->base = bytes;
    input->cur = bytes;
    input->length = length;
    input->end = bytes + length;
    if (inputPush(ctxt, input) < 0) {
        xmlFreeInputStream(input);
        xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    return ctxt;
}

/// The byte offset of the parser's cursor from the start of the document it was given.
static inline long themekit_parser_offset(xmlParserCtxtPtr ctxt) {
    if (ctxt == NULL || ctxt->input == NULL || ctxt->inputNr != 1) {
        return -1;
    }
    return (long)ctxt->input->consumed + (long)(ctxt->input->cur - ctxt->input->base);
}

/// The offset of `pointer` when it points into the parser's current input, else -1.
/// Text callbacks often hand over a pointer into the input itself.
static inline long themekit_parser_offset_of(xmlParserCtxtPtr ctxt, const xmlChar *pointer) {
    if (ctxt == NULL || ctxt->input == NULL || ctxt->inputNr != 1 || pointer == NULL) {
        return -1;
    }
    if (pointer < ctxt->input->base || pointer > ctxt->input->end) {
        return -1;
    }
    return (long)ctxt->input->consumed + (long)(pointer - ctxt->input->base);
}

/// The byte under the parser's cursor, or -1 past the end.
static inline int themekit_parser_peek(xmlParserCtxtPtr ctxt) {
    if (ctxt == NULL || ctxt->input == NULL || ctxt->input->cur >= ctxt->input->end) {
        return -1;
    }
    return ctxt->input->cur[0];
}

#endif
