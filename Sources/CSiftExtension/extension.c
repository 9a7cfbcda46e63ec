// The entry point of Sift's SQLite loadable extension and the SQLite calls of its Swift part, all
// through the routines table the host passes in (see include/CSiftExtension.h).
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <string.h>
#include "CSiftExtension.h"

#ifndef SQLITE_INNOCUOUS
#define SQLITE_INNOCUOUS 0x000200000
#endif

/// `.load PATH` finds this entry point in a file named libsift.so (or sift.so) without being told
/// its name: SQLite derives `sqlite3_<name>_init` from the file name.
int sqlite3_sift_init(sqlite3 *database, char **message, const sqlite3_api_routines *routines) {
    SQLITE_EXTENSION_INIT2(routines);
    return sift_extension_register(database, message);
}

static void sift_extension_function(sqlite3_context *context, int argumentCount, sqlite3_value **arguments) {
    int index = (int)(intptr_t)sqlite3_user_data(context);
    sift_extension_call_function(context, index, argumentCount, arguments);
}

static int sift_extension_collation(void *index, int leftCount, const void *left, int rightCount, const void *right) {
    return sift_extension_compare((int)(intptr_t)index, leftCount, left, rightCount, right);
}

int sift_extension_create_function(sqlite3 *database, const char *name, int argumentCount, int index) {
    return sqlite3_create_function_v2(
        database, name, argumentCount, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, (void *)(intptr_t)index,
        sift_extension_function, 0, 0, 0);
}

int sift_extension_create_collation(sqlite3 *database, const char *name, int index) {
    return sqlite3_create_collation_v2(database, name, SQLITE_UTF8, (void *)(intptr_t)index, sift_extension_collation, 0);
}

int sift_extension_value_type(sqlite3_value *value) { return sqlite3_value_type(value); }
int64_t sift_extension_value_int64(sqlite3_value *value) { return sqlite3_value_int64(value); }
double sift_extension_value_double(sqlite3_value *value) { return sqlite3_value_double(value); }
const unsigned char *sift_extension_value_text(sqlite3_value *value) { return sqlite3_value_text(value); }
const void *sift_extension_value_blob(sqlite3_value *value) { return sqlite3_value_blob(value); }
int sift_extension_value_bytes(sqlite3_value *value) { return sqlite3_value_bytes(value); }

void sift_extension_result_null(sqlite3_context *context) { sqlite3_result_null(context); }
void sift_extension_result_value(sqlite3_context *context, sqlite3_value *value) { sqlite3_result_value(context, value); }
void sift_extension_result_int64(sqlite3_context *context, int64_t value) { sqlite3_result_int64(context, value); }
void sift_extension_result_double(sqlite3_context *context, double value) { sqlite3_result_double(context, value); }

void sift_extension_result_text(sqlite3_context *context, const char *bytes, uint64_t count) {
    // A NULL pointer would make the result NULL: empty text gets a real (empty) string.
    sqlite3_result_text64(context, count == 0 ? "" : bytes, count, SQLITE_TRANSIENT, SQLITE_UTF8);
}

void sift_extension_result_blob(sqlite3_context *context, const void *bytes, uint64_t count) {
    if (count == 0) {
        sqlite3_result_zeroblob(context, 0);
    } else {
        sqlite3_result_blob64(context, bytes, count, SQLITE_TRANSIENT);
    }
}

static void sift_extension_trap(sqlite3_context *context, int argumentCount, sqlite3_value **arguments) {
    (void)argumentCount;
    (void)arguments;
    sqlite3_result_error(context, (const char *)sqlite3_user_data(context), -1);
}

int sift_extension_create_trap_function(sqlite3 *database, const char *name, const char *message) {
    // The message lives as long as the function: a copy SQLite frees when the function goes.
    char *copy = sift_extension_message(message);
    if (!copy) return SQLITE_NOMEM;
    return sqlite3_create_function_v2(database, name, 0, SQLITE_UTF8, copy, sift_extension_trap, 0, 0, sqlite3_free);
}

char *sift_extension_message(const char *text) {
    size_t length = strlen(text);
    char *copy = sqlite3_malloc((int)length + 1);
    if (copy) memcpy(copy, text, length + 1);
    return copy;
}
