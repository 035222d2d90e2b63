package stream

import (
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"
)

// Config is the streams' own limits and what the user channel
// authenticates with. The connection limits are the wsfeed server's.
type Config struct {
	// ResumePositionsMax is the most positions a resume replays from the
	// log; a client further behind gets a gap and a snapshot.
	ResumePositionsMax uint64
	// ResumeWait bounds the wait of a resume from a position this replica
	// has not reached yet (another replica served it), and of any
	// subscription while the replica starts.
	ResumeWait time.Duration
	// ResumeTimeout bounds the reading of a resume's history.
	ResumeTimeout time.Duration
	// ReplayBufferPositions bounds the live positions a connection holds
	// while its resume replays history; past it, it is a slow consumer.
	ReplayBufferPositions int
	// L2 checks the user channel's credentials as REST does.
	L2 *auth.L2
	// Account is the wallet whose messages a key's user channel carries,
	// picked by the upgrade request as REST picks an account read's
	// (signature_type; by default the proxy wallet where there are
	// proxies).
	Account func(c echo.Context, id auth.Identity) (common.Address, error)
}

// Defaults of Config's limits.
const (
	DefaultResumePositionsMax    = 100_000
	DefaultResumeWait            = 5 * time.Second
	DefaultResumeTimeout         = 30 * time.Second
	DefaultReplayBufferPositions = 10_000
)

func (c Config) withDefaults() Config {
	if c.ResumePositionsMax == 0 {
		c.ResumePositionsMax = DefaultResumePositionsMax
	}
	if c.ResumeWait <= 0 {
		c.ResumeWait = DefaultResumeWait
	}
	if c.ResumeTimeout <= 0 {
		c.ResumeTimeout = DefaultResumeTimeout
	}
	if c.ReplayBufferPositions <= 0 {
		c.ReplayBufferPositions = DefaultReplayBufferPositions
	}
	return c
}
