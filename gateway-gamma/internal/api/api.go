// Package api holds the Gamma API's HTTP handlers, one file per resource
// group, and the embedded OpenAPI document that describes them.
//
// Reads are answered from the replica's in-memory catalogue view and the
// statistics folded from the engine's event stream; writes go to the
// catalogue's KV bucket (and, for operator market creation, to the
// engine's command log) and wait until this replica's view shows them.
package api

import (
	"crypto/sha256"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/login"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/runtime/leaderread"
)

// writeWaitMax bounds a write and the wait for this replica's view to
// show it before answering.
const writeWaitMax = 5 * time.Second

// Config is the API's share of the server configuration.
type Config struct {
	// SportTypes are the sports GET /config/sport-types lists and games
	// may use.
	SportTypes []gammaapi.SportType
	// PublicInfo is what GET /public-info answers.
	PublicInfo gammaapi.PublicInfo
	// ProxyFactory and ProxyInitCodeHash derive a profile's proxy wallet.
	ProxyFactory      common.Address
	ProxyInitCodeHash common.Hash
}

// API holds the handlers' dependencies.
type API struct {
	cfg     Config
	nc      *nats.Conn
	view    *catalog.View
	reader  *catalog.Reader
	store   *catalog.Store
	limiter *Limiter
	log     *zap.Logger
	now     func() time.Time
	sports  []string
	login   *login.Service
	fence   *leaderread.Fence

	operator        *operator.Operator
	operatorKeyHash []byte
}

// Deps are the collaborators the server wires into the API.
type Deps struct {
	NC      *nats.Conn
	View    *catalog.View
	Reader  *catalog.Reader
	Store   *catalog.Store
	Limiter *Limiter
	Log     *zap.Logger
	Now     func() time.Time
	Login   *login.Service
	// Fence is the read fence on the catalogue bucket's stream (fresh.go).
	Fence *leaderread.Fence
	// Operator and OperatorKey enable /admin; without a key every
	// operator request is refused.
	Operator    *operator.Operator
	OperatorKey []byte
}

// New builds the API.
func New(cfg Config, d Deps) *API {
	if d.Now == nil {
		d.Now = time.Now
	}
	a := &API{cfg: cfg, nc: d.NC, view: d.View, reader: d.Reader, store: d.Store, limiter: d.Limiter,
		log: d.Log, now: d.Now, login: d.Login, fence: d.Fence}
	a.operator = d.Operator
	if len(d.OperatorKey) > 0 {
		h := sha256.Sum256(d.OperatorKey)
		a.operatorKeyHash = h[:]
	}
	for _, s := range cfg.SportTypes {
		a.sports = append(a.sports, s.ID)
	}
	return a
}

// Register adds every route to e.
func (a *API) Register(e *echo.Echo) {
	a.registerHealth(e)
	a.registerEvents(e)
	a.registerMarkets(e)
	a.registerTags(e)
	a.registerSearch(e)
	a.registerGames(e)
	a.registerInfo(e)
	a.registerProfiles(e)
	a.registerAuth(e)
	a.registerOperator(e)
}
