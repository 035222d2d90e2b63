package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"

	"pred.dev/proto/client/clobapi"
	"pred.dev/scripts/devnet"
)

// signBatches signs, on all cores, perTrader POST /orders bodies per
// trader, each a JSON array of clobapi.PostOrdersMax orders of the timed
// runs' mix (sign): a market maker quoting many levels at once sends
// exactly this.
func signBatches(traders []*trader, markets []devnet.Market, perTrader, crossPct int) [][][]byte {
	out := make([][][]byte, len(traders))
	onAllCores(traders, func(i int, t *trader) {
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		out[i] = make([][]byte, perTrader)
		for k := range out[i] {
			orders := make([][]byte, clobapi.PostOrdersMax)
			for j := range orders {
				orders[j] = t.sign(rng, markets, crossPct)
			}
			out[i][k] = slices.Concat([]byte("["), bytes.Join(orders, []byte(",")), []byte("]"))
		}
	})
	return out
}

// batchFigures measures POST /orders over HTTP: each trader sends
// perTrader batches of clobapi.PostOrdersMax signed orders, each waiting
// for the last one's answer, all traders at once. Every order of every
// batch must be placed. It prints clob_batch_orders_per_sec (orders, not
// requests), clob_batch_p99_ms (one request's latency) and
// clob_batch_order_ratio, that rate over ordersPerSec (the single
// orders of the same devnet just before): what a client gains by sending
// its orders together, where HTTP, the L2 check and the wait for the
// group commit are paid once per request. A profile file, if not empty,
// receives a CPU profile of this process over the timed batches (signing
// excluded).
func batchFigures(base string, hc *http.Client, traders []*trader, markets []devnet.Market, perTrader, crossPct int, ordersPerSec float64, profile string) ([]Figure, error) {
	batches := signBatches(traders, markets, perTrader, crossPct)
	if profile != "" {
		stop, err := startCPUProfile(profile)
		if err != nil {
			return nil, err
		}
		defer stop()
	}
	r, err := closedLoop(traders, each(perTrader), 0, func(i, k int) error {
		return traders[i].postBatch(base, hc, batches[i][k])
	})
	if err != nil {
		return nil, err
	}
	rate := float64(len(r.latencies)*clobapi.PostOrdersMax) / r.elapsed.Seconds()
	return []Figure{
		{"clob_batch_orders_per_sec", rate, "orders/s"},
		{"clob_batch_p99_ms", r.percentile(0.99), "ms"},
		{"clob_batch_order_ratio", rate / ordersPerSec, "x"},
	}, nil
}

// postBatch sends one POST /orders and checks that every order in it
// was placed.
func (t *trader) postBatch(base string, hc *http.Client, body []byte) error {
	const path = "/orders"
	data, err := t.postJSON(base, hc, path, body)
	if err != nil {
		return err
	}
	var out []clobapi.OrderResponse
	if err := json.Unmarshal(data, &out); err != nil {
		return fmt.Errorf("POST %s: %w", path, err)
	}
	if len(out) != clobapi.PostOrdersMax {
		return fmt.Errorf("POST %s: %d answers to %d orders", path, len(out), clobapi.PostOrdersMax)
	}
	for i, o := range out {
		if !o.Success {
			return fmt.Errorf("POST %s: order %d not placed: %s %s", path, i, o.Code, o.ErrorMsg)
		}
	}
	return nil
}
