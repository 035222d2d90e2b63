package journal

// Gamma's names in NATS, shared by its replicas (and, for refreshed
// tokens, read by the relayer, which accepts Gamma's bearer tokens).
const (
	// GammaCatalogBucket is the catalogue of events, markets and games.
	GammaCatalogBucket = "gamma_catalog"
	// GammaNonceBucket holds the login nonces issued and not yet spent.
	GammaNonceBucket = "gamma_login_nonces"
	// GammaRefreshedBucket records the jti of every bearer token already
	// refreshed, which therefore authenticates no more.
	GammaRefreshedBucket = "gamma_refreshed"
)
