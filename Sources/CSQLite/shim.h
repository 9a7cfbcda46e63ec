#ifndef SIFT_CSQLITE_SHIM_H
#define SIFT_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT does not import into Swift (it is a cast macro).
static inline sqlite3_destructor_type sift_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
