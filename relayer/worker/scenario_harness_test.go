package worker

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/params"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/chain/bind/safe"
	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"

	scenariofile "pred.dev/proto/runtime/scenario"
)

// The scenario harness drives the real worker one step at a time: the
// run's own receive (a queue message) and track (one look at the chain),
// which Run calls from its loop, here called by the script, on a
// simulated chain that seals a block only when the script says "mine" and
// a clock (Config.Now) that moves only when it says "wait". Nothing runs
// between two steps, so a file prints the same records on every run.
//
// Steps:
//
//	config k=v...          first step only: confirmations=, resend=, reprice=, fee= (FeeMultiplierPercent), tip= (wei)
//	fund <user> <usdw>     the faucet gives the user's wallet USDW (a block of its own: use it before anything is pending)
//	deploy <user> [id=] [owner=<user>]                  a SAFE-CREATE of the user's wallet, submitted by owner (the user)
//	transfer <user> <usdw> to=<user> nonce=<n> [id=]    a Safe transaction of the user's wallet
//	direct <user> <usdw> to=<user> nonce=<n>            the same Safe transaction sent by someone else (not mined)
//	steal                  a transaction of the hot key's next nonce sent outside the worker (not mined)
//	rival                  another worker records the hot key's next nonce
//	mine [n]               seal n blocks (1) with what the node holds
//	drop                   the node forgets every transaction it holds
//	reorg                  the latest block leaves the chain (its transactions return to the node)
//	wait <duration>        the clock moves on
//	look [n]               the worker looks at the chain n times (1)
//	crash <point>          the worker stops at that step the next time it reaches it (Crash* constants)
//	restart                a new worker recovers from the store and reads the queue from its cursor
//	worker                 print what the worker holds: flights, held submissions, next nonce
//
// After each step the harness prints what changed: each submission's
// transaction record (state, hot-key nonce, the attempt that carries it,
// block relative to the first, reorgs, reason) and each hot-key nonce's
// write-ahead record (its submission and attempts), with addresses and
// hashes replaced by names.

// scenarioStart is the scenario clock's origin.
var scenarioStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

type scenario struct {
	t   *testing.T
	ctx context.Context
	env *chaintest.Env
	sim *simulated.Backend
	js  jetstream.JetStream
	st  *store.Store
	cfg Config
	now time.Time
	hot *ecdsa.PrivateKey
	// base is the head when the scenario starts: blocks print relative
	// to it.
	base uint64

	r       *run
	cons    jetstream.Consumer
	read    uint64 // the last queue sequence given to the worker
	crashAt string
	crashed string

	users  map[string]*scenarioUser
	subs   []*scenarioSub
	byID   map[string]*scenarioSub
	names  map[string]string // lower-case hex of an address or hash → its name
	shown  map[string]string // what was printed last of a record
	nonces map[uint64]bool   // nonce records seen
}

type scenarioUser struct {
	name string
	key  *ecdsa.PrivateKey
	c    *relayer.Client
}

type scenarioSub struct {
	name string
	id   string
}

func runScenario(t *testing.T, blocks []scenariofile.Block) []string {
	s := newScenario(t)
	got := make([]string, len(blocks))
	for i, b := range blocks {
		var sb strings.Builder
		for n, line := range b.Commands {
			if n == 0 && i == 0 && strings.HasPrefix(line, "config") {
				s.configure(line)
			} else {
				s.exec(&sb, line)
			}
			s.printChanges(&sb)
		}
		got[i] = sb.String()
	}
	return got
}

