# Flipbook — the two commands a fresh machine needs:
#   make demo   install what is missing, render the demo clips and stills into out/
#   make test   install what is missing, build the documentation, fuzz the parsers, the Lottie checks
#               and the fast fill for a fixed number of runs, run the memcheck run, render and join
#               chunks on a local one-node Slurm cluster (as root on Linux), the test suite, the
#               tests of the studio, the render service and the MCP server, and the studio's page in
#               the browser (what CI runs; on macOS, where valgrind and libFuzzer's runtime are not at
#               hand, docs and tests alone)
#   make check  the quick loop while working: the debug build and the test suite, without the release
#               tool's suites, the tests marked .slow, fuzzing, memcheck, the browser, the cluster or the
#               servers' package (Studio/, which alone builds Hummingbird, GRDB and the MCP SDK)
#   make docs   build the DocC documentation archive (Sources/Flipbook/Flipbook.docc)
#   make studio build flipbook-studio, the server `flipbook studio` starts (the package in Studio/)
#   make serve  build flipbook-serve, the render service `flipbook serve` starts (the same package)
#   make mcp    build flipbook-mcp, the server `flipbook mcp` runs (the same package)

SWIFT ?= swift
# Debug builds give C code DWARF 4: valgrind 3.19 (Debian 12) cannot read the DWARF 5 forms clang
# emits by default (DW_FORM_strx, DW_FORM_addrx) and gives up on the whole binary. Every debug build
# of the root package uses the same flags, so none rebuilds another's objects.
DEBUG_FLAGS = -Xcc -gdwarf-4
# The servers (studio, render service, MCP) are a package of their own, built into Studio/.build: its
# build of the library shares no objects with the root's, and the root never resolves their
# dependencies; one package, so the library is built once for the three.
STUDIO_PACKAGE = --package-path Studio
# Its debug builds carry no Swift debug information: nothing runs them under valgrind, and they
# build with a tenth less CPU (270 against 305 CPU-s from scratch). All of its builds use these
# flags, so none rebuilds another's objects; for lldb, build it by hand without them.
STUDIO_FLAGS = -Xswiftc -gnone
OUT ?= out
RELEASE_BIN = .build/release
# The system libraries' pkg-config names, as Package.swift's system-library targets state them.
SYSTEM_LIBRARIES := $(shell sed -n 's/.*pkgConfig: "\(.*\)".*/\1/p' Package.swift)
UNAME := $(shell uname -s)

.PHONY: deps test-deps demo check test test-only valgrind $(TEST_STEPS) test-release-build test-studio-build memcheck-only fuzz bench docs clean browser-check \
	slurm-test slurm-test-portable studio studio-test studio-check serve portable mcp

deps:
	@bash scripts/install-deps.sh

demo: deps
	$(SWIFT) build -c release --product flipbook
	@mkdir -p $(OUT)
	$(RELEASE_BIN)/flipbook render confetti -o $(OUT)/confetti.mp4
	$(RELEASE_BIN)/flipbook render ripples -o $(OUT)/ripples.mp4
	$(RELEASE_BIN)/flipbook still Fixtures/Scenes/confetti-and-ripples.json --time 1.5 -o $(OUT)/still.png
	$(RELEASE_BIN)/flipbook still Fixtures/Scenes/confetti-and-ripples.json --time 1.5 -o $(OUT)/still.pdf
	$(RELEASE_BIN)/flipbook still Fixtures/Templates/card.json --set name=Ada --time 1.2 -o $(OUT)/card.png
	@# Three of the 50 customers (every 17th row from the first): one template, one clip per row.
	$(RELEASE_BIN)/flipbook batch --template Fixtures/Templates/card.json --data Fixtures/Templates/customers.csv \
		--shard 1/17 -o '$(OUT)/cards/{{id}}.mp4'
	@echo "Wrote $(abspath $(OUT))/confetti.mp4, ripples.mp4, still.png, still.pdf, card.png and cards/"

# make test on Linux: its steps form a graph that `make -j4` runs beside the fuzz targets, which run
# at a lower priority and fill the cores the steps leave idle (scripts/beside-fuzzing.sh); each
# step's output is shown whole when it ends. The root package is built once, optimised, with its
# tests (`-enable-testing` for their @testable imports), in a folder of its own (.build/test-release:
# the demo's release build and make check's debug build keep theirs); everything of the root runs
# from it: the suite (1,165 tests in 86 CPU-s against 228 for the debug build), the 1080p workloads,
# memcheck, the browser, Slurm and the documentation. C code gets DWARF 4, which valgrind reads. The
# servers' package builds beside it into Studio/.build. The test binaries run directly
# (scripts/run-tests.sh), holding no build folder's lock. valgrind does not run on macOS, so there
# `make test` is the test suite and the documentation.
TEST_STEPS = test-suite test-suite-release test-suite-servers test-memcheck test-memcheck-shapes test-browser test-slurm \
	test-studio test-studio-check test-docs
