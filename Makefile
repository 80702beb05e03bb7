# Flipbook — the two commands a fresh machine needs:
#   make demo   install what is missing, render the demo clips and stills into out/
#   make test   install what is missing, run the test suite and the memcheck run (what CI runs)

SWIFT ?= swift
OUT ?= out
RELEASE_BIN = .build/release

.PHONY: deps demo test test-only valgrind memcheck-only bench clean

deps:
	@bash scripts/install-deps.sh

demo: deps
	$(SWIFT) build -c release --product flipbook
	@mkdir -p $(OUT)
	$(RELEASE_BIN)/flipbook render confetti -o $(OUT)/confetti.mp4
	$(RELEASE_BIN)/flipbook render ripples -o $(OUT)/ripples.mp4
	$(RELEASE_BIN)/flipbook still Fixtures/Scenes/confetti-and-ripples.json --time 1.5 -o $(OUT)/still.png
	$(RELEASE_BIN)/flipbook still Fixtures/Scenes/confetti-and-ripples.json --time 1.5 -o $(OUT)/still.pdf
	@echo "Wrote $(abspath $(OUT))/confetti.mp4, ripples.mp4, still.png and still.pdf"

# Memcheck first, so the run ends with the test runner's own summary line.
test: deps memcheck-only test-only

test-only:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

# Runs Flipbook under memcheck; fails on bytes definitely lost, or memory errors, in Flipbook code.
valgrind: deps memcheck-only

memcheck-only:
	@bash scripts/install-deps.sh valgrind
	$(SWIFT) build --product FlipbookMemcheck
	$(SWIFT) build --product flipbook
	bash scripts/memcheck.sh

# Issue #5's workloads B1–B4 against their encoder floors, each measurement in its own process;
# prints the table the README's Performance section shows. `flipbook-bench workloads B2` runs one.
bench: deps
	$(SWIFT) build -c release --product flipbook-bench
	$(RELEASE_BIN)/flipbook-bench all

clean:
	rm -rf .build $(OUT)