// newScenario starts NATS and a chain, and funds the hot key.
func newScenario(t *testing.T) *scenario {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(env.Close)
	nc := natstest.Connect(t, natstest.Start(t))
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, js, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := &scenario{t: t, ctx: ctx, env: env, sim: env.Sim(), js: js, st: st, now: scenarioStart,
		hot: nameKey("hot"), users: map[string]*scenarioUser{}, byID: map[string]*scenarioSub{},
		names: map[string]string{}, shown: map[string]string{}, nonces: map[uint64]bool{}}
	hot := crypto.PubkeyToAddress(s.hot.PublicKey)
	s.name(hot.Bytes(), "hot")
	tx, err := env.Admin.Transfer(ctx, hot, new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.Chain.Wait(ctx, tx); err != nil {
		t.Fatal(err)
	}
	s.cfg = Config{HotKey: s.hot, Env: scenarioEnv(env), Confirmations: 2, Now: func() time.Time { return s.now }, Crash: s.crash}
	return s
}

// nameKey is a key derived from a name, the same on every run.
func nameKey(name string) *ecdsa.PrivateKey {
	k, err := crypto.ToECDSA(crypto.Keccak256([]byte("relayer worker scenario " + name)))
	if err != nil {
		panic(err)
	}
	return k
}

func scenarioEnv(env *chaintest.Env) request.Env {
	k := env.D.Contracts
	return request.Env{ChainID: env.D.ChainID, Factory: k.SafeFactory, InitCodeHash: env.D.SafeInitCodeHash,
		Policy: request.Policy{Collateral: k.Collateral, Stablecoin: k.Stablecoin, ConditionalTokens: k.ConditionalTokens,
			MultiSendCallOnly: k.MultiSendCallOnly}}
}

func (s *scenario) crash(point string) bool {
	if point != s.crashAt {
		return false
	}
	s.crashAt, s.crashed = "", point
	return true
}

// configure applies a config step.
func (s *scenario) configure(line string) {
	for _, kv := range strings.Fields(line)[1:] {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "confirmations":
			s.cfg.Confirmations = uint64(s.num(v))
		case "resend":
			s.cfg.ResendAfter = s.duration(v)
		case "reprice":
			s.cfg.RepriceAfter = s.duration(v)
		case "fee":
			s.cfg.FeeMultiplierPercent = uint64(s.num(v))
		case "tip":
			s.cfg.TipCap = big.NewInt(s.num(v))
		default:
			s.t.Fatalf("config: unknown %q", k)
		}
	}
}

// start runs a worker: recovery, then the queue from its cursor.
func (s *scenario) start(sb *strings.Builder) {
	w, err := New(s.cfg, s.st, s.sim.Client(), nil, zaptest.NewLogger(s.t, zaptest.Level(zap.ErrorLevel)))
	if err != nil {
		s.t.Fatal(err)
	}
	if s.base == 0 {
		s.base = s.head()
	}
	r := w.newRun()
	if s.stopped(sb, r.recover(s.ctx)) {
		return
	}
	s.r = r
	s.cons, err = s.js.OrderedConsumer(s.ctx, store.SubmitStream, jetstream.OrderedConsumerConfig{
		DeliverPolicy: jetstream.DeliverByStartSequencePolicy, OptStartSeq: r.cursor})
	if err != nil {
		s.t.Fatal(err)
	}
	s.read = r.cursor - 1
	s.deliver(sb)
}

// stopped reports whether err ended the run, and prints how.
func (s *scenario) stopped(sb *strings.Builder, err error) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, ErrCrashed):
		fmt.Fprintf(sb, "crashed at %s\n", s.crashed)
	default:
		fmt.Fprintf(sb, "stopped: %s\n", s.scrub(err.Error()))
	}
	s.r = nil
	return true
}

