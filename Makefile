# Sift: `make run` opens the REPL on the example database, `make test` runs every test.
# Both install what is missing first (Debian packages, with apt-get).

SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=
# The release binaries carry the Swift runtime and Foundation inside (no libswiftCore.so and
# friends to load): the `sift` command runs on a machine without Swift, starts in about half the
# time with a quarter less memory, and its calls into the runtime (retain, release, allocation:
# hundreds per compiled query) are direct calls instead of jumps through the dynamic linker's
# tables. The library itself is linked as the program that embeds it chooses.
RELEASE_FLAGS ?= -c release --static-swift-stdlib
RELEASE_BIN = .build/release
APT_PACKAGES = libsqlite3-dev libedit-dev pkg-config sqlite3 tmux
EXAMPLE_DBS = Examples/example.sqlite Examples/coredata.sqlite

.PHONY: all deps build release install run test bench bench-instructions fuzz docs clean examples

all: build

# Installs the C libraries and tools when missing (apt-get update first, as on a fresh machine).
# PostgreSQL's server is for the tests, which start a private one (Debian puts initdb and pg_ctl in
# /usr/lib/postgresql/<version>/bin, off PATH; the tests look there).
deps:
	@missing=""; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	pkg-config --exists libedit 2>/dev/null || missing="$$missing libedit-dev"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	command -v sqlite3 >/dev/null || missing="$$missing sqlite3"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	pkg-config --exists libpq 2>/dev/null || missing="$$missing libpq-dev"; \
	command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

# Also the SQLite loadable extension, as libsift.so beside sift (the name from which SQLite derives
# its entry point, sqlite3_sift_init), checked: it must not link libsqlite3 nor the Swift runtime's
# shared libraries, must leave no sqlite3_* symbol for the dynamic linker to bind (it calls SQLite
# through the routines the host passes in), and must export only its entry point.
# The extension builds in a scratch directory of its own: building the two products one after the
# other in one directory makes SwiftPM recompile every module at each switch, so `make run` after
# `make release` would rebuild both; apart, a second `make release` finds both up to date.
EXTENSION = libsift.so
EXTENSION_SCRATCH = .build/extension
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --product sift
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --scratch-path $(EXTENSION_SCRATCH) --product SiftExtension
	@rm -f $(RELEASE_BIN)/$(EXTENSION)
	cp -p $(EXTENSION_SCRATCH)/release/libSiftExtension.so $(RELEASE_BIN)/$(EXTENSION)
	@so=$(RELEASE_BIN)/$(EXTENSION); \
	if readelf --dynamic --wide $$so | grep NEEDED | grep -E 'libsqlite3|libswift|libFoundation|libdispatch|libBlocksRuntime|libicu'; then \
		echo "error: $$so needs a library a machine without Swift may not have (above)"; exit 1; fi; \
	if nm --dynamic --undefined-only $$so | grep sqlite3; then echo "error: $$so calls SQLite outside the host's routines (above)"; exit 1; fi; \
	exported="$$(nm --dynamic --defined-only --extern-only $$so | awk '{print $$3}')"; \
	if [ "$$exported" != sqlite3_sift_init ]; then echo "error: $$so exports more than sqlite3_sift_init: $$exported"; exit 1; fi; \
	echo "Built $(RELEASE_BIN)/sift and $$so"

# Installs a stripped sift in $(PREFIX)/bin and the extension in $(PREFIX)/lib, under DESTDIR when
# given (staged installs, packages). `sift extension-path` finds it there: ../lib beside sift's bin.
PREFIX ?= /usr/local
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib
	install -m 755 -s $(RELEASE_BIN)/sift $(DESTDIR)$(PREFIX)/bin/sift
	install -m 644 -s $(RELEASE_BIN)/$(EXTENSION) $(DESTDIR)$(PREFIX)/lib/$(EXTENSION)

# The example databases are built from checked-in SQL (no binary blobs in the repository).
Examples/%.sqlite: Examples/%.sql
	@rm -f $@ $@.tmp
	sqlite3 $@.tmp < $<
	@mv $@.tmp $@

examples: deps $(EXAMPLE_DBS)

