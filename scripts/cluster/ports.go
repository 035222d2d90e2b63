package cluster

import (
	"fmt"

	"pred.dev/scripts/internal/proc"
)

// Ports are every loopback port of the cluster.
type Ports struct {
	NATS []NATSNode
	// ChainRPC is geth's JSON-RPC, ChainAuth its engine API.
	ChainRPC, ChainAuth int
	// ChainProxy is the chain proxy's JSON-RPC (Config.ChainProxy),
	// ChainProxyAPI its toxiproxy-server's control API.
	ChainProxy, ChainProxyAPI int
	// CLOB, Gamma and Relayer are HAProxy's fronts of the three APIs,
	// Stats its statistics page.
	CLOB, Gamma, Relayer, Stats int
	// The replicas behind each front, two of each API.
	CLOBReplicas, GammaReplicas, RelayerReplicas [2]int
	// EngineAdmin serve each engine's /metrics and /readyz: the leader's
	// and the standby's (which change places), then the read replica's.
	EngineAdmin [3]int
	// SettlerAdmin serve each settler's /metrics and /readyz, Reconcile
	// its reconciliation (GET /reconcile).
	SettlerAdmin, Reconcile [2]int
}

// DefaultPorts are the fixed ports: the APIs where `make run` has them
// (8080, 8081, 8082), the chain on 8545 (18545 through the chain proxy,
// whose API is on toxiproxy's 8474), NATS on 4222, 4223 and 4224.
func DefaultPorts() Ports {
	return Ports{
		NATS:     DefaultNATSNodes(),
		ChainRPC: 8545, ChainAuth: 8551, ChainProxy: 18545, ChainProxyAPI: 8474,
		CLOB: 8080, Gamma: 8081, Relayer: 8082, Stats: 8404,
		CLOBReplicas: [2]int{18080, 18180}, GammaReplicas: [2]int{18081, 18181}, RelayerReplicas: [2]int{18082, 18182},
		EngineAdmin:  [3]int{9101, 9111, 9121},
		SettlerAdmin: [2]int{9103, 9113}, Reconcile: [2]int{9102, 9112},
	}
}

// FreePorts are ports that were free a moment ago, for a test that runs
// a cluster beside others.
func FreePorts() (Ports, error) {
	nodes, err := FreeNATSNodes(3)
	if err != nil {
		return Ports{}, err
	}
	p := Ports{NATS: nodes}
	var errs error
	pick := func(dst *int) {
		if n, err := proc.FreePort(); err != nil {
			errs = err
		} else {
			*dst = n
		}
	}
	for _, dst := range []*int{&p.ChainRPC, &p.ChainAuth, &p.ChainProxy, &p.ChainProxyAPI, &p.CLOB, &p.Gamma, &p.Relayer, &p.Stats,
		&p.CLOBReplicas[0], &p.CLOBReplicas[1], &p.GammaReplicas[0], &p.GammaReplicas[1],
		&p.RelayerReplicas[0], &p.RelayerReplicas[1], &p.EngineAdmin[0], &p.EngineAdmin[1], &p.EngineAdmin[2],
		&p.SettlerAdmin[0], &p.SettlerAdmin[1], &p.Reconcile[0], &p.Reconcile[1]} {
		pick(dst)
	}
	return p, errs
}

// addr is a loopback address.
func addr(port int) string { return fmt.Sprintf("127.0.0.1:%d", port) }

// url is a loopback HTTP URL.
func url(port int) string { return "http://" + addr(port) }
