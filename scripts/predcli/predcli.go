// Package predcli is the pred command line: `pred <noun> <verb> [args]
// [flags]` against a CLOB API, with the Go SDK (pred.dev/proto/client/clob)
// doing every call. cmd/pred only hands it os.Args and the process's
// streams, so tests run the very same commands in-process. The command
// line is parsed by cobra (root.go), which also gives the help pages,
// --version and the shell completions (pred completion bash|zsh|fish).
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
	"fmt"
	"io"
	"net/http"
	"os"
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
	inv := &invocation{env: env}
	root := inv.rootCommand()
	root.SetArgs(normalizeArgs(args, optionalValueFlags(root)))
	root.SetContext(ctx)
	cmd, err := root.ExecuteC()
	if err != nil {
		// Cobra's own errors are the command line's: an unknown command,
		// a flag it cannot parse, a wrong number of arguments.
		fmt.Fprintf(env.Stderr, "pred: %v\nRun '%s --help' for usage.\n", err, cmd.CommandPath())
		return ExitUsage
	}
	return inv.exit
}

// usageError is a mistake on the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}