// deliver gives the worker every queue message it has not read, as its
// follower would.
func (s *scenario) deliver(sb *strings.Builder) {
	last, err := s.st.QueueLast(s.ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	for s.r != nil && s.read < last {
		m, err := s.cons.Next(jetstream.FetchMaxWait(30 * time.Second))
		if err != nil {
			s.t.Fatalf("the queue: %v", err)
		}
		md, _ := m.Metadata()
		s.read = md.Sequence.Stream
		s.stopped(sb, s.r.receive(s.ctx, m))
	}
}

func (s *scenario) exec(sb *strings.Builder, line string) {
	f := strings.Fields(line)
	args, opts := splitOpts(f[1:])
	if s.r == nil && s.base == 0 {
		s.start(sb)
	}
	switch f[0] {
	case "fund":
		s.fund(args[0], args[1])
	case "deploy":
		s.deploy(sb, args[0], opts)
	case "transfer":
		s.transfer(sb, args[0], args[1], opts)
	case "direct":
		s.direct(args[0], args[1], opts)
	case "steal":
		s.steal(sb)
	case "rival":
		s.rival()
	case "mine":
		for range s.count(args) {
			s.sim.Commit()
		}
	case "drop":
		s.sim.Rollback()
	case "reorg":
		s.reorg()
	case "wait":
		s.now = s.now.Add(s.duration(args[0]))
	case "look":
		s.look(sb, s.count(args))
	case "crash":
		s.crashAt = args[0]
	case "restart":
		s.start(sb)
	case "worker":
		s.printWorker(sb)
	default:
		s.t.Fatalf("unknown scenario step %q", f[0])
	}
}

func (s *scenario) look(sb *strings.Builder, n int) {
	for range n {
		if s.r == nil {
			sb.WriteString("no worker runs\n")
			return
		}
		s.stopped(sb, s.r.track(s.ctx))
	}
}

func splitOpts(f []string) (args []string, opts map[string]string) {
	opts = map[string]string{}
	for _, a := range f {
		if k, v, ok := strings.Cut(a, "="); ok {
			opts[k] = v
		} else {
			args = append(args, a)
		}
	}
	return args, opts
}

func (s *scenario) count(args []string) int {
	if len(args) == 0 {
		return 1
	}
	return int(s.num(args[0]))
}

func (s *scenario) num(v string) int64 {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		s.t.Fatalf("number %q: %v", v, err)
	}
	return n
}

func (s *scenario) duration(v string) time.Duration {
	d, err := time.ParseDuration(v)
	if err != nil {
		s.t.Fatalf("duration %q: %v", v, err)
	}
	return d
}

// usdw parses a whole number of USDW into base units.
func (s *scenario) usdw(v string) *big.Int { return big.NewInt(s.num(v) * 1_000_000) }

func (s *scenario) head() uint64 {
	n, err := s.sim.Client().BlockNumber(s.ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	return n
}

// user returns the named user, made on first use.
func (s *scenario) user(name string) *scenarioUser {
	if u, ok := s.users[name]; ok {
		return u
	}
	key := nameKey("user " + name)
	d := s.env.D
	k := d.Contracts
	ch := relayer.Chain{ChainID: d.ChainID, SafeFactory: k.SafeFactory, SafeInitCodeHash: d.SafeInitCodeHash, Collateral: k.Collateral,
		ConditionalTokens: k.ConditionalTokens, Exchange: k.Exchange, NegRiskExchange: k.NegRiskExchange, MultiSendCallOnly: k.MultiSendCallOnly}
	u := &scenarioUser{name: name, key: key, c: relayer.New("http://unused", relayer.WithPrivateKey(key), relayer.WithChain(ch))}
	s.users[name] = u
	s.name(u.c.Address().Bytes(), name)
	s.name(u.c.Wallet().Bytes(), name+".wallet")
	return u
}

func (s *scenario) fund(name, amount string) {
	if err := s.env.Fund(s.ctx, s.user(name).c.Wallet(), s.usdw(amount)); err != nil {
		s.t.Fatal(err)
	}
}

func (s *scenario) deploy(sb *strings.Builder, name string, opts map[string]string) {
	u := s.user(name)
	req, err := u.c.DeployRequest()
	if err != nil {
		s.t.Fatal(err)
	}
	s.submit(sb, u, req, opts)
}

func (s *scenario) transfer(sb *strings.Builder, name, amount string, opts map[string]string) {
	u := s.user(name)
	req, err := u.c.SafeRequest(s.transferTx(u, amount, opts))
	if err != nil {
		s.t.Fatal(err)
	}
	s.submit(sb, u, req, opts)
}

func (s *scenario) transferTx(u *scenarioUser, amount string, opts map[string]string) relayer.SafeTx {
	to := s.user(opts["to"]).c.Wallet()
	return u.c.Tx(big.NewInt(s.num(opts["nonce"])), relayer.Transfer(s.env.D.Contracts.Collateral, to, s.usdw(amount)))
}

// submit queues a submission, as the API does, and gives it to the
// worker.
func (s *scenario) submit(sb *strings.Builder, u *scenarioUser, req relayerapi.SubmitRequest, opts map[string]string) {
	name := opts["id"]
	if name == "" {
		name = fmt.Sprintf("s%d", len(s.subs)+1)
	}
	owner := u
	if o, ok := opts["owner"]; ok {
		owner = s.user(o)
	}
	id := request.TxID(crypto.Keccak256Hash([]byte(name)), 0)
	sub := &store.Submission{ID: id, Owner: owner.c.Address().Hex(), Request: req, CreatedAt: s.now}
	if _, err := s.st.Enqueue(s.ctx, sub); err != nil {
		s.t.Fatal(err)
	}
	ss := &scenarioSub{name: name, id: id}
	s.subs = append(s.subs, ss)
	s.byID[id] = ss
	s.deliver(sb)
}

// direct has the admin send a user's signed Safe transaction itself, as
// anyone may: the wallet's Safe nonce is then spent outside the relayer.
func (s *scenario) direct(name, amount string, opts map[string]string) {
	u := s.user(name)
	tx := s.transferTx(u, amount, opts)
	stx := safewallet.SafeTx{To: tx.To, Value: new(big.Int), Data: tx.Data, Operation: safewallet.Operation(tx.Operation), Nonce: tx.Nonce}
	sig, err := stx.Sign(u.key, s.env.ChainID, u.c.Wallet())
	if err != nil {
		s.t.Fatal(err)
	}
	sf, err := safe.NewSafe(u.c.Wallet(), s.sim.Client())
	if err != nil {
		s.t.Fatal(err)
	}
	z := new(big.Int)
	if _, err := s.env.Admin.Send(s.ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		o.GasLimit = 1_500_000
		return sf.ExecTransaction(o, stx.To, stx.Value, stx.Data, uint8(stx.Operation), z, z, z, common.Address{}, common.Address{}, sig)
	}); err != nil {
		s.t.Fatal(err)
	}
}

