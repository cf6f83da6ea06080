#ifndef THEMEKIT_CLIBXML2_SHIM_H
#define THEMEKIT_CLIBXML2_SHIM_H

// xmlversion.h first, so that ICU support can be switched off before any header that
// would pull in ICU's types: with it on, a clean build can fail with
// "'UErrorCode' has different definitions in different modules".
#include <stdint.h>
#if defined(__APPLE__)
// Apple SDKs ship libxml2 as the clang module `libxml2` (Xcode 12 and later; what `import
// libxml2` reads in Swift), its headers outside the default search path: import the module,
// not the headers. Not built here: no Apple SDK can be had on the Linux machine CI runs on.
#pragma clang module import libxml2
#else
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif

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

/// One slot of the reader's cache of element names, filled by the Swift reader: libxml2
/// hands over each name from its dictionary, so one pointer compare names a tag.
typedef struct themekit_name_slot {
    const xmlChar *name;
    /// The Swift reader's code for the element.
    unsigned char element;
    /// What the C start tag handler may do with it: 0 nothing (the Swift reader opens
    /// it), 1 open a key, 2 open a scalar value (`<string>`, `<integer>`, `<real>`,
    /// `<true/>`, `<false/>`).
    unsigned char role;
    /// The name's length in bytes.
    unsigned char length;
} themekit_name_slot;

/// The first slot of `name` in the cache: a multiplicative hash of its address, because
/// names lie side by side in libxml2's dictionary and their low bits would share few
/// slots. A name is in that slot or the next (`themekit_name_slot_find`): with one slot
/// each, two of a theme's six elements shared one often enough (the addresses change from
/// run to run) that in one run measured (callgrind) one start tag in six missed, and every
/// miss is a call into Swift.
static inline int themekit_name_slot_index(const xmlChar *name) {
    return (int)(((unsigned long long)(uintptr_t)name * 0x9E3779B97F4A7C15ULL) >> 60);
}

/// The cache slot that holds `name`, or NULL.
__attribute__((always_inline)) static inline const themekit_name_slot *
themekit_name_slot_find(const themekit_name_slot *slots, const xmlChar *name) {
    int index = themekit_name_slot_index(name);
    if (slots[index].name == name) {
        return &slots[index];
    }
    index = (index + 1) & 15;
    return slots[index].name == name ? &slots[index] : NULL;
}

/// What the reader shares between its C callbacks and its Swift builder: the context
/// libxml2 hands every callback.
///
/// The C callbacks handle a plain theme's events without a call into Swift: white space
/// between elements, a scalar's text in one run of the input, and the tags of a key or a
/// scalar value opened in the root dict. A value's end tag makes the one call into Swift
/// per entry (`entry`). Everything else goes to the Swift builder, which first takes over
/// the scalar C has open (`adopt`), so that it sees every open element as before.
typedef struct themekit_reader_state {
    /// The Swift builder, for every other callback.
    void *builder;
    /// The parser, for the cursor's offset.
    xmlParserCtxtPtr parser;
    /// The input, which libxml2 reads in place (`themekit_new_parser`).
    const xmlChar *base;
    const xmlChar *end;

    /// The text so far, as an offset and a length in the input (length 0: none yet).
    long start;
    long count;
    /// Whether a scalar's text is being read (the innermost open element is a scalar).
    int collecting;
    /// Whether the text so far is not one run of the input: it is then `side_start` and
    /// `side_count`, a text reference into the Swift builder's side buffer.
    int elsewhere;
    int side_start;
    int side_count;

    /// Whether C may open a key or a scalar value: the innermost element the Swift builder
    /// has open is the root dict, one more element is within the depth limit, and the
    /// parse has not stopped. The Swift builder sets it whenever its elements change.
    int fast;
    /// The key or scalar value C has open: its `themekit_name_slot.element` and `role`
    /// (role 0: none), and the offset of its `<`.
    int open;
    int open_role;
    long open_start;
    /// The key read and waiting for its value (`has_key`): its text reference and the
    /// offsets of its `<key>` and past its `</key>`. Read and written by both sides.
    int has_key;
    int key_start;
    int key_count;
    long key_from;
    long key_to;

    themekit_name_slot names[16];

    /// Text that breaks the run, or text outside a scalar that is not all white space.
    void (*slow_text)(void *builder, const xmlChar *chunk, int length);
    /// A start or end tag C does not handle.
    void (*slow_start)(void *builder, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri);
    void (*slow_end)(void *builder);
    /// A scalar value C opened has closed, after a key: `start` is its `<`, `end` past its
    /// end tag. The Swift builder records the entry and clears `has_key`.
    void (*entry)(void *builder, int element, long start, long end);
} themekit_reader_state;

