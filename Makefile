# The exchange's developer commands. Every module of go.work is tested on
# its own: `go test ./...` at the workspace root does not reach them.
#
# A newcomer needs Go and make, nothing else: `make run` and `make test`
# install what they lack on first use and say so (the pinned Go tools into
# ./bin, and from apt the C compiler cgo needs and Chromium). `make setup`
# does all of it at once, ahead of time.

GO            ?= go
BIN           := $(CURDIR)/bin
MODULES       := proto proto/runtime proto/client proto/chain engine gateway-clob gateway-gamma relayer settler scripts
RACE_MODULES  := proto proto/runtime engine
# The tests of these modules are built with the pred_invariants tag, under
# which the engine's core checks every invariant after every command. A
# module that also runs with -race gets a second pass for it: the race
# detector would make each walk of the whole state some 20 times slower.
INVARIANTS_MODULES := engine gateway-clob scripts
export PATH   := $(BIN):$(PATH)

# Tool versions are pinned: buf only installs at v1.73.0 from this
# machine's module proxy, and staticcheck must be new enough for Go 1.26.
BUF_VERSION           := v1.73.0
PROTOC_GEN_GO_VERSION := v1.36.12
STATICCHECK_VERSION   := v0.8.2

.PHONY: help setup tools test test-deps lint bench bench-quick proto proto-check contracts contracts-check asyncapi-lint run run-deps cluster cluster-deps cluster-down cluster-status chaos clean web-deps web-test web-build

help:
	@echo "make setup        install everything make test and make run need, ahead of time (they do it on first use)"
	@echo "make test         run every module's tests (-race on proto, proto/runtime and engine; engine invariants on)"
	@echo "make lint         gofmt, go vet and staticcheck on every module"
	@echo "make bench        measure and print '<name> <value> <unit>' lines, each group with its seconds and load (about half an hour on 2 cores)"
	@echo "make bench-quick  the same figures at smaller sizes, one timed run each: a few minutes (goal: 6 at most on 2 quiet cores)"
	@echo "make chaos        kill the engine, NATS, the settler and the relayer under load, then the fault campaign on a cluster (CHAOS_CLUSTER_DURATION=1h: an hour of it)"
	@echo "make run          run a devnet: chain, NATS, engine, CLOB and Gamma APIs in one process (state in ./data)"
	@echo "make cluster      run the exchange as separate processes: 3 NATS nodes, geth, engines, 2 of each API, relayers, settlers, HAProxy (state in ./data-cluster)"
	@echo "make cluster-status  print every process of the cluster: pid, addresses, role, health"
	@echo "make cluster-down stop the cluster, keeping its data (WIPE=1 deletes it)"
	@echo "make proto        regenerate the protobuf Go code"
	@echo "make proto-check  fail if the committed protobuf code is stale"
	@echo "make contracts    compile the Solidity contracts (solc from npm) and regenerate their Go bindings"
	@echo "make contracts-check  fail if the committed contract artifacts or bindings are stale"
	@echo "make asyncapi-lint  validate the streams' AsyncAPI documents with the AsyncAPI parser (from npm)"
	@echo "make web-test     build the TypeScript client (gateway-clob/web/client) and run its node tests, one against a devnet"
	@echo "make web-build    build the web app (gateway-clob/web/app) with Vite into the CLOB gateway's embedded files (make run, make test and make cluster do it)"

# setup fetches the modules the build and tests use. `go mod download`
# would fetch the whole module graph, some of which (deep in go-ethereum's)
# the proxy no longer serves and nothing here compiles.
setup: tools test-deps run-deps cluster-deps
	@echo "== downloading the Go modules every module builds and tests with"
	@for m in $(MODULES); do (cd $$m && $(GO) list -deps -test ./... >/dev/null) || exit 1; done

tools: $(BIN)/buf $(BIN)/protoc-gen-go $(BIN)/staticcheck $(BIN)/geth $(BIN)/nats-server $(BIN)/toxiproxy-server

$(BIN)/buf:
	@echo "== installing buf $(BUF_VERSION) into ./bin (protobuf lint and generation)"
	GOBIN=$(BIN) $(GO) install github.com/bufbuild/buf/cmd/buf@$(BUF_VERSION)

