package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"pred.dev/proto/client/clobapi"
	"pred.dev/scripts/devnet"
)

// The stream figures (make bench's "ws" group): market-channel
// subscribers held by one gateway while the CLOB bench's order stream
// runs. Each subscriber is its own WebSocket on /ws/market subscribed to
// one token's book (round robin over the devnet's markets). Every
// subscriber counts what it reads; one in streamSampleEvery also decodes
// every message and times it: ws_event_p99_ms is from the engine's time
// of the event (the message's timestamp_ms, the engine's clock on the
// same machine) to the moment the client read it.
// DefaultStreamSubscribers is the ws group's subscriber count: the
// issue's goal for one gateway on this machine.
const DefaultStreamSubscribers = 5_000

const (
	// streamDialParallel bounds the upgrades in flight while the
	// subscribers connect.
	streamDialParallel = 64
	// streamSampleEvery: one subscriber in this many decodes and times
	// its messages (decoding all of them would measure the bench's own
	// JSON, on the same two cores as the gateway).
	streamSampleEvery = 50
	// streamDialTimeout bounds one subscriber's upgrade and subscribe.
	streamDialTimeout = 30 * time.Second
	// streamReadLimitBytes is a subscriber's largest accepted frame (the
	// server's own bound is wsfeed's OutboundFrameBytes, 1 MiB).
	streamReadLimitBytes = 4 << 20
)

// subscribers is the market-channel load: n connections and what they
// read.
type subscribers struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// frames and msgs count every frame and message read; closed counts
	// connections the server ended (a slow consumer, or an error).
	frames, msgs, closed atomic.Int64
	mu                   sync.Mutex
	latMs                []float64
	reasons              map[string]int
}

// subscribe connects n subscribers to the gateway at base, each to one
// of tokens, and returns once all have their book snapshot.
func subscribe(base string, tokens []string, n int) (*subscribers, error) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &subscribers{cancel: cancel, reasons: map[string]int{}}
	url := "ws" + strings.TrimPrefix(base, "http") + clobapi.StreamMarketPath
	sem := make(chan struct{}, streamDialParallel)
	var dialErr error
	var errOnce sync.Once
	var ready sync.WaitGroup
	for i := range n {
		sem <- struct{}{}
		ready.Add(1)
		go asLoad(func() {
			defer func() { <-sem }()
			c, err := s.dial(ctx, url, tokens[i%len(tokens)])
			ready.Done()
			if err != nil {
				errOnce.Do(func() { dialErr = fmt.Errorf("bench: subscriber %d: %w", i, err) })
				return
			}
			s.wg.Add(1)
			go s.read(ctx, c, i%streamSampleEvery == 0)
		})()
	}
	ready.Wait()
	if dialErr != nil {
		s.stop()
		return nil, dialErr
	}
	return s, nil
}

// dial upgrades, subscribes to token and reads the snapshot.
func (s *subscribers) dial(ctx context.Context, url, token string) (*websocket.Conn, error) {
	dctx, cancel := context.WithTimeout(ctx, streamDialTimeout)
	defer cancel()
	c, _, err := websocket.Dial(dctx, url, nil)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(streamReadLimitBytes)
	req, _ := json.Marshal(clobapi.StreamRequest{Type: clobapi.StreamSubscribe, AssetIDs: []string{token}})
	if err := c.Write(dctx, websocket.MessageText, req); err != nil {
		return nil, err
	}
	for {
		_, data, err := c.Read(dctx)
		if err != nil {
			return nil, err
		}
		if bytes.Contains(data, []byte(`"type":"book"`)) {
			return c, nil
		}
		if bytes.Contains(data, []byte(`"type":"error"`)) {
			return nil, fmt.Errorf("subscribe refused: %s", data)
		}
	}
}

// read counts frames and messages until the connection or ctx ends.
func (s *subscribers) read(ctx context.Context, c *websocket.Conn, sample bool) {
	defer s.wg.Done()
	defer c.CloseNow()
	var lat []float64
	defer func() {
		s.mu.Lock()
		s.latMs = append(s.latMs, lat...)
		s.mu.Unlock()
	}()
	// One buffer per reader, reused: the readers are the bench's own
	// cost, on the same two cores as the gateway they measure.
	var buf bytes.Buffer
	for {
		buf.Reset()
		_, r, err := c.Reader(ctx)
		if err == nil {
			_, err = buf.ReadFrom(r)
		}
		data := buf.Bytes()
		if err != nil {
			if ctx.Err() == nil {
				s.closed.Add(1)
				s.mu.Lock()
				s.reasons[closeReason(err)]++
				s.mu.Unlock()
			}
			return
		}
		now := time.Now().UnixMilli()
		if len(data) == 0 || data[0] != '[' {
			continue // a control message (ping): no position's messages
		}
		s.frames.Add(1)
		s.msgs.Add(int64(bytes.Count(data, []byte(`"position":`))))
		if sample {
			lat = append(lat, frameLatencies(data, now)...)
		}
	}
}