TEST_RELEASE_SCRATCH = $(CURDIR)/.build/test-release
TEST_RELEASE_BIN = $(TEST_RELEASE_SCRATCH)/release
TEST_BUILD_FLAGS = -c release --scratch-path $(TEST_RELEASE_SCRATCH) -Xswiftc -enable-testing $(DEBUG_FLAGS)
# What scripts/run-tests.sh needs to find that build's tests.
TEST_RUN = --scratch-path $(TEST_RELEASE_SCRATCH) -c release
# The servers the root's tools start come from the servers' package's debug build: an optimised
# `flipbook` would otherwise look for its release build.
STUDIO_BIN = $(CURDIR)/Studio/.build/debug
SERVER_PROGRAMS = FLIPBOOK_STUDIO=$(STUDIO_BIN)/flipbook-studio FLIPBOOK_SERVE=$(STUDIO_BIN)/flipbook-serve \
	FLIPBOOK_MCP=$(STUDIO_BIN)/flipbook-mcp
ifeq ($(UNAME),Darwin)
test: deps test-only
	@$(MAKE) --no-print-directory test-docs
else
test: deps test-deps
	@bash scripts/beside-fuzzing.sh $(TEST_FUZZ_RUNS) -- \
	    $(MAKE) --no-print-directory -j4 --output-sync=target $(TEST_STEPS)
endif

# The suites that render the 1080p benchmark workloads (x264 parity with the ffmpeg command, the
# level's bit rate cap) run the optimised tool: the debug build draws them 20–50× slower. The suites
# that run `flipbook serve` and `flipbook mcp` need the servers' package built.
RELEASE_SUITES = X264ConformanceTests
SERVER_SUITES = ServeProgramTests|MCPToolTests

test-release-build:
	$(SWIFT) build $(TEST_BUILD_FLAGS) --build-tests

test-suite: test-release-build
	@bash scripts/run-tests.sh FLIPBOOK_SKIP_SLOW_TESTS=0 -- $(TEST_RUN) --skip '$(RELEASE_SUITES)|$(SERVER_SUITES)'

test-suite-servers: test-release-build test-studio-build
	@bash scripts/run-tests.sh $(SERVER_PROGRAMS) -- $(TEST_RUN) --filter '$(SERVER_SUITES)'

test-suite-release: test-release-build
	@bash scripts/run-tests.sh FLIPBOOK_RELEASE_TOOL=$(TEST_RELEASE_BIN)/flipbook -- $(TEST_RUN) --filter '$(RELEASE_SUITES)'

test-memcheck: test-release-build
	FLIPBOOK_PROGRAM_BIN=$(TEST_RELEASE_BIN) bash scripts/memcheck.sh programs

test-memcheck-shapes: test-release-build
	FLIPBOOK_RELEASE_BIN=$(TEST_RELEASE_BIN) bash scripts/memcheck.sh shapes

test-browser: test-release-build
	FLIPBOOK_RELEASE_BIN=$(TEST_RELEASE_BIN) bash scripts/browser-check.sh

test-slurm: test-release-build
	bash scripts/slurm-test.sh "$(TEST_RELEASE_BIN)/flipbook"

# The servers' build is the one the fewest steps wait for: it yields to the other two.
test-studio-build:
	nice -n 5 $(SWIFT) build $(STUDIO_PACKAGE) $(STUDIO_FLAGS) --build-tests

test-studio: test-studio-build
	@bash scripts/run-tests.sh -- $(STUDIO_PACKAGE)

test-studio-check: test-studio-build test-release-build
	FLIPBOOK_PROGRAM_BIN=$(TEST_RELEASE_BIN) bash scripts/studio-check.sh

test-docs: test-release-build
	@$(MAKE) --no-print-directory docs DOCS_BUILD_FLAGS='$(TEST_BUILD_FLAGS)' DOCS_SCRATCH=$(TEST_RELEASE_SCRATCH)

# Everything the checks below install, in one apt-get run rather than one per check; fonts-noto-cjk
# is the machine font the text tests fall back to for Japanese, which the carried fonts lack.
TEST_PACKAGES = ffmpeg valgrind binutils chromium python3-websocket slurm-wlm munge fonts-noto-cjk
test-deps:
	@bash scripts/install-deps.sh $(TEST_PACKAGES)

# The thirteen libFuzzer targets in Fuzz/, FUZZ_RUNS runs each from a fixed seed; fails on any crash.
# make test runs half of them, from the same seed:
# beside its checks, the whole would take it past fifteen minutes on two cores.
FUZZ_RUNS ?= 20000
TEST_FUZZ_RUNS ?= 10000
fuzz: deps
	bash scripts/fuzz.sh $(FUZZ_RUNS)

