#ifndef SIFT_CSIFTEXTENSION_H
#define SIFT_CSIFTEXTENSION_H

/// The SQLite routines Sift's loadable extension uses, as plain C functions for its Swift part.
///
/// Each one calls SQLite through the routines table the host handed to `sqlite3_sift_init`
/// (`SQLITE_EXTENSION_INIT2`), never through a linked libsqlite3: the host may carry its own copy of
/// SQLite (Python, Node and Go bindings often do). The types are declared opaque here, and no
/// SQLite header is included, so that the Swift side cannot call an `sqlite3_*` function directly.

#include <stdint.h>

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_context sqlite3_context;
typedef struct sqlite3_value sqlite3_value;

/// SQLite's storage classes as `sift_extension_value_type` reports them (SQLITE_INTEGER ... SQLITE_NULL).
enum {
    SIFT_EXTENSION_INTEGER = 1,
    SIFT_EXTENSION_FLOAT = 2,
    SIFT_EXTENSION_TEXT = 3,
    SIFT_EXTENSION_BLOB = 4,
    SIFT_EXTENSION_NULL = 5,
};

/// Registers the SQL function `name` (UTF-8, deterministic, innocuous); calls reach
/// `sift_extension_call_function` with `index`. Returns SQLite's result code.
int sift_extension_create_function(sqlite3 *database, const char *name, int argumentCount, int index);

/// Registers the collation `name`; comparisons reach `sift_extension_compare` with `index`.
int sift_extension_create_collation(sqlite3 *database, const char *name, int index);

/// Registers the zero-argument function `name` that fails the statement with `message` (Sift's
/// `sift_trap()`: a selected value on which Swift would trap). Not deterministic, so that SQLite
/// never evaluates it ahead of the row that needs it.
int sift_extension_create_trap_function(sqlite3 *database, const char *name, const char *message);

int sift_extension_value_type(sqlite3_value *value);
int64_t sift_extension_value_int64(sqlite3_value *value);
double sift_extension_value_double(sqlite3_value *value);
/// The value's bytes as UTF-8 text (call before `sift_extension_value_bytes`, as SQLite documents).
const unsigned char *sift_extension_value_text(sqlite3_value *value);
const void *sift_extension_value_blob(sqlite3_value *value);
int sift_extension_value_bytes(sqlite3_value *value);

void sift_extension_result_null(sqlite3_context *context);
/// Sets a copy of an argument as the result.
void sift_extension_result_value(sqlite3_context *context, sqlite3_value *value);
void sift_extension_result_int64(sqlite3_context *context, int64_t value);
void sift_extension_result_double(sqlite3_context *context, double value);
/// Sets a UTF-8 text result; SQLite copies the bytes.
void sift_extension_result_text(sqlite3_context *context, const char *bytes, uint64_t count);
/// Sets a BLOB result; SQLite copies the bytes (an empty BLOB when `count` is 0).
void sift_extension_result_blob(sqlite3_context *context, const void *bytes, uint64_t count);

// Implemented in Swift (the SiftExtension module), called by the C part.

/// Registers every Sift function and collation on `database`; returns SQLite's result code and,
/// on failure, sets `*message` to a string allocated with `sift_extension_message`.
int sift_extension_register(sqlite3 *database, char **message);

/// Evaluates the function at `index` of the registration order.
void sift_extension_call_function(sqlite3_context *context, int index, int argumentCount, sqlite3_value **arguments);

/// Compares two UTF-8 strings with the collation at `index`: -1, 0 or 1.
int sift_extension_compare(int index, int leftCount, const void *left, int rightCount, const void *right);

/// A copy of `text` in memory from `sqlite3_malloc` (for the host to free), or NULL.
char *sift_extension_message(const char *text);

#endif
