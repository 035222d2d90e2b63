package predcli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/client/stream"
)

// The watch commands follow a stream (pred.dev/proto/client/stream) until
// interrupted or --count: the SDK reconnects and resumes by itself, so a
// watch rides out a gateway restart. With --json each message is one
// line of JSON (the stream's own object), for a script to read.
//
// A watch is never silent while it cannot connect: each reason the SDK
// reconnects for is a line on stderr, whatever the output flags (as a
// rate-limited call's wait is), once per outage; a refusal a new
// connection will not cure (a FinalError: bad credentials, a URL that
// serves no stream) ends the watch with its reason and exit 1.

// watchDepthDefault is how many levels of each side watch book shows.
const watchDepthDefault = 10

// clearScreen moves the cursor home and clears the terminal, so that a
// book redraws in place.
const clearScreen = "\x1b[H\x1b[2J"

func watchCommands() []*command {
	return []*command{
		{complete: completeToken, noun: "watch", verb: "book", args: "(<token> | <market> [<outcome>])", minArgs: 1, maxArgs: 2, flags: watchBookFlags,
			help: "follow a token's order book live (the market channel): its best levels, the stream's position and whether the book agrees with the server's hash; a market alone is its first outcome (yes)", run: watchBook},
		{noun: "watch", verb: "trades", flags: watchUserFlags,
			help: "follow your trades live (the user channel): each match and each settlement status to CONFIRMED or FAILED, with the transaction", run: watchTrades},
		{noun: "watch", verb: "orders", flags: watchUserFlags,
			help: "follow your orders live (the user channel): placed, filled, cancelled (with the cause) and expired, and the status changes of their markets", run: watchOrders},
		{noun: "watch", verb: "game", args: "<id or event slug>", minArgs: 1, maxArgs: 1, flags: watchCountFlag,
			help: "follow a game's status and score live (the Gamma API's sports channel)", run: watchGame},
	}
}

func watchCountFlag(fs *pflag.FlagSet, o *cmdOpts) {
	fs.IntVar(&o.count, "count", 0, "stop after this many updates (0: until interrupted)")
}

func watchBookFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.IntVar(&o.count, "count", 0, "stop after showing the book this many times: the snapshot, then once per change (0: until interrupted; 1: the snapshot alone)")
	fs.IntVar(&o.depth, "depth", watchDepthDefault, "levels of each side to show")
}

func watchUserFlags(fs *pflag.FlagSet, o *cmdOpts) {
	watchCountFlag(fs, o)
	fs.StringVar(&o.market, "market", "", "only this market's (slug, id or condition id)")
}

// watch reads a stream until ctx ends, the stream fails, or show has
// counted --count updates; show returns whether a message was one.
func (inv *invocation) watch(ctx context.Context, s *stream.Stream, show func(m any) (bool, error)) error {
	defer s.Close()
	n := 0
	for {
		select {
		case <-ctx.Done():
			return nil // interrupted: the normal end of a watch
		case m, ok := <-s.Messages():
			if !ok {
				return s.Err()
			}
			switch m := m.(type) {
			case *clobapi.ErrorMessage:
				inv.hint("pred: the server refused a request: %s: %s", m.Code, m.Message)
				continue
			case *clobapi.SubscribedMessage:
				inv.hint("pred: following the %s channel from position %d", m.Channel, m.Position)
				continue
			}
			counted, err := show(m)
			if err != nil {
				return err
			}
			if counted {
				if n++; inv.opts.count > 0 && n >= inv.opts.count {
					return nil
				}
			}
		}
	}
}

// reconnectNotice is the SDK option that writes on stderr why a stream
// dials again: each distinct reason once per outage (the attempts since
// the stream last received a frame).
func (inv *invocation) reconnectNotice() stream.Option {
	told := map[string]bool{}
	return stream.WithReconnectNotify(func(r stream.Reconnect) {
		if r.Attempt == 1 {
			clear(told)
		}
		if why := r.Err.Error(); !told[why] {
			told[why] = true
			fmt.Fprintf(inv.env.Stderr, "pred: reconnecting: %s\n", why)
		}
	})
}

// line writes one message as a JSON line (--json) or as text.
func (inv *invocation) line(m any, text string) error {
	if inv.g.json {
		return inv.emitJSONLine(m)
	}
	_, err := fmt.Fprintln(inv.env.Stdout, text)
	return err
}

// terminal reports whether w is a terminal, where a book redraws in place
// rather than printing each state after the last.
func terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func watchBook(ctx context.Context, inv *invocation) error {
	args := inv.args
	if len(args) == 1 && !isTokenID(args[0]) {
		args = append(args, "yes") // a market alone: its first outcome
	}
	t, err := inv.tokenArgs(ctx, args)
	if err != nil {
		return err
	}
	s := stream.Market(ctx, inv.g.url, stream.Subscription{AssetIDs: []string{t.id}}, inv.streamOptions()...)
	redraw := terminal(inv.env.Stdout) && !inv.g.json
	return inv.watch(ctx, s, func(m any) (bool, error) {
		switch m := m.(type) {
		case *clobapi.BookMessage, *clobapi.PriceChangeMessage:
			if inv.g.json {
				return true, inv.emitJSONLine(m)
			}
			b, ok := s.Book(t.id)
			return true, inv.showBook(b, ok, s.Status(), redraw)
		case *clobapi.LastTradeMessage:
			return false, inv.line(m, fmt.Sprintf("trade %s %s at %s (position %d)", m.Side, m.Size, m.Price, m.Position))
		case *clobapi.MarketMessage:
			return false, inv.line(m, fmt.Sprintf("market %s: %s, %s (position %d)", short(m.Market), m.Event, m.Status, m.Position))
		case *clobapi.GapMessage:
			inv.hint("pred: the server no longer holds positions %d to %d (%s): a new snapshot follows", m.From, m.To, m.Reason)
		}
		return false, nil
	})
}

