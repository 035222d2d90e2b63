// Command natsd runs a NATS server with JetStream as its own process, for
// the chaos tests that kill and restart it and the end-to-end test that
// runs every component as its own process. It is the same embedded server
// the devnet and the engine use. Flags fall back to NATSD_<FLAG>.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"pred.dev/proto/flagenv"
	"pred.dev/proto/natsembed"
)

func main() {
	fs := flag.NewFlagSet("natsd", flag.ExitOnError)
	dir := fs.String("dir", "data/nats", "JetStream store directory")
	port := fs.Int("port", 4222, "client port")
	sync := fs.Bool("sync-always", true, "fsync every message before acknowledging it")
	if err := flagenv.Parse(fs, os.Args[1:], "NATSD"); err != nil {
		fmt.Fprintln(os.Stderr, "natsd:", err)
		os.Exit(2)
	}
	srv, err := natsembed.Start(natsembed.Options{StoreDir: *dir, Port: *port, SyncAlways: *sync, Name: "natsd"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "natsd:", err)
		os.Exit(1)
	}
	fmt.Println("ready", srv.ClientURL())
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	<-sig
	srv.Shutdown()
}
