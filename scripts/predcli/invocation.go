package predcli

import (
	"github.com/ethereum/go-ethereum/common"
)

// invocation is one run of a command: what the command line said and
// what the run learned on the way.
type invocation struct {
	env  Env
	g    globals
	cmd  *command
	opts cmdOpts
	args []string
	exit int
	// The credentials cache's state in this run: whether the credentials
	// in use came from it, whether the server refused them, and whose.
	cachedCreds, cacheRefused bool
	credsOwner                common.Address
	// cachedRelayerKey: the relayer key in use came from the cache.
	cachedRelayerKey bool
	// chainInfo is the deployment, once learned (see chain.go).
	chainInfo *chainInfo
	// afterWait is an outcome a wait found that fails the command once
	// it has printed its result (a trade that ended FAILED).
	afterWait error
}