$(BIN)/protoc-gen-go:
	@echo "== installing protoc-gen-go $(PROTOC_GEN_GO_VERSION) into ./bin"
	GOBIN=$(BIN) $(GO) install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION)

$(BIN)/staticcheck:
	@echo "== installing staticcheck $(STATICCHECK_VERSION) into ./bin (make lint)"
	GOBIN=$(BIN) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

# geth, at the go-ethereum version proto/chain builds with, runs the
# contracts on a real node in proto/chain/deploy's TestGethDev (which
# builds it into the user cache itself when ./bin has none).
GETH_VERSION = $(shell cd proto/chain && $(GO) list -m -f '{{.Version}}' github.com/ethereum/go-ethereum)

$(BIN)/geth:
	@echo "== building geth $(GETH_VERSION) into ./bin (proto/chain's tests run the contracts on it; a few minutes, once)"
	GOBIN=$(BIN) GOWORK=off $(GO) install github.com/ethereum/go-ethereum/cmd/geth@$(GETH_VERSION)

# nats-server, at the version the modules build with (proto/runtime
# embeds the same server), runs the cluster's three NATS nodes as real
# processes (make cluster, scripts/cluster's tests).
NATS_SERVER_VERSION = $(shell cd proto/runtime && $(GO) list -m -f '{{.Version}}' github.com/nats-io/nats-server/v2)

$(BIN)/nats-server:
	@echo "== building nats-server $(NATS_SERVER_VERSION) into ./bin (the cluster's NATS nodes; a minute, once)"
	GOBIN=$(BIN) GOWORK=off $(GO) install github.com/nats-io/nats-server/v2@$(NATS_SERVER_VERSION)

# toxiproxy-server, at the version whose client scripts drives it with
# (pinned in scripts/go.mod), stands between the services and geth in the
# chaos run's chain faults (a slow or stalled JSON-RPC). Its main package
# is cmd/server: go install names it server, which is renamed.
TOXIPROXY_VERSION = $(shell cd scripts && $(GO) list -m -f '{{.Version}}' github.com/Shopify/toxiproxy/v2)

$(BIN)/toxiproxy-server:
	@echo "== building toxiproxy-server $(TOXIPROXY_VERSION) into ./bin (the chaos run's chain faults)"
	rm -rf $(BIN)/.toxiproxy
	GOBIN=$(BIN)/.toxiproxy GOWORK=off $(GO) install github.com/Shopify/toxiproxy/v2/cmd/server@$(TOXIPROXY_VERSION)
	mv $(BIN)/.toxiproxy/server $@ && rmdir $(BIN)/.toxiproxy

# First use. need-apt installs Debian packages when a command is missing,
# as root or through sudo, and says why; elsewhere it says what to install.
APT_GET := $(if $(filter 0,$(shell id -u)),apt-get,sudo apt-get)

define need-apt
	@command -v $(1) >/dev/null 2>&1 || { \
		echo "== $(1) is missing: installing $(2) with apt-get ($(3))"; \
		command -v apt-get >/dev/null 2>&1 || { echo "no apt-get here: install $(2) yourself, then run make again"; exit 1; }; \
		export DEBIAN_FRONTEND=noninteractive; \
		$(APT_GET) update -q && $(APT_GET) install -y -q --no-install-recommends $(2); \
	}
endef

