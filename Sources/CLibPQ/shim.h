#ifndef SIFT_CLIBPQ_SHIM_H
#define SIFT_CLIBPQ_SHIM_H
#include <libpq-fe.h>

#endif
