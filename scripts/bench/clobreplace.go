package bench

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/scripts/devnet"
)

// replaceChain is one trader's replaces: ids[0] is placed first
// (untimed), then each replace k cancels ids[k-1] and places bodies[k].
// A maker moving its quote does exactly this: the new order's id is its
// EIP-712 hash, known before the request, so the next replace can name it.
type replaceChain struct {
	ids    []string
	bodies [][]byte
}

// signReplaces signs, on all cores, one chain of n+1 resting orders per
// trader: BUYs of YES or NO at 0.30 to 0.49, which never cross (a YES and
// a NO bid cross only when they add up to 1 or more), so every replace
// rests and the figure measures replaces, not trades.
func signReplaces(traders []*trader, markets []devnet.Market, n int) []replaceChain {
	out := make([]replaceChain, len(traders))
	onAllCores(traders, func(i int, t *trader) {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		m := markets[rng.IntN(len(markets))]
		token := m.YesTokenID()
		if i%2 == 1 {
			token = m.NoTokenID()
		}
		c := replaceChain{ids: make([]string, n+1), bodies: make([][]byte, n+1)}
		for k := range c.ids {
			req, id, err := t.c.BuildOrder(client.OrderArgs{TokenID: token, Side: "BUY",
				Price: "0." + strconv.Itoa(30+rng.IntN(20)), Size: strconv.Itoa(5 + rng.IntN(21)),
				FeeRateBps: m.FeeRateBps, NegRisk: m.NegRisk})
			if err != nil {
				panic("bench: sign order: " + err.Error()) // the arguments are valid by construction
			}
			body := any(req)
			if k > 0 {
				body = clobapi.ReplaceOrderRequest{OrderID: c.ids[k-1], PostOrderRequest: *req}
			}
			if c.bodies[k], err = json.Marshal(body); err != nil {
				panic("bench: encode order: " + err.Error())
			}
			c.ids[k] = id
		}
		out[i] = c
	})
	return out
}

// replaceFigures measures POST /order/replace over HTTP: each trader
// places the first order of its chain, then replaces it perTrader times,
// each replace waiting for the last one's answer, all traders at once.
// Every replace must succeed with its new order live. It prints
// clob_replaces_per_sec and clob_replace_p99_ms, and
// clob_replace_order_ratio, the replaces per second over ordersPerSec
// (the signed orders of the same devnet just before): a replace is a
// cancel and a place in one request, so near 1 means the cancel is
// almost free.
func replaceFigures(base string, hc *http.Client, traders []*trader, markets []devnet.Market, perTrader int, ordersPerSec float64) ([]Figure, error) {
	chains := signReplaces(traders, markets, perTrader)
	for i, t := range traders {
		if _, err := t.post(base, hc, chains[i].bodies[0]); err != nil {
			return nil, fmt.Errorf("replace set-up: %w", err)
		}
	}
	r, err := closedLoop(traders, each(perTrader), 0, func(i, k int) error {
		return traders[i].replace(base, hc, chains[i].bodies[k+1], chains[i].ids[k+1])
	})
	if err != nil {
		return nil, err
	}
	rate := float64(len(r.latencies)) / r.elapsed.Seconds()
	return []Figure{
		{"clob_replaces_per_sec", rate, "replaces/s"},
		{"clob_replace_p99_ms", r.percentile(0.99), "ms"},
		{"clob_replace_order_ratio", rate / ordersPerSec, "x"},
	}, nil
}

// replace sends one POST /order/replace and checks that the new order
// (id) took the old one's place and rests.
func (t *trader) replace(base string, hc *http.Client, body []byte, id string) error {
	const path = "/order/replace"
	data, err := t.postJSON(base, hc, path, body)
	if err != nil {
		return err
	}
	var r clobapi.ReplaceOrderResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return err
	}
	if !r.Success || r.OrderID != id || r.Status != "live" {
		return fmt.Errorf("POST %s: the replace did not leave order %s live: %s", path, id, data)
	}
	return nil
}
