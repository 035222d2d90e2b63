// Package settlement holds the settler's end-to-end tests: the engine, the
// relayer's worker, the settler and go-ethereum's simulated chain with
// every contract deployed, on one embedded NATS server, with nothing
// mocked. Trades made by signed orders are followed to CONFIRMED on
// chain; the settler is killed at each of its steps; a maker that moves
// its funds around the exchange makes a FAILED trade. The package has no
// code of its own: the settler may not import the engine, so its tests
// that need one live here, where anything may be imported.
package settlement
