#ifndef SIFT_CEDITLINE_SHIM_H
#define SIFT_CEDITLINE_SHIM_H
#include <stdio.h>
#include <histedit.h>

/// libedit's el_set/el_get/history are C-variadic, which Swift cannot call: these wrappers are not.
static inline EditLine *sift_el_init(const char *prog) { return el_init(prog, stdin, stdout, stderr); }

/// The prompt: a function libedit calls before each line.
static inline int sift_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) { return el_set(el, EL_PROMPT, prompt); }

/// "emacs" or "vi".
static inline int sift_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }

/// Let libedit restore the terminal on signals and follow window-size changes.
static inline int sift_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }

/// Adds a named editor function (bindable with sift_el_bind).
static inline int sift_el_addfn(EditLine *el, const char *name, const char *help, unsigned char (*function)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds a key sequence ("^I", "^R") to a named function.
static inline int sift_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}

/// Changes a terminal mode flag while editing, e.g. "-isig" so Control-C reaches the editor.
static inline int sift_el_setty_edit(EditLine *el, const char *flag) { return el_set(el, EL_SETTY, "-d", flag, NULL); }

static inline int sift_el_set_hist(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }

static inline int sift_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

static inline void *sift_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/// A history of at most `size` entries that skips consecutive duplicates.
static inline History *sift_history_init(int size) {
    History *h = history_init();
    HistEvent event;
    if (h) {
        history(h, &event, H_SETSIZE, size);
        history(h, &event, H_SETUNIQUE, 1);
    }
    return h;
}

static inline int sift_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

/// Writes text to the terminal libedit draws on, and flushes it.
static inline void sift_write_stdout(const char *text) {
    fputs(text, stdout);
    fflush(stdout);
}
#endif
