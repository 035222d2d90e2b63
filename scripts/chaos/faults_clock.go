package chaos

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/relayer"
	"pred.dev/scripts/cluster"
)

// The clock fault: the two replicas of the CLOB API and of the Gamma API
// restarted with their clocks set apart (-clock-skew: Go reads the clock
// through the vDSO, so libfaketime cannot do it from outside), replica 1
// ahead by S and replica 2 behind by S, while the load goes on through
// HAProxy over both. Each replica checks what the other stamped (a Gamma
// token issued by one is verified by the other and by the relayer), so
// two clocks 2S apart must be accepted within the exchange's documented
// tolerance between services. The engine runs on the log's clock (the
// CMD messages' timestamps) and must not notice.

// FaultClockSkew sets the API replicas' clocks apart.
const FaultClockSkew Fault = "clock_skew"

// Bounds of the clock fault.
const (
	// clockSkewMin and clockSkewMax bound S, which the seed picks. An
	// NTP-disciplined host stays within milliseconds of UTC; seconds is
	// a host whose NTP stopped days ago (tens of ppm of drift) or a VM
	// resumed before its clock was stepped. The replicas are then 2S,
	// at most 5 s, apart: the tolerance the exchange documents between
	// its services (jwtauth.Leeway, the CLOB's L1 nonce TTL margin).
	// Further apart, refusals are the documented behaviour. The least S
	// is well above NTP's noise, so that seconds-truncated stamps (iat,
	// auth_time) of the two replicas differ often.
	clockSkewMin = 100 * time.Millisecond
	clockSkewMax = 2500 * time.Millisecond
	// clockSkewHold is the least time the clocks stay apart under the
	// load, restarts included: several of the load's orders per trader.
	clockSkewHold = 10 * time.Second
	// tokenCallMax bounds one wallet's calls.
	tokenCallMax = 30 * time.Second
)

// clockSkewed are the replicas the fault restarts: replica 1 of each API
// ahead, replica 2 behind.
var clockSkewed = []struct {
	name string
	sign time.Duration
}{{"gateway-clob-1", 1}, {"gateway-clob-2", -1}, {"gateway-gamma-1", 1}, {"gateway-gamma-2", -1}}

// clockVictimPrefix starts the clock fault's victim, followed by S: the
// strike and the heal read S back from it.
const clockVictimPrefix = "API clocks ±"

func init() {
	register(FaultClockSkew, faultKind{
		victim: func(_ context.Context, r *clusterRun) (string, *cluster.Lease, error) {
			s := clockSkewMin + time.Duration(r.rng.Int64N(int64(clockSkewMax-clockSkewMin)+1))
			return clockVictimPrefix + s.Round(time.Millisecond).String(), nil, nil
		},
		strike: func(ctx context.Context, r *clusterRun, victim string) error {
			skew, err := clockSkewOf(victim)
			if err != nil {
				return err
			}
			if err := restartSkewed(ctx, r, skew); err != nil {
				return err
			}
			return checkTokensAcross(ctx, r)
		},
		heal: func(ctx context.Context, r *clusterRun, _ string) error {
			return restartSkewed(ctx, r, 0)
		},
		hold: clockSkewHold,
	})
}

func clockSkewOf(victim string) (time.Duration, error) {
	s, ok := strings.CutPrefix(victim, clockVictimPrefix)
	if !ok {
		return 0, fmt.Errorf("chaos: %q is not a clock fault's victim", victim)
	}
	return time.ParseDuration(s)
}

// restartSkewed restarts each replica of clockSkewed in turn, its clock
// off by ±skew (0: right again). Each waits until HAProxy routes to it
// before the next stops, so the API always has a replica.
func restartSkewed(ctx context.Context, r *clusterRun, skew time.Duration) error {
	names := make([]string, len(clockSkewed))
	for i, s := range clockSkewed {
		names[i] = s.name
	}
	// The supervisor must not start a replica between its stop and its
	// restart: it would run with the wrong clock.
	r.sup.spare(names...)
	for _, s := range clockSkewed {
		d := s.sign * skew
		r.logf("restarting %s with -clock-skew %s", s.name, d)
		if err := r.c.Stop(s.name); err != nil {
			return err
		}
		if err := r.c.RestartWith(ctx, s.name, "-clock-skew", d.String()); err != nil {
			return err
		}
	}
	return nil
}

// checkTokensAcross has a fresh wallet log in on one Gamma replica,
// refresh its token on the other, then on the first again, and make a
// relayer key with it on each relayer; then another the other way
// round. A token stamped by the replica ahead is so checked by the one
// behind and by the relayers, and the other way round, and a refresh
// keeps the auth_time of a login stamped by the other replica's clock.
// Within the documented tolerance every call must be accepted.
func checkTokensAcross(ctx context.Context, r *clusterRun) error {
	gammas, relayers := r.c.GammaReplicaURLs(), r.c.RelayerReplicaURLs()
	for _, order := range [][]int{{0, 1, 0}, {1, 0, 1}} {
		if err := tokenRound(ctx, gammas, relayers, order); err != nil {
			return fmt.Errorf("chaos: Gamma's replicas' clocks apart: %w", err)
		}
	}
	r.logf("clock skew: 2 wallets logged in on one Gamma replica, refreshed on the other and back, and made a key on each relayer")
	return nil
}

// tokenRound logs a fresh wallet in on gammas[order[0]], refreshes its
// token on each of the next, and makes a relayer key on every relayer.
func tokenRound(ctx context.Context, gammas, relayers []string, order []int) error {
	ctx, cancel := context.WithTimeout(ctx, tokenCallMax)
	defer cancel()
	key, err := crypto.GenerateKey()
	if err != nil {
		return err
	}
	g := gamma.New(gammas[order[0]], gamma.WithPrivateKey(key))
	if _, err := g.Login(ctx); err != nil {
		return fmt.Errorf("login on gateway-gamma-%d: %w", order[0]+1, err)
	}
	for _, i := range order[1:] {
		g = gamma.New(gammas[i], gamma.WithToken(g.Token()))
		if _, err := g.Refresh(ctx); err != nil {
			return fmt.Errorf("refresh on gateway-gamma-%d of a token of the other: %w", i+1, err)
		}
	}
	for i, u := range relayers {
		if _, err := relayer.New(u, relayer.WithToken(g.Token())).CreateAPIKey(ctx); err != nil {
			return fmt.Errorf("relayer-%d: a key with the token of gateway-gamma-%d: %w", i+1, order[len(order)-1]+1, err)
		}
	}
	return nil
}
