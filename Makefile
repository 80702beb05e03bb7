# Flipbook — the two commands a fresh machine needs:
#   make demo   install what is missing, render the demo clips and stills into out/
#   make test   install what is missing, run the test suite (what CI runs)

SWIFT ?= swift
OUT ?= out
RELEASE_BIN = .build/release

.PHONY: deps demo test test-only valgrind bench clean

deps:
	@bash scripts/install-deps.sh

demo: deps
	$(SWIFT) build -c release --product flipbook
	@mkdir -p $(OUT)
	$(RELEASE_BIN)/flipbook render confetti -o $(OUT)/confetti.mp4
	$(RELEASE_BIN)/flipbook render ripples -o $(OUT)/ripples.mp4
	$(RELEASE_BIN)/flipbook still Fixtures/Scenes/confetti-and-ripples.json --time 0.8 -o $(OUT)/still.png
	$(RELEASE_BIN)/flipbook still Fixtures/Scenes/confetti-and-ripples.json --time 0.8 -o $(OUT)/still.pdf
	@echo "Wrote $(abspath $(OUT))/confetti.mp4, ripples.mp4, still.png and still.pdf"

test: deps test-only

test-only:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Runs the test binary under memcheck; fails on bytes definitely lost by Flipbook code.
valgrind: deps
	@bash scripts/install-deps.sh valgrind
	$(SWIFT) build --build-tests
	bash scripts/memcheck.sh

bench: deps
	$(SWIFT) build -c release --product flipbook-bench
	$(RELEASE_BIN)/flipbook-bench all

clean:
	rm -rf .build $(OUT)