/// The text read so far, as the Swift builder's text reference (start, count).
static inline void themekit_text_ref(const themekit_reader_state *state, int *start, int *count) {
    if (state->elsewhere) {
        *start = state->side_start;
        *count = state->side_count;
    } else {
        *start = (int)state->start;
        *count = (int)state->count;
    }
}

/// Forgets the text read.
static inline void themekit_reset_text(themekit_reader_state *state) {
    state->start = 0;
    state->count = 0;
    state->elsewhere = 0;
    state->side_start = 0;
    state->side_count = 0;
}

/// libxml2's `characters` callback. In a plain theme every chunk is white space between
/// elements or a scalar's text in one run of the input: both are handled here, without a
/// call into Swift. Only text that breaks the run (decoded, or in pieces) or stands outside
/// a value goes to `slow_text`.
static inline void themekit_characters(void *context, const xmlChar *chunk, int length) {
    themekit_reader_state *state = (themekit_reader_state *)context;
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
    state->slow_text(state->builder, chunk, length);
}

/// The byte offset of the parser's cursor from the start of the document it was given.
__attribute__((always_inline)) static inline long themekit_parser_offset(xmlParserCtxtPtr ctxt) {
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

/// The parser's offset in the input, clamped to it (its length when unknown).
__attribute__((always_inline)) static inline long themekit_cursor(const themekit_reader_state *state) {
    long length = (long)(state->end - state->base);
    long offset = themekit_parser_offset(state->parser);
    return offset < 0 || offset > length ? length : offset;
}

/// The start tags `themekit_start_element` leaves to the Swift builder: out of line, so
/// that the plain path saves no registers for a call.
__attribute__((noinline)) static void themekit_start_slowly(themekit_reader_state *state, const xmlChar *name,
                                                            const xmlChar *prefix, const xmlChar *uri) {
    if (name != NULL) {
        state->slow_start(state->builder, name, prefix, uri);
    }
}

/// libxml2's `startElementNs` callback. A `<key>` after a value, or a `<string>`,
/// `<integer>`, `<real>`, `<true/>` or `<false/>` after a key, opened in the root dict and
/// written with no prefix and no space before its `>`, is opened here: the offset of its
/// `<` is the name's length before the cursor. Every other tag goes to `slow_start`.
static inline void themekit_start_element(void *context, const xmlChar *name, const xmlChar *prefix,
                                          const xmlChar *uri, int namespaces_count, const xmlChar **namespaces,
                                          int attributes_count, int defaulted_count, const xmlChar **attributes) {
    (void)namespaces_count;
    (void)namespaces;
    (void)attributes_count;
    (void)defaulted_count;
    (void)attributes;
    themekit_reader_state *state = (themekit_reader_state *)context;
    if (state->fast && !state->open_role && prefix == NULL && uri == NULL) {
        const themekit_name_slot *slot = themekit_name_slot_find(state->names, name);
        if (slot != NULL && slot->role != 0 && (slot->role == 1) == !state->has_key) {
            long at = themekit_cursor(state) - (long)slot->length - 1;
            if (at >= 0 && state->base + at < state->end && state->base[at] == '<') {
                state->open = slot->element;
                state->open_role = slot->role;
                state->open_start = at;
                themekit_reset_text(state);
                state->collecting = 1;
                return;
            }
        }
    }
    themekit_start_slowly(state, name, prefix, uri);
}

/// libxml2's `endElementNs` callback. Closes what `themekit_start_element` opened: a key
/// waits for its value; a value makes its entry (`entry`). Every other end tag goes to
/// `slow_end`.
static inline void themekit_end_element(void *context, const xmlChar *name, const xmlChar *prefix,
                                        const xmlChar *uri) {
    (void)name;
    (void)prefix;
    (void)uri;
    themekit_reader_state *state = (themekit_reader_state *)context;
    if (!state->open_role) {
        state->slow_end(state->builder);
        return;
    }
    long end = themekit_cursor(state);
    int element = state->open;
    int role = state->open_role;
    state->open_role = 0;
    state->collecting = 0;
    if (role == 1) {
        themekit_text_ref(state, &state->key_start, &state->key_count);
        state->key_from = state->open_start;
        state->key_to = end;
        state->has_key = 1;
    } else {
        state->entry(state->builder, element, state->open_start, end);
    }
    themekit_reset_text(state);
}

#endif
