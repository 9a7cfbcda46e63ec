#ifndef SIFT_CEDITLINE_SHIM_H
#define SIFT_CEDITLINE_SHIM_H
#include <stdio.h>
#include <histedit.h>

/// libedit's el_set/el_get/history are C-variadic, which Swift cannot call: these wrappers are not.
static inline EditLine *sift_el_init(const char *prog) { return el_init(prog, stdin, stdout, stderr); }

#endif
