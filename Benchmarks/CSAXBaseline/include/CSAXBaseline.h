#ifndef THEMEKIT_CSAXBASELINE_H
#define THEMEKIT_CSAXBASELINE_H

/// The floor for the benchmark: libxml2's SAX2 parser over `length` bytes (followed by a
/// NUL) with the same options ThemeKit uses, reading them in place as ThemeKit does, and
/// callbacks that do nothing. Returns the number of elements
/// seen (so the work cannot be optimised away), or -1 if the document is not well formed.
long themebench_sax_noop(const char *bytes, int length);

/// Bytes of heap in use (glibc's `mallinfo2()`: `uordblks`, the arenas' blocks in use, plus
/// `hblkhd`, the blocks mapped on their own), or -1 where that is not known.
long themebench_heap_in_use(void);

/// This process's peak resident set size in kilobytes (`VmHWM` on Linux).
long themebench_peak_rss_kb(void);

#endif
