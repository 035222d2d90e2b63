// Command pred trades on a pred exchange from the command line:
// `pred <noun> <verb> [args] [flags]`, e.g. `pred order buy <token> 0.40
// 10`. Run `pred help` for the commands. The logic is in
// pred.dev/scripts/predcli.
package main

import (
	"context"
	"os"
	"os/signal"

	"pred.dev/scripts/predcli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := predcli.Run(ctx, os.Args[1:], predcli.OSEnv())
	stop()
	os.Exit(code)
}
