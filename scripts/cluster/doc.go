// Package cluster runs the exchange's production topology on one machine,
// every part its own process on loopback: three nats-server processes in
// one JetStream cluster, the chain as a geth --dev node, the engine
// (leader, standby and a read replica), two of each gateway, two relayers
// and two settlers, and HAProxy in front of the three HTTP APIs.
//
// Everything lives under one data dir: each process's pid file (run/),
// log (logs/) and state, the secrets (secrets/, mode 0600) and the
// generated configuration files. Processes are detached: `cluster up`
// returns once all are healthy, and `cluster down` stops them from their
// pid files. The NATS part (NATS) is its own small API, which tests,
// benches and the chaos runs use to start nodes and kill one.
//
// For the chaos runs' chain faults, Config.ChainProxy puts a
// toxiproxy-server (./bin/toxiproxy-server, `make tools`) between the
// services and geth's JSON-RPC: Cluster.ChainProxy is its proxy, to which
// a fault adds a toxic (latency, a connection that answers nothing) and
// removes it. Config.ChainDebug opens geth's debug API, whose
// debug_setHead rewinds the chain's last blocks: a reorganisation. Config.
// Confirmations sets how deep a relayed transaction is CONFIRMED, which
// bounds the reorganisation the services survive. make cluster uses none
// of them.
package cluster
