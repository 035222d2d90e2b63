// Command natsd runs a NATS server with JetStream as its own process, for
// the chaos tests that kill and restart it and the end-to-end test that
// runs every component as its own process. It is the same embedded server
// the devnet and the engine use. Flags fall back to NATSD_<FLAG>.
package main

import (
	"context"
	"flag"
	"fmt"

	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/proto/runtime/natsembed"
)

func main() {
	daemon.Main("natsd", func(ctx context.Context, args []string) error {
		fs := flag.NewFlagSet("natsd", flag.ContinueOnError)
		dir := fs.String("dir", "data/nats", "JetStream store directory")
		port := fs.Int("port", 4222, "client port")
		sync := fs.Bool("sync-always", true, "fsync every message before acknowledging it")
		if err := flagenv.Parse(fs, args, "NATSD"); err != nil {
			return err
		}
		srv, err := natsembed.Start(natsembed.Options{StoreDir: *dir, Port: *port, SyncAlways: *sync, Name: "natsd"})
		if err != nil {
			return err
		}
		fmt.Println("ready", srv.ClientURL())
		<-ctx.Done()
		srv.Shutdown()
		return nil
	})
}
