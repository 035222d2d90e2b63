package settle

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/pb"
	scenariofile "pred.dev/proto/runtime/scenario"
)

// Scenario files in testdata/scenarios describe the settler's pure rules
// as scripts, as the engine's do its matching: blocks of lines, a "----"
// line, and what the rules must print. Three kinds of lines:
//
//   - gathering the EVT stream into segments (gatherer, groups): "params"
//     starts a stream, each "msg" is the next EVT message;
//   - cutting a segment into calls (calls): "limits", then its "match"es;
//   - a settlement's step (reorgPlan, stepPlan): "record" and "tx".
//
// After changing a rule on purpose, run
// `go test ./settle -run TestScenarios -rewrite` and read the diff before
// committing it.

func TestScenarios(t *testing.T) {
	t.Parallel()
	scenariofile.Run(t, "testdata/scenarios/*.txt", scenariofile.Options{},
		func(t *testing.T, _ string, blocks []scenariofile.Block) []string {
			sc := &scenario{t: t}
			got := make([]string, len(blocks))
			for i, b := range blocks {
				got[i] = sc.run(b)
			}
			return got
		})
}

// scenario interprets a file's lines. A stream's state (the gatherer, the
// EVT sequence, the trade ids) goes on from block to block.
type scenario struct {
	t      *testing.T
	g      *gatherer
	evt    uint64 // EVT sequence of the last message
	cmd    uint64 // command sequence of the last command
	trade  uint64
	atMs   int64
	takers map[string]byte
	rec    *Record
	limits [2]int
	// attemptsMax is the record's Config.AttemptsMax.
	attemptsMax uint32
	matches     []ready
	names       map[common.Address]string
	out         []string
}

func (s *scenario) run(b scenariofile.Block) string {
	s.out = nil
	for _, line := range b.Commands {
		f := strings.Fields(line)
		args := kv(f[1:])
		switch f[0] {
		case "params":
			s.params(args)
		case "msg":
			s.msg(f[1:])
		case "limits":
			s.limits, s.matches = [2]int{s.int(args, "matches", 0), s.int(args, "fills", 0)}, nil
			s.names = map[common.Address]string{}
		case "match":
			s.match(f[1], args)
		case "record":
			s.record(args)
		case "tx":
			s.tx(args)
		default:
			s.t.Fatalf("unknown line %q", line)
		}
	}
	if s.matches != nil {
		s.calls()
	}
	return strings.Join(s.out, "")
}

func (s *scenario) printf(format string, a ...any) {
	s.out = append(s.out, fmt.Sprintf(format+"\n", a...))
}

// kv reads key=value words; a bare word is key=true.
func kv(words []string) map[string]string {
	m := map[string]string{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			v = "true"
		}
		m[k] = v
	}
	return m
}

func (s *scenario) int(args map[string]string, k string, def int) int {
	v, ok := args[k]
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		s.t.Fatalf("%s=%q: %v", k, v, err)
	}
	return n
}

// params starts a stream: "params matches=12 fills=24 window=250
// makers=15" (window in ms of engine time).
func (s *scenario) params(args map[string]string) {
	p := params{MatchesMax: s.int(args, "matches", 12), FillsMax: s.int(args, "fills", 24), GatherWindowMs: int64(s.int(args, "window", 250))}
	s.g = newGatherer(cursorRecord{Params: p}, s.int(args, "makers", 15))
	s.evt, s.cmd, s.trade, s.atMs, s.takers = 0, 0, 0, 0, map[string]byte{}
}

// msg is the next EVT message: "msg +40 a:2 b:1" is 40 ms of engine time
// after the last one, with a command whose taker order a fills 2 makers
// and one whose taker b fills 1; "a:2/b:1" puts both in one command, "-"
// is a message without a trade (a Tick). Trade ids count from 1 along
// the stream. It prints the segments the message ended and the cursor
// it allows.
func (s *scenario) msg(words []string) {
	b := &pb.EventBatch{}
	for _, w := range words {
		if d, ok := strings.CutPrefix(w, "+"); ok {
			s.atMs += int64(s.int(map[string]string{"ms": d}, "ms", 0))
			continue
		}
		if w == "-" {
			continue
		}
		first := len(b.Events)
		for _, tk := range strings.Split(w, "/") {
			name, n, _ := strings.Cut(tk, ":")
			if _, ok := s.takers[name]; !ok {
				s.takers[name] = byte(len(s.takers) + 1)
			}
			for range s.int(map[string]string{"n": n}, "n", 1) {
				s.trade++
				b.Events = append(b.Events, trade(s.trade, s.takers[name], s.takers[name]+100, 1))
			}
		}
		s.cmd++
		b.Results = append(b.Results, &pb.CommandResult{FirstEvent: uint32(first), EventCount: uint32(len(b.Events) - first), CommandSeq: s.cmd})
	}
	b.TimeMs = s.atMs
	s.evt++
	for _, sg := range s.g.add(s.evt, b) {
		s.printf("segment %s (%s)", s.segment(sg), sg.p)
	}
	s.printf("evt %d cursor %d", s.evt, s.g.safe())
}

