package chaos

import (
	"context"
	"fmt"
	"net/http"
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
	// NTP-disciplined host stays within milliseconds of UTC, one whose
	// NTP has stopped drifts by seconds a day (tens of ppm), and a VM
	// resumed from a pause is off until the next step. The replicas are
	// 2S apart, at most 5 s: the tolerance the exchange documents
	// between its services (jwtauth.Leeway, the CLOB's L1 nonce TTL
	// margin), each more than the skew of a host whose clock is
	// disciplined at all.
	clockSkewMin = 100 * time.Millisecond
	clockSkewMax = 2500 * time.Millisecond
	// clockSkewHold is the least time the clocks stay apart under the
	// load, restarts included: several of the load's orders per trader.
	clockSkewHold = 10 * time.Second
	// tokenRounds is how many fresh wallets log in to Gamma, refresh
	// twice and create a relayer key while the clocks are apart: with
	// each request balanced to the next replica, every pair of replicas
	// issues and checks a token.
	tokenRounds = 4
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

// checkTokensAcross has fresh wallets log in to Gamma, refresh their
// token twice and create a relayer key with it, through HAProxy: the
// nonce, the login and the refreshes land on the replicas in turn, so
// a token stamped by the replica ahead is checked by the one behind and
// by the relayer, and the other way round. Within the documented
// tolerance every one must be accepted.
func checkTokensAcross(ctx context.Context, r *clusterRun) error {
	// No keep-alive: each request is balanced to the next replica.
	hc := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for i := range tokenRounds {
		if err := tokenRound(ctx, r, hc); err != nil {
			return fmt.Errorf("chaos: wallet %d of %d, Gamma's replicas' clocks apart: %w", i+1, tokenRounds, err)
		}
	}
	r.logf("clock skew: %d wallets logged in, refreshed twice and made a relayer key across the replicas", tokenRounds)
	return nil
}

func tokenRound(ctx context.Context, r *clusterRun, hc *http.Client) error {
	ctx, cancel := context.WithTimeout(ctx, tokenCallMax)
	defer cancel()
	key, err := crypto.GenerateKey()
	if err != nil {
		return err
	}
	g := gamma.New(r.c.GammaURL(), gamma.WithPrivateKey(key), gamma.WithHTTPClient(hc))
	if _, err := g.Login(ctx); err != nil {
		return fmt.Errorf("login: %w", err)
	}
	for i := range 2 {
		if _, err := g.Refresh(ctx); err != nil {
			return fmt.Errorf("refresh %d: %w", i+1, err)
		}
	}
	rl := relayer.New(r.c.RelayerURL(), relayer.WithToken(g.Token()), relayer.WithHTTPClient(hc))
	if _, err := rl.CreateAPIKey(ctx); err != nil {
		return fmt.Errorf("relayer key with the refreshed token: %w", err)
	}
	return nil
}