# A one-node Slurm cluster on this machine renders a clip in chunks with docs/recipes/slurm and joins
# them (scripts/slurm-test.sh); it skips, saying why, where it cannot run (not Linux, not root).
slurm-test: deps
	$(SWIFT) build $(DEBUG_FLAGS) --product flipbook
	bash scripts/slurm-test.sh "$$($(SWIFT) build --show-bin-path)/flipbook"

# The same with the portable tarball, as a cluster without Swift runs the recipe: `make portable`
# first (a release build linked with the Swift runtime, its libraries copied: minutes, so not part of
# make test), then the jobs unpack dist/flipbook-VERSION-linux-ARCH.tar.gz on the node.
slurm-test-portable: portable
	$(SWIFT) build $(DEBUG_FLAGS) --product flipbook
	FLIPBOOK_DIST="$$(ls -t dist/flipbook-*-linux-$$(uname -m).tar.gz | head -n 1)" \
	    bash scripts/slurm-test.sh "$$($(SWIFT) build --show-bin-path)/flipbook"

# The whole test suite, from make test's optimised build, in one run: make test on macOS (on Linux
# make test runs its parts as steps of its own).
test-only: test-release-build
	@bash scripts/install-deps.sh ffmpeg
	@bash scripts/run-tests.sh FLIPBOOK_RELEASE_TOOL=$(TEST_RELEASE_BIN)/flipbook FLIPBOOK_SKIP_SLOW_TESTS=0 -- $(TEST_RUN)

# The debug build, which rebuilds only what an edit touched: without FLIPBOOK_RELEASE_TOOL the suites
# that render the 1080p workloads are reported skipped, and FLIPBOOK_SKIP_SLOW_TESTS=1 skips the tests
# marked .slow (both say why).
check: deps
	$(SWIFT) build $(DEBUG_FLAGS) --build-tests
	@bash scripts/run-tests.sh FLIPBOOK_SKIP_SLOW_TESTS=1

# The web formats played in headless Chromium: a transparent VP9 WebM must show its alpha, AV1 and
# H.264 their colours, an MP4 and a WebM with sound must decode and play it, an animated GIF's frames
# must equal Chromium's (scripts/browser/).
browser-check: deps
	$(SWIFT) build -c release --product flipbook
	bash scripts/browser-check.sh

# flipbook-studio, debug, into Studio/.build/debug, where a debug `flipbook studio` finds it.
studio: deps
	$(SWIFT) build $(STUDIO_PACKAGE) $(STUDIO_FLAGS) --product flipbook-studio

# flipbook-serve, debug, into Studio/.build/debug, where a debug `flipbook serve` finds it.
serve: deps
	$(SWIFT) build $(STUDIO_PACKAGE) $(STUDIO_FLAGS) --product flipbook-serve

# dist/flipbook-VERSION-linux-ARCH.tar.gz: flipbook with the Swift runtime linked in and every other
# library it loads beside it (scripts/portable.sh), then checked under env -i (scripts/portable-check.sh).
portable: deps
	bash scripts/portable.sh
	bash scripts/portable-check.sh

# The servers' package's own tests (Studio/Tests: the studio, the render service, the MCP server driven
# by a scripted client), in a new empty TMPDIR like the root's.
studio-test: deps
	$(SWIFT) build $(STUDIO_PACKAGE) $(STUDIO_FLAGS) --build-tests
	@bash scripts/run-tests.sh -- $(STUDIO_PACKAGE)

# flipbook-mcp, debug, into Studio/.build/debug, where a debug `flipbook mcp` finds it.
mcp: deps
	$(SWIFT) build $(STUDIO_PACKAGE) $(STUDIO_FLAGS) --product flipbook-mcp

# Flipbook Studio's page in headless Chromium: the first frame, and the newest frame after fast
# scrubbing (scripts/studio-check.sh), with the debug builds of flipbook and flipbook-studio.
studio-check: studio
	$(SWIFT) build $(DEBUG_FLAGS) --product flipbook
	bash scripts/studio-check.sh

# Runs Flipbook under memcheck; fails on bytes definitely lost, or memory errors, in Flipbook code.
valgrind: deps memcheck-only

memcheck-only:
	@bash scripts/install-deps.sh valgrind binutils
	$(SWIFT) build $(DEBUG_FLAGS) --product FlipbookMemcheck
	$(SWIFT) build $(DEBUG_FLAGS) --product flipbook
	$(SWIFT) build -c release --product FlipbookMemcheck
	bash scripts/memcheck.sh