// segment prints a segment's groups: each its taker and trade ids.
func (s *scenario) segment(sg segment) string {
	var gs []string
	for _, g := range sg.gs {
		var ids []string
		for _, t := range g.trades {
			ids = append(ids, strconv.FormatUint(t.GetTradeId(), 10))
		}
		gs = append(gs, s.takerName(g.trades[0].GetTakerOrderId()[0])+"["+strings.Join(ids, ",")+"]")
	}
	return strings.Join(gs, " ")
}

func (s *scenario) takerName(b byte) string {
	for n, v := range s.takers {
		if v == b {
			return n
		}
	}
	return "?"
}

// match is a segment's next match: "match x1 ex=A taker=w1 makers=w2,w3
// fills=2" (fills default 1 a maker).
func (s *scenario) match(name string, args map[string]string) {
	r := ready{exchange: s.wallet("exchange " + args["ex"]), m: Match{Taker: name}, taker: Order{Maker: s.wallet(args["taker"])}}
	for _, w := range strings.Split(args["makers"], ",") {
		r.makers = append(r.makers, Order{Maker: s.wallet(w)})
	}
	for range s.int(args, "fills", len(r.makers)) {
		r.fills = append(r.fills, big.NewInt(1))
	}
	s.matches = append(s.matches, r)
}

func (s *scenario) wallet(n string) common.Address {
	a := common.BytesToAddress([]byte(n))
	s.names[a] = strings.TrimPrefix(n, "exchange ")
	return a
}

// calls prints the calls of the block's matches, in queue order.
func (s *scenario) calls() {
	for i, c := range calls(s.matches, s.limits[0], s.limits[1]) {
		var ms []string
		fills := 0
		for _, r := range c {
			ms, fills = append(ms, r.m.Taker), fills+len(r.fills)
		}
		s.printf("call %d ex=%s fills=%d: %s", i+1, s.names[c[0].exchange], fills, strings.Join(ms, " "))
	}
	s.matches = nil
}

// record is the settlement a step starts from: "record reported=MINED
// matches=1 attempt=2 base=1 reorgs=0 attempts-max=5".
func (s *scenario) record(args map[string]string) {
	st, ok := pb.TradeStatus_value["TRADE_STATUS_"+args["reported"]]
	if !ok {
		s.t.Fatalf("record reported=%q", args["reported"])
	}
	s.rec = &Record{ID: "s", Reported: pb.TradeStatus(st), Attempt: uint32(s.int(args, "attempt", 1)),
		Base: uint32(s.int(args, "base", 1)), Reorgs: uint32(s.int(args, "reorgs", 0))}
	for i := range s.int(args, "matches", 1) {
		s.rec.Matches = append(s.rec.Matches, Match{Fills: []Fill{{TradeID: uint64(i + 1)}}})
	}
	s.attemptsMax = uint32(s.int(args, "attempts-max", DefaultAttemptsMax))
}

// tx is the relayer's record of the current attempt: "tx state=MINED
// reorgs=1". It prints what a reorganization does (if one is news) and
// the step's plan, and the record takes the plan's status.
func (s *scenario) tx(args map[string]string) {
	tx := &relayerapi.Transaction{State: relayerapi.State("STATE_" + args["state"]), Reorgs: uint32(s.int(args, "reorgs", 0))}
	if report, reported, ok := reorgPlan(s.rec, tx); ok {
		s.printf("reorg report=%s reported=%s", statuses(report), short(reported))
		s.rec.Reorgs, s.rec.Reported = tx.Reorgs, reported
	}
	p := stepPlan(s.rec, tx.State, s.attemptsMax)
	line := fmt.Sprintf("%s report=%s reported=%s", p.move, statuses(p.report), short(p.reported))
	if p.final {
		line += " final"
	}
	s.printf("%s", line)
	// The record as work leaves it: a retry's next attempt, a split's
	// first match (the others are records of their own).
	s.rec.Reported = p.reported
	switch p.move {
	case moveRetry:
		s.rec.Attempt, s.rec.Reorgs = s.rec.Attempt+1, 0
	case moveSplit:
		s.rec.Matches = s.rec.Matches[:1]
		s.rec.Attempt, s.rec.Base, s.rec.Reorgs = s.rec.Attempt+1, s.rec.Attempt+1, 0
	}
}

func short(st pb.TradeStatus) string { return strings.TrimPrefix(st.String(), "TRADE_STATUS_") }

func statuses(sts []pb.TradeStatus) string {
	if len(sts) == 0 {
		return "-"
	}
	return strings.Join(slicesMap(sts, short), ",")
}

func slicesMap[T, U any](in []T, f func(T) U) []U {
	out := make([]U, 0, len(in))
	for _, v := range in {
		out = append(out, f(v))
	}
	return out
}