// frameLatencies are the milliseconds from each timed message's engine
// time to now.
func frameLatencies(data []byte, nowMs int64) []float64 {
	var msgs []struct {
		Type        string `json:"type"`
		TimestampMs int64  `json:"timestamp_ms"`
	}
	if json.Unmarshal(data, &msgs) != nil {
		return nil
	}
	var out []float64
	for _, m := range msgs {
		if (m.Type == clobapi.MsgPriceChange || m.Type == clobapi.MsgLastTrade) && m.TimestampMs > 0 {
			out = append(out, float64(nowMs-m.TimestampMs))
		}
	}
	return out
}

func closeReason(err error) string {
	var ce websocket.CloseError
	if errors.As(err, &ce) {
		reason, _, _ := strings.Cut(ce.Reason, ":")
		return fmt.Sprintf("%d %s", ce.Code, reason)
	}
	return "read error"
}

// stop closes every subscriber and waits for their readers.
func (s *subscribers) stop() {
	s.cancel()
	s.wg.Wait()
}

// figures stops the subscribers (their readers hand in their latencies
// as they end) and returns the stream figures over a load of elapsed:
// subscribers still connected, messages delivered a second, and the p99
// latency.
func (s *subscribers) figures(n int, elapsed time.Duration) []Figure {
	msgs := s.msgs.Load()
	s.stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	lat := slices.Clone(s.latMs)
	slices.Sort(lat)
	if len(s.reasons) > 0 {
		fmt.Fprintf(os.Stderr, "bench: the gateway closed %d subscribers: %v\n", s.closed.Load(), s.reasons)
	}
	p50, p99 := 0.0, 0.0
	if len(lat) > 0 {
		p50, p99 = lat[len(lat)/2], lat[min(len(lat)-1, len(lat)*99/100)]
	}
	return []Figure{
		{"ws_subscribers", float64(n - int(s.closed.Load())), "connections"},
		{"ws_msgs_per_sec", float64(msgs) / elapsed.Seconds(), "msgs/s"},
		{"ws_event_p50_ms", p50, "ms"},
		{"ws_event_p99_ms", p99, "ms"},
	}
}

// streamTokens are the devnet markets' tokens, YES and NO.
func streamTokens(markets []devnet.Market) []string {
	var out []string
	for _, m := range markets {
		out = append(out, m.YesTokenID(), m.NoTokenID())
	}
	return out
}

// CLOBStreams measures the CLOB's order rate with cfg.Subscribers
// market-channel subscribers connected and without, without the
// settlement (its own figure is CLOBCompare's), alternately: without,
// with, without. clob_ws_rate_pct holds the run with subscribers against
// the mean of the two around it, which cancels a load that drifts.
func CLOBStreams(cfg CLOBConfig) ([]Figure, error) {
	base := cfg
	base.NoSettle, base.Subscribers, base.CPUProfile, base.Replaces, base.Batches = true, 0, "", 0, 0
	before, err := CLOB(base)
	if err != nil {
		return nil, fmt.Errorf("without subscribers: %w", err)
	}
	with := base
	with.Subscribers = cfg.Subscribers
	// -clob-cpuprofile profiles the run with subscribers: where the
	// fan-out's time goes.
	with.CPUProfile = cfg.CPUProfile
	figs, err := CLOB(with)
	if err != nil {
		return nil, fmt.Errorf("with %d subscribers: %w", cfg.Subscribers, err)
	}
	after, err := CLOB(base)
	if err != nil {
		return nil, fmt.Errorf("without subscribers, after: %w", err)
	}
	rate := (before[0].Value + after[0].Value) / 2
	out := []Figure{{"clob_signed_orders_per_sec_ws", figs[0].Value, figs[0].Unit},
		{"clob_signed_orders_per_sec_no_ws", rate, figs[0].Unit},
		{"clob_ws_rate_pct", 100 * figs[0].Value / rate, "%"}}
	for _, f := range figs {
		if strings.HasPrefix(f.Name, "ws_") {
			out = append(out, f)
		}
	}
	if cfg.StreamPacedRate <= 0 {
		return out, nil
	}
	// The closed loop above keeps both cores busy, so its latency is
	// mostly the wait for a core. The same subscribers at a rate the
	// machine carries beside them tell the stream's own latency.
	paced := with
	paced.CPUProfile, paced.Runs = "", 1
	run := cfg.StreamPacedRun
	if run <= 0 {
		run = streamPacedRun
	}
	paced.PacedRate, paced.Orders = cfg.StreamPacedRate, int(float64(cfg.StreamPacedRate)*run.Seconds())
	pfigs, err := CLOB(paced)
	if err != nil {
		return nil, fmt.Errorf("with %d subscribers at %d orders/s: %w", cfg.Subscribers, cfg.StreamPacedRate, err)
	}
	out = append(out, Figure{"ws_paced_orders_per_sec", pfigs[0].Value, pfigs[0].Unit})
	for _, f := range pfigs {
		if strings.HasPrefix(f.Name, "ws_") && f.Name != "ws_subscribers" {
			out = append(out, Figure{f.Name + "_paced", f.Value, f.Unit})
		}
	}
	return out, nil
}

// DefaultStreamPacedRate is the order rate of the ws group's paced run:
// about half of what the CLOB carried with 5,000 subscribers in a closed
// loop on this machine (196 orders/s).
const DefaultStreamPacedRate = 100

// streamPacedRun is how long the paced run sends orders unless
// CLOBConfig.StreamPacedRun says otherwise.
const streamPacedRun = 30 * time.Second