// showBook draws a book: a status line, then the asks from the depth-th
// best down to the best, then the bids from the best down.
func (inv *invocation) showBook(b stream.Book, ok bool, st stream.Status, redraw bool) error {
	var sb strings.Builder
	if redraw {
		sb.WriteString(clearScreen)
	}
	hash := "ok"
	if !ok {
		hash = "waiting for a snapshot"
	}
	fmt.Fprintf(&sb, "position %d  hash %s  mismatches %d  connects %d\n", st.Position, hash, st.HashMismatches, st.Connects)
	rows := [][]string{{"SIDE", "PRICE", "SIZE"}}
	asks := b.Asks[:min(len(b.Asks), inv.opts.depth)]
	for i := len(asks) - 1; i >= 0; i-- {
		rows = append(rows, []string{"ask", asks[i].Price, asks[i].Size})
	}
	for _, l := range b.Bids[:min(len(b.Bids), inv.opts.depth)] {
		rows = append(rows, []string{"bid", l.Price, l.Size})
	}
	if len(rows) == 1 {
		rows = append(rows, []string{"-", "(empty book)", "-"})
	}
	if _, err := io.WriteString(inv.env.Stdout, sb.String()); err != nil {
		return err
	}
	if err := inv.table(rows); err != nil {
		return err
	}
	_, err := fmt.Fprintln(inv.env.Stdout)
	return err
}

// userStream opens the caller's user channel, narrowed by --market.
func (inv *invocation) userStream(ctx context.Context) (*stream.Stream, error) {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return nil, err
	}
	var sub stream.Subscription
	if inv.opts.market != "" {
		cond, err := inv.conditionID(ctx, inv.opts.market)
		if err != nil {
			return nil, err
		}
		sub.Markets = []string{cond}
	}
	return stream.User(ctx, c, sub, inv.streamOptions()...), nil
}

func watchTrades(ctx context.Context, inv *invocation) error {
	s, err := inv.userStream(ctx)
	if err != nil {
		return err
	}
	return inv.watch(ctx, s, func(m any) (bool, error) {
		t, ok := m.(*clobapi.TradeMessage)
		if !ok {
			return false, nil
		}
		text := fmt.Sprintf("%s  trade %s  %-9s %s", msTime(t.TimestampMs), short(t.TradeID), t.Status, t.Role)
		if t.Status == "MATCHED" {
			text += fmt.Sprintf("  %s %s at %s  order %s", t.Side, t.Size, t.Price, short(t.OrderID))
		}
		if t.TransactionHash != "" {
			text += "  tx " + t.TransactionHash
		}
		return true, inv.line(t, text)
	})
}

func watchOrders(ctx context.Context, inv *invocation) error {
	s, err := inv.userStream(ctx)
	if err != nil {
		return err
	}
	return inv.watch(ctx, s, func(m any) (bool, error) {
		switch m := m.(type) {
		case *clobapi.OrderMessage:
			text := fmt.Sprintf("%s  order %s  %-12s %s  remaining %s", msTime(m.TimestampMs), short(m.ID), m.Event, m.Status, m.Remaining)
			if m.Event == clobapi.OrderPlacement {
				text += fmt.Sprintf("  %s %s at %s %s", m.Side, m.OriginalSize, m.Price, m.OrderType)
			}
			if m.TradeID != "" {
				text += "  trade " + short(m.TradeID)
			}
			if m.Cause != "" {
				text += "  cause " + m.Cause
			}
			return true, inv.line(m, text)
		case *clobapi.MarketMessage:
			return false, inv.line(m, fmt.Sprintf("%s  market %s  %s, %s", msTime(m.TimestampMs), short(m.Market), m.Event, m.Status))
		}
		return false, nil
	})
}

func watchGame(ctx context.Context, inv *invocation) error {
	game, err := inv.findGame(ctx, inv.args[0])
	if err != nil {
		return err
	}
	s := stream.Sports(ctx, inv.g.gammaURL, inv.streamOptions()...)
	var last string
	return inv.watch(ctx, s, func(m any) (bool, error) {
		r, ok := m.(*gammaapi.SportResult)
		if !ok || r.GameID != game.ID {
			return false, nil
		}
		text := fmt.Sprintf("%s  %s %s %s  %s", r.HomeTeam, r.Score, r.AwayTeam, r.Status, r.LeagueAbbreviation)
		if r.Period != "" {
			text += "  " + r.Period + " " + r.Elapsed
		}
		if text == last {
			return false, nil // a resume sends the state the watch already shows
		}
		last = text
		return true, inv.line(r, text)
	})
}

// msTime formats a message's Unix milliseconds as a UTC clock time.
func msTime(ms int64) string {
	if ms == 0 {
		return "-"
	}
	return time.UnixMilli(ms).UTC().Format("15:04:05.000")
}

// emitJSONLine writes v as one line of JSON on stdout.
func (inv *invocation) emitJSONLine(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(inv.env.Stdout, "%s\n", b)
	return err
}

// streamOptions are every watch's stream options: the run's HTTP
// client, but without --timeout, which would cut a connection meant to
// stay open, and the reconnection notice.
func (inv *invocation) streamOptions() []stream.Option {
	h := *inv.httpClient()
	h.Timeout = 0
	return []stream.Option{stream.WithHTTPClient(&h), inv.reconnectNotice()}
}