run: release examples
	$(RELEASE_BIN)/sift

# Then the suites of the code that reads and writes bytes through pointers (SQL fragments, the
# in-place SQL writer and its word scans, the lexer) again under AddressSanitizer, built apart in
# .build/asan so the normal build is not rebuilt. Leak detection is off: these runs look for
# reads and writes out of bounds.
# Last, a short fuzz run (TEST_FUZZ_SECONDS per target, with its sanitizer build in .build/fuzz):
# it fails on a crash, an AddressSanitizer error, a leak, or a target that runs without coverage.
ASAN_SUITES = SQLFragmentTests|BindingBytesTests|FragmentBytesSafetyTests|WordScanTests|InPlaceLoweringTests|LexerTests|LexerFastPathTests|KeywordKindTests
TEST_FUZZ_SECONDS ?= 60
test: deps examples
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_BUILD_FLAGS)
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan $(SWIFT_BUILD_FLAGS)
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan \
		--filter '$(ASAN_SUITES)' $(SWIFT_BUILD_FLAGS)
	SWIFT="$(SWIFT)" FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) Fuzz/run-fuzzers.sh

# The release sift binary is built too: the process suite measures its start-up and memory.
# The benchmark database is generated once into bench-data/ (about 20 s at the default scale).
bench: deps examples
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --product sift
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --product sift-bench
	$(RELEASE_BIN)/sift-bench $(BENCH_ARGS)

# The compile/prepare target in instructions (callgrind): repeatable to the instruction, where
# times vary from run to run; compilation through SiftDatabase.compile is counted beside the core.
# Installs valgrind when missing. About a quarter of an hour.
bench-instructions: deps examples
	@command -v valgrind >/dev/null || { echo "Installing: valgrind"; SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq valgrind >/dev/null; }
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --product sift-bench
	$(RELEASE_BIN)/sift-bench --instructions $(BENCH_ARGS)

# libFuzzer over the whole compiler and over the model-file reader, with AddressSanitizer; fails on
# any crash, leak or timeout, and when a target runs without coverage. FUZZ_SECONDS=N per target
# (default 90), see Fuzz/run-fuzzers.sh.
fuzz: deps
	SWIFT="$(SWIFT)" Fuzz/run-fuzzers.sh

# The documentation: the compiler's symbol graphs of the library products' modules, then the
# toolchain's own docc (no plugin package) with the catalog Sources/Sift/Sift.docc, into
# .build/docs/Sift.doccarchive. Regenerates docs/API.md, the list of public declarations, and
# fails when one of the package's internals is public or a public declaration has no
# documentation comment.
DOCC ?= $(shell command -v docc 2>/dev/null || echo "$$(dirname "$$(readlink -f "$$(command -v swift)")")/docc")
DOC_MODULES = Sift SiftSyntax SiftSchema SiftChecker SiftSQL SiftEvaluator SiftSQLite
docs: deps
	$(SWIFT) package dump-symbol-graph --skip-synthesized-members --minimum-access-level public $(SWIFT_BUILD_FLAGS) >/dev/null
	@rm -rf .build/docs/symbol-graphs .build/docs/Sift.doccarchive && mkdir -p .build/docs/symbol-graphs
	@graphs="$$(dirname "$$($(SWIFT) build --show-bin-path $(SWIFT_BUILD_FLAGS))")/symbolgraph"; \
	for module in $(DOC_MODULES); do cp "$$graphs/$$module".symbols.json "$$graphs/$$module"@*.symbols.json .build/docs/symbol-graphs/ 2>/dev/null || true; done
	$(SWIFT) docs/tools/PublicAPI.swift .build/docs/symbol-graphs docs/API.md --require-docs
	$(DOCC) convert Sources/Sift/Sift.docc --additional-symbol-graph-dir .build/docs/symbol-graphs \
		--fallback-display-name Sift --fallback-bundle-identifier org.sift.Sift \
		--output-path .build/docs/Sift.doccarchive --warnings-as-errors
	@echo "Documentation: .build/docs/Sift.doccarchive; public declarations: docs/API.md"

clean:
	rm -rf .build $(EXAMPLE_DBS)
