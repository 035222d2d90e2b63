// Package predcli is the pred command line: `pred <noun> <verb> [args]
// [flags]` against a CLOB API, with the Go SDK (pred.dev/proto/client)
// doing every call. cmd/pred only hands it os.Args and the process's
// streams, so tests run the very same commands in-process.
//
// Conventions follow tailscale's CLI rules: the data a command produces
// goes to stdout, as aligned tables or, with --json, as stable JSON (the
// API's own objects where there is one); diagnostics, hints and errors go
// to stderr; an API error prints its code and message and exits 1, a
// usage error exits 2.
//
// The global flags fall back to environment variables (PRED_URL,
// PRED_PRIVATE_KEY, PRED_API_KEY, PRED_SECRET, PRED_PASSPHRASE,
// PRED_CHAIN_ID, PRED_EXCHANGE, ...); a flag on the command line wins.
// Command flags have no environment fallback, so that no variable left
// in a shell can widen what a command does (say, cancel --all).
package predcli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// Exit codes.
const (
	ExitOK    = 0
	ExitError = 1 // the API or the network failed, or a cancel missed
	ExitUsage = 2 // the command line is wrong
)

// Env is what a run of pred sees of the world.
type Env struct {
	Stdout, Stderr io.Writer
	// Getenv looks up environment variables; nil means os.LookupEnv.
	Getenv func(name string) (string, bool)
	// HTTPClient carries every API call; nil means a client with the
	// --timeout flag's timeout.
	HTTPClient *http.Client
	// CacheDir keeps derived API credentials between runs (see cache.go);
	// empty caches nothing.
	CacheDir string
}

// OSEnv is the process's own environment.
func OSEnv() Env {
	return Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.LookupEnv, CacheDir: DefaultCacheDir()}
}

// Run runs one command line (without the program name) and returns the
// process exit code.
func Run(ctx context.Context, args []string, env Env) int {
	if env.Getenv == nil {
		env.Getenv = os.LookupEnv
	}
	inv, err := parse(args, env)
	if errors.Is(err, errHelp) {
		return ExitOK
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "pred: %v\nRun 'pred help' for usage.\n", err)
		return ExitUsage
	}
	if err := inv.runCommand(ctx); err != nil {
		return inv.fail(err)
	}
	return inv.exit
}

// usageError is a mistake on the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// errHelp means help was asked for and printed.
var errHelp = errors.New("help printed")

// writeUsage prints the command overview.
func writeUsage(w io.Writer) {
	var b strings.Builder
	b.WriteString("pred: find markets (Gamma API) and trade them (CLOB API) on a pred exchange from the command line.\n\nUsage:\n  pred <command> [arguments] [flags]\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-44s %s\n", c.synopsis(), c.help)
	}
	b.WriteString("\nGlobal flags (each falls back to the environment variable shown):\n")
	fs := newFlagSet("pred")
	var g globals
	g.register(fs)
	writeFlags(&b, fs, true)
	b.WriteString("\nWith only a private key, pred derives the wallet's API credentials and caches\nthem in the user's cache directory (pred/creds); deleting it is harmless.\n")
	b.WriteString("\nRun 'pred <command> -h' for the flags of one command.\n")
	_, _ = io.WriteString(w, b.String())
}
