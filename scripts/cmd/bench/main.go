// Command bench measures the exchange and prints one figure per line,
// "<name> <value> <unit>". Run it with `make bench`.
package main

import (
	"flag"
	"os"

	"pred.dev/scripts/bench"
)

func main() {
	cfg := bench.DefaultMatcher
	flag.IntVar(&cfg.Ops, "matcher-ops", cfg.Ops, "operations in the single-book matcher run")
	flag.IntVar(&cfg.LargeOps, "matcher-large-ops", cfg.LargeOps, "operations in the 10,000-market matcher run")
	flag.IntVar(&cfg.Runs, "runs", cfg.Runs, "repetitions of each throughput run (the median is reported)")
	flag.Parse()
	bench.Print(os.Stdout, bench.Matcher(cfg))
}