# test-deps is what make test needs besides Go. It is a double-colon rule:
# another part of the tree adds its own prerequisites with a rule of its
# own, `test-deps:: <its target>` (proto/chain's npm packages would go
# there), without touching this one.
test-deps:: $(BIN)/geth $(BIN)/nats-server $(BIN)/toxiproxy-server
	$(call need-apt,gcc,gcc libc6-dev,cgo: the race detector and go-ethereum's libsecp256k1)
	$(call need-apt,chromium,chromium,a test renders the API docs in headless Chromium)

# promtool checks the alert rules and the scrape configuration of the
# cluster (scripts/ops); Debian ships it in the prometheus package.
test-deps::
	$(call need-apt,promtool,prometheus,scripts/ops checks the alert rules and the scrape configuration with promtool)

# scripts/e2e runs the README's walkthroughs against a cluster too.
test-deps:: cluster-deps

# The web workspace (gateway-clob/web) needs node and its npm packages,
# and the CLOB gateway embeds the web app's build, which the browser test
# (scripts/webapp) drives.
test-deps:: web-build

# cluster-deps is what make cluster needs besides Go: the NATS nodes,
# the chain and the load balancer.
cluster-deps:: $(BIN)/geth $(BIN)/nats-server
	$(call need-apt,haproxy,haproxy,the load balancer in front of the cluster's APIs)

# run-deps is what make run needs besides Go: the web app the CLOB
# gateway serves at /app/, built before the gateway is compiled.
run-deps:: web-build

test: test-deps
	@echo "== testing $(MODULES) (the first run downloads the Go modules and builds everything; later runs reuse the cache)"
	@set -e; for m in $(MODULES); do \
		race=""; case " $(RACE_MODULES) " in *" $$m "*) race="-race";; esac; \
		inv=""; case " $(INVARIANTS_MODULES) " in *" $$m "*) inv="-tags pred_invariants";; esac; \
		if [ -n "$$race" ] || [ -z "$$inv" ]; then \
			echo "== $$m $$race"; (cd $$m && $(GO) test $$race -count=1 ./...); \
		fi; \
		if [ -n "$$inv" ]; then \
			echo "== $$m $$inv"; (cd $$m && PRED_INVARIANTS=1 $(GO) test $$inv -count=1 ./...); \
		fi; \
	done
	@$(MAKE) --no-print-directory web-test

# lint leaves scripts/bench/internal/peerbook's formatting alone: it is
# another project's code copied unmodified, the peer the matcher is
# measured against (see its README).
lint: $(BIN)/staticcheck
	@out=$$(gofmt -l $(MODULES) | grep -v -e '\.pb\.go$$' -e '/internal/peerbook/' || true); \
		if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@set -e; for m in $(MODULES); do \
		echo "== $$m"; (cd $$m && $(GO) vet ./... && $(BIN)/staticcheck ./...); \
	done

bench:
	@cd scripts && $(GO) run ./cmd/bench

# bench-quick prints the same figures as bench, each group at smaller
# sizes (bench.QuickSizes), to check a change in minutes; bench is the
# measurement to report.
bench-quick:
	@cd scripts && $(GO) run ./cmd/bench -quick

# chaos runs the engine and NATS as processes, kills them at random moments
# under load and checks that the acknowledged commands all survive once;
# then the settler's run and the relayer's (its submissions all confirmed,
# each executed once, no hot-key nonce gap or reuse).
chaos:
	@cd scripts && $(GO) run ./cmd/chaos

# run starts the devnet with its state in $(DEVNET_DATA_DIR), which the
# environment may set; a restart on the same dir resumes.
DEVNET_DATA_DIR ?= $(CURDIR)/data

run: run-deps
	@echo "== building the devnet into ./bin/devnet (the first build downloads the Go modules: a few minutes)"
	@cd scripts && $(GO) build -o $(BIN)/devnet ./cmd/devnet
	@$(BIN)/devnet -data-dir "$(DEVNET_DATA_DIR)"

# cluster runs the production topology on this machine, each process on
# its own (scripts/cluster): it builds the services into the data dir, starts
# what does not run, waits until everything is healthy and prints the
# table of processes. State, logs, pid files and secrets live in
# $(CLUSTER_DATA_DIR); cluster-down keeps them (WIPE=1 deletes them).
CLUSTER_DATA_DIR ?= $(CURDIR)/data-cluster

cluster: cluster-deps web-build
	@cd scripts && $(GO) run ./cmd/cluster up -data-dir "$(CLUSTER_DATA_DIR)"

cluster-status:
	@cd scripts && $(GO) run ./cmd/cluster status -data-dir "$(CLUSTER_DATA_DIR)"

cluster-down:
	@cd scripts && $(GO) run ./cmd/cluster down -data-dir "$(CLUSTER_DATA_DIR)" $(if $(WIPE),-wipe)

proto: $(BIN)/buf $(BIN)/protoc-gen-go
	cd proto && buf lint && buf generate

proto-check: proto
	@git diff --exit-code -- proto/pb || \
		(echo "proto/pb is stale: run 'make proto' and commit the result"; exit 1)
	@test -z "$$(git status --porcelain -- proto/pb)" || \
		(echo "proto/pb has uncommitted generated files: run 'make proto' and commit them"; exit 1)

