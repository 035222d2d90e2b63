package cluster

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// DefaultDir is the cluster's data dir unless told otherwise.
const DefaultDir = "data-cluster"

// configName is where up saves the configuration under the data dir, so
// that status and down find the cluster it started.
const configName = "cluster.json"

// Config is one cluster on this machine.
type Config struct {
	// Dir holds everything: pid files, logs, state, secrets, generated
	// configuration files.
	Dir string
	// BinDir holds nats-server and geth (the workspace's ./bin by
	// default). The services' binaries, which up builds from the
	// workspace, go to <Dir>/bin: a cluster runs what it built.
	BinDir string
	Ports  Ports
	// FreePorts has up pick free ports, after its build and just before
	// the processes start (a port picked minutes before may be taken by
	// then), instead of Ports: for tests that run beside others.
	FreePorts bool
	// BlockPeriod is the chain's block time.
	BlockPeriod time.Duration
	// Liveness is how long Gamma's outcome proposals can be challenged.
	Liveness time.Duration
	// LeaseTTL is the engines', relayers' and settlers' lease: a dead
	// holder is replaced this long after its last renewal.
	LeaseTTL time.Duration
	// NATSNetns runs each NATS node in a network namespace of its own,
	// so that Partition can cut it off (see netns.go; needs root).
	NATSNetns bool `json:",omitempty"`
	// Confirmations are the blocks (the one holding it counted) that make
	// a relayed transaction CONFIRMED; 0 is DefaultConfirmations.
	Confirmations uint64
	// ChainProxy puts a toxiproxy-server (./bin/toxiproxy-server) between
	// the services and geth's JSON-RPC, which a fault test slows or
	// stalls (Cluster.ChainProxy); ChainDebug opens geth's debug API on
	// JSON-RPC, whose debug_setHead rewinds the chain (a reorganisation).
	// Both are for fault tests: make cluster and make run have neither.
	ChainProxy, ChainDebug bool
}

// Defaults for what a Config leaves zero.
const (
	DefaultLiveness = 2 * time.Minute
	DefaultLeaseTTL = 3 * time.Second
	// DefaultConfirmations makes a relayed transaction CONFIRMED two
	// blocks deep, as on the devnet.
	DefaultConfirmations = 2
)

func (c Config) withDefaults() (Config, error) {
	if c.Dir == "" {
		c.Dir = DefaultDir
	}
	var err error
	if c.Dir, err = filepath.Abs(c.Dir); err != nil {
		return c, err
	}
	if c.BinDir == "" {
		nats, err := Binary("nats-server")
		if err != nil {
			return c, err
		}
		c.BinDir = filepath.Dir(nats)
	}
	if c.Ports.NATS == nil {
		c.Ports = DefaultPorts()
	}
	if c.BlockPeriod == 0 {
		c.BlockPeriod = DefaultBlockPeriod
	}
	if c.Liveness == 0 {
		c.Liveness = DefaultLiveness
	}
	if c.LeaseTTL == 0 {
		c.LeaseTTL = DefaultLeaseTTL
	}
	if c.Confirmations == 0 {
		c.Confirmations = DefaultConfirmations
	}
	return c, nil
}

func (c Config) save() error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(c.Dir, configName), append(b, '\n'), 0o644)
}

// LoadConfig reads the configuration up saved in dir.
func LoadConfig(dir string) (Config, error) {
	b, err := os.ReadFile(filepath.Join(dir, configName))
	if err != nil {
		return Config{}, fmt.Errorf("cluster: no cluster in %s (make cluster starts one): %w", dir, err)
	}
	var c Config
	if err := json.Unmarshal(b, &c); err != nil {
		return Config{}, fmt.Errorf("cluster: %s: %w", filepath.Join(dir, configName), err)
	}
	return c, nil
}

// serviceBinDir receives the services' binaries.
func (c Config) serviceBinDir() string { return filepath.Join(c.Dir, "bin") }

func (c Config) nats() *NATS {
	return &NATS{Bin: filepath.Join(c.BinDir, "nats-server"), Dir: c.Dir, Nodes: c.Ports.NATS}
}

func (c Config) chain() *Chain {
	return &Chain{Bin: filepath.Join(c.BinDir, "geth"), Dir: c.Dir, HTTPPort: c.Ports.ChainRPC, AuthPort: c.Ports.ChainAuth, BlockPeriod: c.BlockPeriod,
		Debug: c.ChainDebug}
}
