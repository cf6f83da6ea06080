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

/// What the reader's text callback needs to handle the usual chunk of text without a call
/// into Swift: where the input lies, whether a scalar's text is being read, and that text
/// so far as one run of the input. The context libxml2 hands every callback.
typedef struct themekit_text_state {
    /// The Swift reader, for every other callback.
    void *builder;
    /// The input, which libxml2 reads in place (`themekit_new_parser`).
    const xmlChar *base;
    const xmlChar *end;
    /// The text so far, as an offset and a length in the input (length 0: none yet).
    long start;
    long count;
    /// Whether a scalar's text is being read (the innermost open element is a scalar).
    int collecting;
    /// Whether the text so far is not one run of the input: the Swift reader holds it.
    int elsewhere;
    /// Where every other chunk goes: text that breaks the run, or text outside a scalar
    /// that is not all white space.
    void (*slow)(void *builder, const xmlChar *chunk, int length);
} themekit_text_state;

/// libxml2's `characters` callback. In a plain theme every chunk is white space between
/// elements or a scalar's text in one run of the input: both are handled here, without a
/// call into Swift. Only text that breaks the run (decoded, or in pieces) or stands outside
/// a value goes to `slow`.
static inline void themekit_characters(void *context, const xmlChar *chunk, int length) {
    themekit_text_state *state = (themekit_text_state *)context;
    if (state == NULL || chunk == NULL) {
        return;
    }
    if (state->collecting) {
        if (!state->elsewhere && chunk >= state->base && chunk + length <= state->end) {
            long at = (long)(chunk - state->base);
            if (state->count == 0) {
                state->start = at;
                state->count = length;
                return;
            }
            if (state->start + state->count == at) {
                state->count += length;
                return;
            }
        }
    } else {
        int index = 0;
        while (index < length && (chunk[index] == ' ' || chunk[index] == '\t' || chunk[index] == '\n'
                                  || chunk[index] == '\r')) {
            index++;
        }
        if (index == length) {
            return;
        }
    }
    state->slow(state->builder, chunk, length);
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
