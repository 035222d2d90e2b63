package cluster

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	toxiproxy "github.com/Shopify/toxiproxy/v2/client"
)

// The chain proxy: a toxiproxy-server between the services and geth's
// JSON-RPC, started only when Config.ChainProxy asks for it. A fault test
// adds toxics to its proxy (latency, a connection that answers nothing)
// and removes them; the services' -rpc-url points at it, while up's own
// deployment, the status table and the checks after a run reach geth
// directly.
const (
	chainProxyProcName = "toxiproxy"
	// ChainProxyName is the proxy of geth's JSON-RPC in the server.
	ChainProxyName = "geth-rpc"
	// chainProxyReadyMax bounds the wait for the server's API.
	chainProxyReadyMax = 30 * time.Second
)

// chainProxy is the toxiproxy-server process and its one proxy.
type chainProxy struct {
	Bin, Dir string
	// Port is where the services reach geth; APIPort the server's
	// control API; Upstream geth's JSON-RPC address.
	Port, APIPort int
	Upstream      string
}

func (p *chainProxy) Proc() Proc { return Proc{Name: chainProxyProcName, Dir: p.Dir} }

// RPCURL is geth's JSON-RPC through the proxy.
func (p *chainProxy) RPCURL() string { return url(p.Port) }

func (p *chainProxy) client() *toxiproxy.Client { return toxiproxy.NewClient(addr(p.APIPort)) }

// Start starts the server unless it runs, then creates the proxy unless
// it exists (a restarted server has none: it keeps nothing on disk).
func (p *chainProxy) Start(ctx context.Context) error {
	if !p.Proc().Running() {
		if _, err := os.Stat(p.Bin); err != nil {
			return fmt.Errorf("cluster: %s is missing: run `make tools` at the repository root", p.Bin)
		}
		cmd := exec.Command(p.Bin, "-host", "127.0.0.1", "-port", fmt.Sprint(p.APIPort))
		if err := p.Proc().Start(cmd); err != nil {
			return err
		}
	}
	cl := p.client()
	ctx, cancel := context.WithTimeout(ctx, chainProxyReadyMax)
	defer cancel()
	for {
		_, err := cl.Proxy(ChainProxyName)
		if err == nil {
			return nil
		}
		if strings.Contains(err.Error(), "404") {
			_, err = cl.CreateProxy(ChainProxyName, addr(p.Port), p.Upstream)
			if err == nil {
				return nil
			}
		}
		if !p.Proc().Running() {
			return fmt.Errorf("cluster: toxiproxy-server exited; its log ends:\n%s", p.Proc().logTail(20))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: toxiproxy-server on %s has no proxy %s within %s: %v", addr(p.APIPort), ChainProxyName, chainProxyReadyMax, err)
		case <-time.After(readyPoll):
		}
	}
}

// ChainProxy is the proxy between the services and geth's JSON-RPC, to
// which a fault test adds toxics; an error if the cluster runs without
// one (Config.ChainProxy).
func (c *Cluster) ChainProxy() (*toxiproxy.Proxy, error) {
	p := c.Config.chainProxy()
	if p == nil {
		return nil, fmt.Errorf("cluster: no chain proxy (Config.ChainProxy is off)")
	}
	return p.client().Proxy(ChainProxyName)
}

// ServicesRPCURL is where the services reach the chain: the chain
// proxy's JSON-RPC if the cluster has one, else geth's.
func (c *Cluster) ServicesRPCURL() string { return c.Config.servicesRPCURL() }

// chainProxy is the cluster's chain proxy, nil without one.
func (c Config) chainProxy() *chainProxy {
	if !c.ChainProxy {
		return nil
	}
	return &chainProxy{Bin: filepath.Join(c.BinDir, "toxiproxy-server"), Dir: c.Dir, Port: c.Ports.ChainProxy,
		APIPort: c.Ports.ChainProxyAPI, Upstream: addr(c.Ports.ChainRPC)}
}

// servicesRPCURL is where the services reach the chain: the proxy if
// there is one, else geth.
func (c Config) servicesRPCURL() string {
	if p := c.chainProxy(); p != nil {
		return p.RPCURL()
	}
	return c.chain().RPCURL()
}