// steal spends the hot key's next unmined nonce with a transfer the
// worker did not make, at a fee that outbids the worker's.
func (s *scenario) steal(sb *strings.Builder) {
	c := s.sim.Client()
	hot := crypto.PubkeyToAddress(s.hot.PublicKey)
	n, err := c.NonceAt(s.ctx, hot, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	fee := new(big.Int).Mul(big.NewInt(500), big.NewInt(params.GWei))
	tx, err := types.SignNewTx(s.hot, types.LatestSignerForChainID(new(big.Int).SetUint64(s.env.ChainID)), &types.DynamicFeeTx{
		ChainID: new(big.Int).SetUint64(s.env.ChainID), Nonce: n, GasTipCap: fee, GasFeeCap: fee, Gas: params.TxGas, To: &hot})
	if err != nil {
		s.t.Fatal(err)
	}
	s.name(tx.Hash().Bytes(), "stolen")
	if err := c.SendTransaction(s.ctx, tx); err != nil {
		fmt.Fprintf(sb, "steal: %v\n", err)
	}
}

// rival writes the record of the worker's next nonce, as a second worker
// running beside it would.
func (s *scenario) rival() {
	id := request.TxID(crypto.Keccak256Hash([]byte("rival")), 0)
	s.byID[id] = &scenarioSub{name: "rival", id: id}
	if _, err := s.st.CreateNonce(s.ctx, &store.Nonce{Nonce: s.r.next, TxID: id}); err != nil {
		s.t.Fatal(err)
	}
}

// reorg takes the latest block off the chain: the chain forks at its
// parent and a sibling, longer, grows in its place when blocks are mined.
func (s *scenario) reorg() {
	h, err := s.sim.Client().HeaderByNumber(s.ctx, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	if err := s.sim.Fork(h.ParentHash); err != nil {
		s.t.Fatal(err)
	}
}

func (s *scenario) name(b []byte, name string) { s.names[strings.ToLower(common.Bytes2Hex(b))] = name }

var (
	hexWord    = regexp.MustCompile(`0x[0-9a-fA-F]{64}|0x[0-9a-fA-F]{40}`)
	blockNum   = regexp.MustCompile(`block (\d+)`)
	gasUsedNum = regexp.MustCompile(`gas used \d+`)
)

// scrub replaces what differs from run to run (addresses, hashes, block
// numbers, gas) by names.
func (s *scenario) scrub(text string) string {
	text = hexWord.ReplaceAllStringFunc(text, func(h string) string {
		if n, ok := s.names[strings.ToLower(h[2:])]; ok {
			return n
		}
		if len(h) == 42 {
			return "<address>"
		}
		return "<hash>"
	})
	text = blockNum.ReplaceAllStringFunc(text, func(m string) string {
		n, _ := strconv.ParseUint(m[len("block "):], 10, 64)
		return "block " + s.block(n)
	})
	return gasUsedNum.ReplaceAllString(text, "gas used <n>")
}

// block names a block number relative to the scenario's first.
func (s *scenario) block(n uint64) string { return fmt.Sprintf("+%d", int64(n)-int64(s.base)) }

// printChanges prints the records that changed since the last step.
func (s *scenario) printChanges(sb *strings.Builder) {
	entries, err := s.st.Nonces(s.ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	live := map[uint64]bool{}
	for _, e := range entries {
		live[e.N.Nonce] = true
		s.nonces[e.N.Nonce] = true
		s.show(sb, fmt.Sprintf("nonce %d", e.N.Nonce), s.nonceLine(e.N))
	}
	for _, n := range slices.Sorted(maps.Keys(s.nonces)) {
		if !live[n] {
			s.show(sb, fmt.Sprintf("nonce %d", n), "deleted")
		}
	}
	for _, ss := range s.subs {
		s.show(sb, ss.name, s.recordLine(ss))
	}
}

// show prints key's line if it changed.
func (s *scenario) show(sb *strings.Builder, key, line string) {
	if s.shown[key] == line {
		return
	}
	s.shown[key] = line
	fmt.Fprintf(sb, "%s: %s\n", key, line)
}

// nonceLine describes a nonce record, naming its attempts.
func (s *scenario) nonceLine(n *store.Nonce) string {
	sub := s.byID[n.TxID]
	line := sub.name
	for i, a := range n.Attempts {
		label := fmt.Sprintf("%s.%d", sub.name, i+1)
		if n.Noop && i == len(n.Attempts)-1 {
			label = "noop"
		}
		s.name(common.FromHex(a.Hash), label)
		line += " " + label
	}
	return line
}

// recordLine describes a submission's transaction record.
func (s *scenario) recordLine(ss *scenarioSub) string {
	rec, _, err := s.st.Record(s.ctx, ss.id)
	if errors.Is(err, store.ErrNotFound) {
		return "queued"
	}
	if err != nil {
		s.t.Fatal(err)
	}
	tx := rec.Tx
	line := strings.TrimPrefix(string(tx.State), "STATE_")
	if rec.HotNonce != nil {
		line += fmt.Sprintf(" nonce=%d", *rec.HotNonce)
	}
	if tx.TransactionHash != "" {
		line += " tx=" + s.scrub(tx.TransactionHash)
	}
	if tx.BlockNumber != 0 {
		line += " block=" + s.block(tx.BlockNumber)
	}
	if tx.Reorgs != 0 {
		line += fmt.Sprintf(" reorgs=%d", tx.Reorgs)
	}
	if tx.Reason != "" {
		line += fmt.Sprintf(" reason=%q", s.scrub(tx.Reason))
	}
	return line
}

// printWorker prints what the running worker holds.
func (s *scenario) printWorker(sb *strings.Builder) {
	if s.r == nil {
		sb.WriteString("no worker runs\n")
		return
	}
	for _, n := range s.r.sortedFlights() {
		f := s.r.flights[n]
		fmt.Fprintf(sb, "flight %d: %s %s sent=%v\n", n, s.byID[f.n.TxID].name, strings.TrimPrefix(string(f.state), "STATE_"), f.sent)
	}
	for _, name := range slices.Sorted(maps.Keys(s.users)) {
		u := s.users[name]
		for _, it := range s.r.held[u.c.Wallet()] {
			fmt.Fprintf(sb, "held: %s behind %s's wallet\n", s.byID[it.sub.ID].name, u.name)
		}
	}
	fmt.Fprintf(sb, "next nonce %d\n", s.r.next)
}