# contracts compiles proto/chain's Solidity with solc-js from npm (pinned
# in proto/chain/package-lock.json; nothing else is downloaded) into
# proto/chain/artifacts and runs abigen, pinned by proto/chain/go.mod's
# tool directive, into proto/chain/bind.
CHAIN := proto/chain

contracts:
	@command -v node >/dev/null && command -v npm >/dev/null || \
		{ echo "make contracts needs node and npm (apt-get install nodejs npm)"; exit 1; }
	@cd $(CHAIN) && if ! cmp -s package-lock.json node_modules/.pred-installed.lock 2>/dev/null; then \
		echo "== npm ci in $(CHAIN): solc 0.8.37, solc 0.5.10, OpenZeppelin 5.7.0, Safe 1.4.1, ConditionalTokens 1.0.3"; \
		npm ci --ignore-scripts --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.pred-installed.lock; \
	fi
	@echo "== compiling the contracts into $(CHAIN)/artifacts"
	@cd $(CHAIN) && node build.js compile
	@echo "== abigen: Go bindings into $(CHAIN)/bind"
	@cd $(CHAIN) && node build.js bind

# asyncapi-lint validates the AsyncAPI documents of the streams with the
# AsyncAPI project's parser from npm (pinned in scripts/asyncapi's
# package-lock.json). The Go tests check the rest (examples, real frames).
ASYNCAPI_DOCS := gateway-clob/internal/api/asyncapi.yaml gateway-gamma/internal/api/asyncapi.yaml

asyncapi-lint:
	@command -v node >/dev/null && command -v npm >/dev/null || \
		{ echo "make asyncapi-lint needs node and npm (apt-get install nodejs npm)"; exit 1; }
	@cd scripts/asyncapi && if ! cmp -s package-lock.json node_modules/.pred-installed.lock 2>/dev/null; then \
		echo "== npm ci in scripts/asyncapi: @asyncapi/parser 3.6.6"; \
		npm ci --ignore-scripts --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.pred-installed.lock; \
	fi
	@node scripts/asyncapi/lint.mjs $(ASYNCAPI_DOCS)

# web-deps installs the npm workspace of the web app and its TypeScript
# client (gateway-clob/web: TypeScript, viem, pinned in its
# package-lock.json) once, and again whenever the lock changes.
WEB := gateway-clob/web

web-deps:
	$(call need-apt,npm,nodejs npm,the TypeScript client is built with tsc and tested with node's test runner)
	@cd $(WEB) && if ! cmp -s package-lock.json node_modules/.pred-installed.lock 2>/dev/null; then \
		echo "== npm ci in $(WEB): TypeScript, viem"; \
		npm ci --ignore-scripts --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.pred-installed.lock; \
	fi

# web-build builds the web app (gateway-clob/web/app) with Vite into
# gateway-clob/internal/webapp/dist/app, which the CLOB gateway's binary
# embeds: a Go build after it serves the new app. It runs whenever asked
# (a few seconds); the client is compiled first, as the app imports it.
WEBAPP_DIST := gateway-clob/internal/webapp/dist/app

web-build: web-deps
	@echo "== $(WEB)/app: vite build into $(WEBAPP_DIST)"
	@cd $(WEB) && npm run --silent build -w client && npm run --silent build -w app

# web-test compiles the TypeScript client to dist/ and runs its tests with
# node's test runner: the signing vectors the Go SDK wrote, the transport
# against a local HTTP server, and a trade on a devnet it builds and starts.
web-test: web-deps
	@echo "== $(WEB)/client: tsc, node --test"
	@cd $(WEB)/client && rm -rf dist && ../node_modules/.bin/tsc -p . && node --experimental-websocket --test dist/test/*.test.js

contracts-check: contracts
	@git diff --exit-code -- $(CHAIN)/artifacts $(CHAIN)/bind || \
		(echo "$(CHAIN)/artifacts or $(CHAIN)/bind is stale: run 'make contracts' and commit the result"; exit 1)
	@test -z "$$(git status --porcelain -- $(CHAIN)/artifacts $(CHAIN)/bind)" || \
		(echo "$(CHAIN) has uncommitted generated files: run 'make contracts' and commit them"; exit 1)

clean:
	rm -rf $(BIN)