# The workloads B1–B5 against their encoder floors, each measurement in its own process; prints
# the table of Benchmarks/end-to-end.md. Then `flipbook render` of B1–B3 against the `ffmpeg`
# command encoding the same frames (the README's performance table). `flipbook-bench workloads B2`
# runs one workload; `flipbook-bench segments` measures segment-parallel encoding (Benchmarks/segments.md).
bench: deps
	@bash scripts/install-deps.sh ffmpeg
	$(SWIFT) build -c release --product flipbook-bench
	$(SWIFT) build -c release --product flipbook
	$(RELEASE_BIN)/flipbook-bench all
	$(RELEASE_BIN)/flipbook-bench versus-ffmpeg

# The DocC archive for `import Flipbook`: the catalog's articles and snippets over every public
# symbol of the modules Flipbook re-exports. SwiftPM's symbol-graph step (which the swift-docc-plugin
# uses) leaves re-exported modules out: it does not pass -experimental-allowed-reexported-modules,
# and handing the plugin a second graph of the same module makes DocC lose the snippets. So the
# plugin runs first (it builds Flipbook and extracts the snippets), the full graph is extracted here
# from the built module, and DocC converts the catalog with both. Fails if DocC warns about the
# catalog: a link to a symbol that does not exist, a missing snippet. The plugin builds with the
# debug flags every other debug build uses, so it shares their objects rather than rebuilding them
# (make test hands it its optimised build's flags and folder instead).
DOCS_BUILD_FLAGS = $(DEBUG_FLAGS)
DOCS_SCRATCH = .build
DOCS_ARCHIVE = .build/documentation/Flipbook.doccarchive
DOCS_GRAPHS = .build/documentation/symbol-graphs
DOCS_LOG = .build/documentation/docc.log
# Every C module's map (the system libraries' and the kernels'), which the symbol graph's clang needs.
C_MODULE_MAPS = $(wildcard Sources/C*/module.modulemap Sources/C*/include/module.modulemap)
DOCS_MODULES = FlipbookCore,FlipbookDrawing,FlipbookAudio,FlipbookAnimation,FlipbookSceneFile,FlipbookVideo,FlipbookRender
ifeq ($(UNAME),Darwin)
SYMBOLGRAPH_EXTRACT = xcrun swift-symbolgraph-extract -sdk "$$(xcrun --show-sdk-path)"
DOCC = xcrun docc
else
SYMBOLGRAPH_EXTRACT = swift-symbolgraph-extract
DOCC = docc
endif

docs: deps
	$(SWIFT) package $(DOCS_BUILD_FLAGS) generate-documentation --target Flipbook > /dev/null
	rm -rf $(DOCS_GRAPHS) && mkdir -p $(DOCS_GRAPHS)
	cp $(DOCS_SCRATCH)/plugins/Swift-DocC/outputs/.build/symbol-graphs/snippet-symbol-graphs/*/Flipbook-snippets.symbols.json $(DOCS_GRAPHS)/
	bin="$$($(SWIFT) build $(DOCS_BUILD_FLAGS) --show-bin-path)"; \
	triple="$$($(SWIFT) -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$$/\1/p' | head -n 1)"; \
	$(SYMBOLGRAPH_EXTRACT) -module-name Flipbook -target "$$triple" -I "$$bin/Modules" -I "$$bin" \
	    $(foreach map,$(C_MODULE_MAPS),-Xcc -fmodule-map-file=$(map)) \
	    $$(for flag in $$(pkg-config --cflags-only-I $(SYSTEM_LIBRARIES)); do \
	        printf -- '-Xcc %s ' "$$flag"; done) \
	    -minimum-access-level public -emit-extension-block-symbols \
	    -experimental-allowed-reexported-modules=$(DOCS_MODULES) -output-dir $(DOCS_GRAPHS)
	rm -rf $(DOCS_ARCHIVE)
	$(DOCC) convert Sources/Flipbook/Flipbook.docc --additional-symbol-graph-dir $(DOCS_GRAPHS) \
	    --fallback-display-name Flipbook --fallback-bundle-identifier Flipbook \
	    --output-path $(DOCS_ARCHIVE) 2>&1 | tee $(DOCS_LOG)
	@if grep -E -q -- '--> [^ ]*\.md:' $(DOCS_LOG); then \
	    echo "error: DocC warned about the catalog (Sources/Flipbook/Flipbook.docc); see above" >&2; exit 1; fi
	@test -d $(DOCS_ARCHIVE) && echo "Wrote $(abspath $(DOCS_ARCHIVE)) (view it with: $(DOCC) preview Sources/Flipbook/Flipbook.docc --additional-symbol-graph-dir $(DOCS_GRAPHS))"

clean:
	rm -rf .build Studio/.build $(OUT)
