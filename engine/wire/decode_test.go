package wire

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"

	"google.golang.org/protobuf/proto"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// oracle converts a command decoded by the generated code, following the
// same schema rules as the hand decoder, written the obvious way.
func oracle(pc *pb.Command, timeMs int64) Cmd {
	c := Cmd{ID: pc.GetId()}
	c.Command.TimeMs = timeMs
	ok := true
	fix := func(dst, v []byte) { ok = fixed(dst, v) && ok }
	args := func() *machine.Args {
		if c.Command.Args == nil {
			c.Command.Args = &machine.Args{}
		}
		return c.Command.Args
	}
	placeOf := func(po *pb.PlaceOrder) {
		o := po.GetOrder()
		fix(c.Command.Order.Maker[:], o.GetMaker())
		fix(c.Signed.Signer[:], o.GetSigner())
		fix(c.Signed.Taker[:], o.GetTaker())
		fix(c.Command.Order.TokenID[:], o.GetTokenId())
		fix(c.Signed.Signature[:], o.GetSignature())
		c.Command.Order.MakerAmount, c.Command.Order.TakerAmount = o.GetMakerAmount(), o.GetTakerAmount()
		c.Command.Order.Expiration, c.Command.Order.FeeRateBps = o.GetExpiration(), o.GetFeeRateBps()
		c.Command.Order.Side = machine.Side(enumOf(int32(o.GetSide())))
		c.Signed.Salt, c.Signed.Nonce, c.Signed.SignatureType = o.GetSalt(), o.GetNonce(), o.GetSignatureType()
		if st := o.GetSignatureType(); st <= 255 {
			c.Command.Order.SignatureType = uint8(st)
		}
		if o.GetScopeId() != "" {
			c.Signed.ScopeID = []byte(o.GetScopeId())
		}
		c.Command.Order.Type = machine.OrderType(enumOf(int32(po.GetOrderType())))
		c.Command.Order.PostOnly = po.GetPostOnly()
		fix(c.Command.Owner[:], po.GetOwner())
		if v := int32(po.GetSelfTrade()); v >= 0 && v <= 255 {
			c.Command.Order.SelfTrade = machine.SelfTrade(v)
		} else {
			c.Command.Order.SelfTrade = 255
		}
		c.Command.Order.CancelOnHalt = po.GetCancelOnHalt()
		c.Command.Order.Group = po.GetGroup()
	}
	switch b := pc.GetBody().(type) {
	case *pb.Command_PlaceOrder:
		c.Command.Kind = machine.KindPlace
		placeOf(b.PlaceOrder)
	case *pb.Command_ReplaceOrder:
		c.Command.Kind = machine.KindReplace
		if b.ReplaceOrder.GetOrderId() != nil {
			var id machine.Hash
			fix(id[:], b.ReplaceOrder.GetOrderId())
			c.Command.OrderIDs = append(c.Command.OrderIDs, id)
		}
		if b.ReplaceOrder.GetPlace() != nil {
			placeOf(b.ReplaceOrder.GetPlace())
		}
	case *pb.Command_SetOrderGroup:
		c.Command.Kind = machine.KindSetGroup
		fix(c.Command.Account[:], b.SetOrderGroup.GetAccount())
		args().Group, args().WindowSec = b.SetOrderGroup.GetGroup(), b.SetOrderGroup.GetWindowSec()
		c.Command.Amount = b.SetOrderGroup.GetLimit()
	case *pb.Command_ResetOrderGroup:
		c.Command.Kind = machine.KindResetGroup
		fix(c.Command.Account[:], b.ResetOrderGroup.GetAccount())
		args().Group = b.ResetOrderGroup.GetGroup()
	case *pb.Command_DeleteOrderGroup:
		c.Command.Kind = machine.KindDeleteGroup
		fix(c.Command.Account[:], b.DeleteOrderGroup.GetAccount())
		args().Group = b.DeleteOrderGroup.GetGroup()
	case *pb.Command_DecreaseOrder:
		c.Command.Kind = machine.KindDecrease
		fix(c.Command.Account[:], b.DecreaseOrder.GetAccount())
		if b.DecreaseOrder.GetOrderId() != nil {
			var id machine.Hash
			fix(id[:], b.DecreaseOrder.GetOrderId())
			c.Command.OrderIDs = append(c.Command.OrderIDs, id)
		}
		switch a := b.DecreaseOrder.GetAmount().(type) {
		case *pb.DecreaseOrder_ReduceBy:
			c.Command.Amount = a.ReduceBy
		case *pb.DecreaseOrder_ReduceTo:
			c.Command.Amount, c.Command.ReduceTo = a.ReduceTo, true
		}
	case *pb.Command_CancelOrder:
		c.Command.Kind = machine.KindCancel
		fix(c.Command.Account[:], b.CancelOrder.GetAccount())
		if b.CancelOrder.GetOrderId() != nil {
			var id machine.Hash
			fix(id[:], b.CancelOrder.GetOrderId())
			c.Command.OrderIDs = append(c.Command.OrderIDs, id)
		}
	case *pb.Command_CancelOrders:
		c.Command.Kind = machine.KindCancelList
		fix(c.Command.Account[:], b.CancelOrders.GetAccount())
		for _, v := range b.CancelOrders.GetOrderIds() {
			var id machine.Hash
			fix(id[:], v)
			c.Command.OrderIDs = append(c.Command.OrderIDs, id)
		}
	case *pb.Command_CancelMarketOrders:
		c.Command.Kind = machine.KindCancelMarket
		a := args()
		fix(c.Command.Account[:], b.CancelMarketOrders.GetAccount())
		fix(a.Market[:], b.CancelMarketOrders.GetMarket())
		fix(a.Token[:], b.CancelMarketOrders.GetTokenId())
	case *pb.Command_CancelAll:
		c.Command.Kind = machine.KindCancelAll
		fix(c.Command.Account[:], b.CancelAll.GetAccount())
	case *pb.Command_Heartbeat:
		c.Command.Kind = machine.KindHeartbeat
		fix(c.Command.Owner[:], b.Heartbeat.GetOwner())
	case *pb.Command_Tick:
		c.Command.Kind = machine.KindTick
	case *pb.Command_CreateMarket:
		c.Command.Kind = machine.KindCreateMarket
		a := args()
		fix(a.Market[:], b.CreateMarket.GetMarket())
		fix(a.Tokens[0][:], b.CreateMarket.GetYesTokenId())
		fix(a.Tokens[1][:], b.CreateMarket.GetNoTokenId())
		a.Params = params(b.CreateMarket.GetParams())
	case *pb.Command_ConfigureMarket:
		c.Command.Kind = machine.KindConfigureMarket
		a := args()
		fix(a.Market[:], b.ConfigureMarket.GetMarket())
		a.Params = params(b.ConfigureMarket.GetParams())
	case *pb.Command_HaltMarket:
		c.Command.Kind = machine.KindHaltMarket
		fix(args().Market[:], b.HaltMarket.GetMarket())
	case *pb.Command_ResumeMarket:
		c.Command.Kind = machine.KindResumeMarket
		fix(args().Market[:], b.ResumeMarket.GetMarket())
	case *pb.Command_ClearMarketOrders:
		c.Command.Kind = machine.KindClearMarket
		fix(args().Market[:], b.ClearMarketOrders.GetMarket())
	case *pb.Command_CloseMarket:
		c.Command.Kind = machine.KindCloseMarket
		fix(args().Market[:], b.CloseMarket.GetMarket())
	case *pb.Command_ResolveMarket:
		c.Command.Kind = machine.KindResolveMarket
		a := args()
		fix(a.Market[:], b.ResolveMarket.GetMarket())
		a.Payout = append(a.Payout, b.ResolveMarket.GetPayout()...)
	case *pb.Command_Deposit:
		c.Command.Kind = machine.KindDeposit
		fix(c.Command.Account[:], b.Deposit.GetAccount())
		c.Command.Amount = b.Deposit.GetAmount()
		if tok := b.Deposit.GetTokenId(); len(tok) > 0 {
			fix(args().Token[:], tok)
		}
	case *pb.Command_Withdraw:
		c.Command.Kind = machine.KindWithdraw
		fix(c.Command.Account[:], b.Withdraw.GetAccount())
		c.Command.Amount = b.Withdraw.GetAmount()
		if tok := b.Withdraw.GetTokenId(); len(tok) > 0 {
			fix(args().Token[:], tok)
		}
	case *pb.Command_WithdrawalObserved:
		c.Command.Kind = machine.KindWithdrawalObserved
		fix(c.Command.Account[:], b.WithdrawalObserved.GetAccount())
		c.Command.Amount = b.WithdrawalObserved.GetAmount()
		if tok := b.WithdrawalObserved.GetTokenId(); len(tok) > 0 {
			fix(args().Token[:], tok)
		}
	case *pb.Command_WithdrawalReleased:
		c.Command.Kind = machine.KindWithdrawalReleased
		fix(c.Command.Account[:], b.WithdrawalReleased.GetAccount())
		c.Command.Amount = b.WithdrawalReleased.GetAmount()
		if tok := b.WithdrawalReleased.GetTokenId(); len(tok) > 0 {
			fix(args().Token[:], tok)
		}
	case *pb.Command_WalletDeployed:
		c.Command.Kind = machine.KindWalletDeployed
		var owner machine.Address
		fix(owner[:], b.WalletDeployed.GetOwner())
		fix(c.Command.Account[:], b.WalletDeployed.GetWallet())
	case *pb.Command_Faucet:
		c.Command.Kind = machine.KindFaucet
		fix(c.Command.Account[:], b.Faucet.GetAccount())
		c.Command.Amount = b.Faucet.GetAmount()
	case *pb.Command_CollateralApproval:
		c.Command.Kind = machine.KindCollateralApproval
		a := args()
		fix(c.Command.Account[:], b.CollateralApproval.GetAccount())
		a.Exchange = machine.Exchange(enumOf(int32(b.CollateralApproval.GetExchange())))
		c.Command.Amount = b.CollateralApproval.GetAmount()
		a.Approved = b.CollateralApproval.GetUnlimited()
	case *pb.Command_SharesApproval:
		c.Command.Kind = machine.KindSharesApproval
		a := args()
		fix(c.Command.Account[:], b.SharesApproval.GetAccount())
		a.Exchange = machine.Exchange(enumOf(int32(b.SharesApproval.GetExchange())))
		a.Approved = b.SharesApproval.GetApproved()
	case *pb.Command_SetTradeStatus:
		c.Command.Kind = machine.KindSetTradeStatus
		a := args()
		a.TradeID = b.SetTradeStatus.GetTradeId()
		a.TradeIDs = append(a.TradeIDs, b.SetTradeStatus.GetTradeIds()...)
		a.TradeStatus = machine.TradeStatus(enumOf(int32(b.SetTradeStatus.GetStatus())))
		fix(a.TxHash[:], b.SetTradeStatus.GetTxHash())
	}
	if !ok || !c.setID() {
		c.Command.Kind = 0
	}
	return c
}

func enumOf(v int32) uint8 {
	if v < 0 || v > 255 {
		return 0
	}
	return uint8(v)
}

func params(p *pb.MarketParams) machine.MarketParams {
	return machine.MarketParams{TickSize: p.GetTickSize(), MinSize: p.GetMinSize(), MaxSize: p.GetMaxSize(),
		FeeRateBps: p.GetFeeRateBps(), NegRisk: p.GetNegRisk()}
}

// sameCmd compares what the engine reads of two decoded commands.
func sameCmd(a, b *Cmd) bool {
	if !bytes.Equal(a.ID, b.ID) || !bytes.Equal(a.Signed.ScopeID, b.Signed.ScopeID) {
		return false
	}
	sa, sb := a.Signed, b.Signed
	sa.ScopeID, sb.ScopeID = nil, nil
	ca, cb := a.Command, b.Command
	if (ca.Args == nil) != (cb.Args == nil) || (ca.Args != nil && !reflect.DeepEqual(normArgs(*ca.Args), normArgs(*cb.Args))) {
		return false
	}
	if len(ca.OrderIDs) != len(cb.OrderIDs) || (len(ca.OrderIDs) > 0 && !reflect.DeepEqual(ca.OrderIDs, cb.OrderIDs)) {
		return false
	}
	ca.Args, cb.Args, ca.OrderIDs, cb.OrderIDs = nil, nil, nil, nil
	return reflect.DeepEqual(ca, cb) && reflect.DeepEqual(sa, sb)
}

func normArgs(a machine.Args) machine.Args {
	if len(a.Payout) == 0 {
		a.Payout = nil
	}
	if len(a.TradeIDs) == 0 {
		a.TradeIDs = nil
	}
	return a
}

// randomBytes returns a field of the right length most of the time, and
// sometimes an empty or a wrong-length one.
func randomBytes(r *rand.Rand, n int) []byte {
	switch r.IntN(20) {
	case 0:
		return nil
	case 1:
		n = r.IntN(40)
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	return b
}

func randomCommand(r *rand.Rand) *pb.Command {
	c := &pb.Command{Id: randomBytes(r, 32)}
	u := func() uint64 { return r.Uint64() >> r.IntN(64) }
	addr := func() []byte { return randomBytes(r, 20) }
	h := func() []byte { return randomBytes(r, 32) }
	mp := func() *pb.MarketParams {
		return &pb.MarketParams{TickSize: u(), MinSize: u(), MaxSize: u(), FeeRateBps: uint32(u()), NegRisk: r.IntN(2) == 0}
	}
	tok := func() []byte { return [][]byte{nil, h()}[r.IntN(2)] }
	place := func() *pb.PlaceOrder {
		return &pb.PlaceOrder{Order: &pb.SignedOrder{
			Salt: u(), Maker: addr(), Signer: addr(), Taker: addr(), TokenId: h(), MakerAmount: u(), TakerAmount: u(),
			Expiration: u(), Nonce: u(), FeeRateBps: uint32(u()), Side: pb.Side(r.IntN(4) - 1),
			SignatureType: uint32(u()), Signature: randomBytes(r, 65), ScopeId: []string{"", "tenant-1", "ü"}[r.IntN(3)]},
			OrderType: pb.OrderType(r.IntN(6) - 1), PostOnly: r.IntN(2) == 0, Owner: randomBytes(r, 16),
			SelfTrade: pb.SelfTradePrevention([]int32{0, 1, 2, 3, 300, -1}[r.IntN(6)]), CancelOnHalt: r.IntN(2) == 0,
			Group: uint32(u())}
	}
	switch r.IntN(29) {
	case 0, 1, 2:
		c.Body = &pb.Command_PlaceOrder{PlaceOrder: place()}
	case 23:
		c.Body = &pb.Command_ReplaceOrder{ReplaceOrder: &pb.ReplaceOrder{OrderId: h(), Place: place()}}
	case 25:
		c.Body = &pb.Command_SetOrderGroup{SetOrderGroup: &pb.SetOrderGroup{Account: addr(), Group: uint32(u()), Limit: u(),
			WindowSec: uint32(u())}}
	case 26:
		c.Body = &pb.Command_ResetOrderGroup{ResetOrderGroup: &pb.ResetOrderGroup{Account: addr(), Group: uint32(u())}}
	case 28:
		c.Body = &pb.Command_DeleteOrderGroup{DeleteOrderGroup: &pb.DeleteOrderGroup{Account: addr(), Group: uint32(u())}}
	case 24:
		d := &pb.DecreaseOrder{Account: addr(), OrderId: h(), Amount: &pb.DecreaseOrder_ReduceBy{ReduceBy: u()}}
		if r.IntN(2) == 0 {
			d.Amount = &pb.DecreaseOrder_ReduceTo{ReduceTo: u()}
		}
		c.Body = &pb.Command_DecreaseOrder{DecreaseOrder: d}
	case 3:
		c.Body = &pb.Command_CancelOrder{CancelOrder: &pb.CancelOrder{Account: addr(), OrderId: h()}}
	case 4:
		ids := make([][]byte, r.IntN(5))
		for i := range ids {
			ids[i] = h()
		}
		c.Body = &pb.Command_CancelOrders{CancelOrders: &pb.CancelOrders{Account: addr(), OrderIds: ids}}
	case 5:
		c.Body = &pb.Command_CancelMarketOrders{CancelMarketOrders: &pb.CancelMarketOrders{Account: addr(), Market: h(), TokenId: h()}}
	case 6:
		c.Body = &pb.Command_CancelAll{CancelAll: &pb.CancelAll{Account: addr()}}
	case 7:
		c.Body = &pb.Command_Heartbeat{Heartbeat: &pb.Heartbeat{Owner: randomBytes(r, 16)}}
	case 8:
		c.Body = &pb.Command_Tick{Tick: &pb.Tick{}}
	case 9:
		c.Body = &pb.Command_CreateMarket{CreateMarket: &pb.CreateMarket{Market: h(), YesTokenId: h(), NoTokenId: h(), Params: mp()}}
	case 10:
		c.Body = &pb.Command_ConfigureMarket{ConfigureMarket: &pb.ConfigureMarket{Market: h(), Params: mp()}}
	case 11:
		c.Body = &pb.Command_HaltMarket{HaltMarket: &pb.HaltMarket{Market: h()}}
	case 12:
		c.Body = &pb.Command_CloseMarket{CloseMarket: &pb.CloseMarket{Market: h()}}
	case 13:
		c.Body = &pb.Command_ResolveMarket{ResolveMarket: &pb.ResolveMarket{Market: h(), Payout: []uint32{uint32(u()), uint32(u())}[:r.IntN(3)]}}
	case 14:
		c.Body = &pb.Command_Deposit{Deposit: &pb.Deposit{Account: addr(), Amount: u(), TokenId: tok()}}
	case 15:
		c.Body = &pb.Command_Withdraw{Withdraw: &pb.Withdraw{Account: addr(), Amount: u(), TokenId: tok()}}
	case 18:
		c.Body = &pb.Command_WithdrawalObserved{WithdrawalObserved: &pb.WithdrawalObserved{Account: addr(), Amount: u(), TokenId: tok()}}
	case 19:
		c.Body = &pb.Command_WithdrawalReleased{WithdrawalReleased: &pb.WithdrawalReleased{Account: addr(), Amount: u(), TokenId: tok()}}
	case 20:
		c.Body = &pb.Command_WalletDeployed{WalletDeployed: &pb.WalletDeployed{Owner: addr(), Wallet: addr()}}
	case 21:
		c.Body = &pb.Command_CollateralApproval{CollateralApproval: &pb.CollateralApproval{Account: addr(),
			Exchange: pb.Exchange(r.IntN(4) - 1), Amount: u(), Unlimited: r.IntN(2) == 0}}
	case 22:
		c.Body = &pb.Command_SharesApproval{SharesApproval: &pb.SharesApproval{Account: addr(),
			Exchange: pb.Exchange(r.IntN(4) - 1), Approved: r.IntN(2) == 0}}
	case 16:
		c.Body = &pb.Command_SetTradeStatus{SetTradeStatus: &pb.SetTradeStatus{TradeId: u(), Status: pb.TradeStatus(r.IntN(9) - 1), TxHash: h(),
			TradeIds: []uint64{u(), u(), u()}[:r.IntN(4)]}}
	default:
		c.Body = &pb.Command_Faucet{Faucet: &pb.Faucet{Account: addr(), Amount: u()}}
	}
	return c
}

// TestDecodeMatchesGenerated decodes random batches both ways.
func TestDecodeMatchesGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	var d Decoder
	for round := range 3_000 {
		batch := &pb.CommandBatch{BatchId: randomBytes(r, 16)}
		for range r.IntN(70) {
			batch.Commands = append(batch.Commands, randomCommand(r))
		}
		payload, err := proto.Marshal(batch)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.Decode(payload, int64(round))
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		// The reference is what the generated decoder makes of the bytes.
		batch = &pb.CommandBatch{}
		if err := proto.Unmarshal(payload, batch); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(batch.Commands) {
			t.Fatalf("round %d: %d commands, want %d", round, len(got), len(batch.Commands))
		}
		for i, pc := range batch.Commands {
			want := oracle(pc, int64(round))
			if !sameCmd(&got[i], &want) {
				t.Fatalf("round %d command %d (%T):\n got %+v\nwant %+v", round, i, pc.GetBody(), got[i].Command, want.Command)
			}
		}
	}
}

// TestDecodeValidPlace checks a well-formed order decodes into the core
// command the engine needs, field by field.
func TestDecodeValidPlace(t *testing.T) {
	maker, token, id := bytes.Repeat([]byte{1}, 20), bytes.Repeat([]byte{2}, 32), bytes.Repeat([]byte{3}, 32)
	payload, _ := proto.Marshal(&pb.CommandBatch{Commands: []*pb.Command{{Id: id, Body: &pb.Command_PlaceOrder{PlaceOrder: &pb.PlaceOrder{
		Order: &pb.SignedOrder{Maker: maker, TokenId: token, MakerAmount: 5_000_000, TakerAmount: 10_000_000,
			FeeRateBps: 100, Side: pb.Side_SIDE_BUY, Signature: make([]byte, 65)},
		OrderType: pb.OrderType_ORDER_TYPE_GTC, PostOnly: true}}}}})
	var d Decoder
	cmds, err := d.Decode(payload, 42)
	if err != nil || len(cmds) != 1 {
		t.Fatalf("decode: %v, %d commands", err, len(cmds))
	}
	c := cmds[0].Command
	want := machine.OrderSpec{Maker: machine.Address(maker), TokenID: machine.Hash(token), MakerAmount: 5_000_000,
		TakerAmount: 10_000_000, FeeRateBps: 100, Side: machine.Buy, Type: machine.GTC, PostOnly: true}
	if c.Kind != machine.KindPlace || c.Order != want || c.ID != machine.Hash(id) || c.TimeMs != 42 {
		t.Fatalf("got %+v", c)
	}
}

// FuzzDecode: arbitrary bytes never panic, and whatever the generated
// decoder accepts, the hand decoder decodes to the same commands.
func FuzzDecode(f *testing.F) {
	r := rand.New(rand.NewPCG(4, 4))
	for range 16 {
		batch := &pb.CommandBatch{}
		for range 1 + r.IntN(5) {
			batch.Commands = append(batch.Commands, randomCommand(r))
		}
		b, _ := proto.Marshal(batch)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Decoder
		got, err := d.Decode(data, 1)
		var batch pb.CommandBatch
		if proto.Unmarshal(data, &batch) != nil {
			return // the generated decoder refuses it; ours may too
		}
		if err != nil {
			t.Fatalf("generated decoder accepts what the hand decoder refuses: %v", err)
		}
		if len(got) != len(batch.Commands) {
			t.Fatalf("%d commands, generated decoder has %d", len(got), len(batch.Commands))
		}
		for i, pc := range batch.Commands {
			want := oracle(pc, 1)
			if !sameCmd(&got[i], &want) {
				t.Fatalf("command %d differs:\n got %+v\nwant %+v", i, got[i].Command, want.Command)
			}
		}
	})
}

func placeBatch(n int) []byte {
	batch := &pb.CommandBatch{BatchId: make([]byte, 16)}
	for i := range n {
		id := make([]byte, 32)
		id[0] = byte(i)
		batch.Commands = append(batch.Commands, &pb.Command{Id: id, Body: &pb.Command_PlaceOrder{PlaceOrder: &pb.PlaceOrder{
			Order: &pb.SignedOrder{Salt: 123456789, Maker: make([]byte, 20), Signer: make([]byte, 20), Taker: make([]byte, 20),
				TokenId: bytes.Repeat([]byte{7}, 32), MakerAmount: 5_000_000, TakerAmount: 10_000_000, FeeRateBps: 100,
				Side: pb.Side_SIDE_BUY, Signature: bytes.Repeat([]byte{9}, 65)},
			OrderType: pb.OrderType_ORDER_TYPE_GTC, Owner: make([]byte, 16)}}})
	}
	b, _ := proto.Marshal(batch)
	return b
}

// BenchmarkDecode decodes a batch of 64 signed orders by hand; ns/op is per
// command.
func BenchmarkDecode(b *testing.B) {
	payload := placeBatch(64)
	var d Decoder
	b.ReportAllocs()
	b.SetBytes(int64(len(payload) / 64))
	for b.Loop() {
		if _, err := d.Decode(payload, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*64), "ns/cmd")
}

// BenchmarkDecodeGenerated is the generated decoder on the same batch, for
// comparison.
func BenchmarkDecodeGenerated(b *testing.B) {
	payload := placeBatch(64)
	b.ReportAllocs()
	for b.Loop() {
		var batch pb.CommandBatch
		if err := proto.Unmarshal(payload, &batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*64), "ns/cmd")
}

// TestToPBRoundTrip encodes every command of a generated workload and of
// each market command kind, decodes the batch and gets the same commands.
func TestToPBRoundTrip(t *testing.T) {
	w := loadgen.Generate(loadgen.Single(2_000))
	cmds := append(append(append([]machine.Command{}, w.Setup...), w.Warm...), w.Commands...)
	m, tok := machine.Hash{1}, machine.Hash{2}
	args := func(a machine.Args) *machine.Args { return &a }
	cmds = append(cmds,
		machine.Command{Kind: machine.KindConfigureMarket, ID: machine.Hash{9, 1}, Args: args(machine.Args{Market: m, Params: machine.MarketParams{TickSize: 1000, MinSize: 1, MaxSize: 2, FeeRateBps: 3, NegRisk: true}})},
		machine.Command{Kind: machine.KindHaltMarket, ID: machine.Hash{9, 2}, Args: args(machine.Args{Market: m})},
		machine.Command{Kind: machine.KindResumeMarket, ID: machine.Hash{9, 3}, Args: args(machine.Args{Market: m})},
		machine.Command{Kind: machine.KindClearMarket, ID: machine.Hash{9, 4}, Args: args(machine.Args{Market: m})},
		machine.Command{Kind: machine.KindCloseMarket, ID: machine.Hash{9, 5}, Args: args(machine.Args{Market: m})},
		machine.Command{Kind: machine.KindResolveMarket, ID: machine.Hash{9, 6}, Args: args(machine.Args{Market: m, Payout: []uint32{1, 0}})},
		machine.Command{Kind: machine.KindSetTradeStatus, ID: machine.Hash{9, 7}, Args: args(machine.Args{TradeID: 7, TradeStatus: machine.TradeMined, TxHash: tok})},
		machine.Command{Kind: machine.KindSetTradeStatus, ID: machine.Hash{9, 17}, Args: args(machine.Args{TradeIDs: []uint64{8, 300, 1 << 40}, TradeStatus: machine.TradeConfirmed, TxHash: tok})},
		machine.Command{Kind: machine.KindCancelMarket, ID: machine.Hash{9, 8}, Account: machine.Address{4}, Args: args(machine.Args{Token: tok})},
		machine.Command{Kind: machine.KindCancelList, ID: machine.Hash{9, 9}, Account: machine.Address{4}, OrderIDs: []machine.Hash{{5}, {6}}},
		machine.Command{Kind: machine.KindCancelAll, ID: machine.Hash{9, 10}, Account: machine.Address{4}},
		machine.Command{Kind: machine.KindHeartbeat, ID: machine.Hash{9, 11}, Owner: machine.KeyID{7}},
		machine.Command{Kind: machine.KindDeposit, ID: machine.Hash{9, 12}, Account: machine.Address{4}, Amount: 5},
		machine.Command{Kind: machine.KindWithdraw, ID: machine.Hash{9, 13}, Account: machine.Address{4}, Amount: 5},
		machine.Command{Kind: machine.KindTick, ID: machine.Hash{9, 14}},
		machine.Command{Kind: machine.KindCollateralApproval, ID: machine.Hash{9, 15}, Account: machine.Address{4}, Amount: 9,
			Args: args(machine.Args{Exchange: machine.ExchangeNegRisk})},
		machine.Command{Kind: machine.KindSharesApproval, ID: machine.Hash{9, 16}, Account: machine.Address{4},
			Args: args(machine.Args{Exchange: machine.ExchangeStandard, Approved: true})},
		machine.Command{Kind: machine.KindDecrease, ID: machine.Hash{9, 18}, Account: machine.Address{4},
			OrderIDs: []machine.Hash{{5}}, Amount: 30_000},
		machine.Command{Kind: machine.KindDecrease, ID: machine.Hash{9, 19}, Account: machine.Address{4},
			OrderIDs: []machine.Hash{{5}}, Amount: 10_000, ReduceTo: true},
		machine.Command{Kind: machine.KindReplace, ID: machine.Hash{9, 20}, OrderIDs: []machine.Hash{{5}},
			Order: machine.OrderSpec{Maker: machine.Address{4}, TokenID: tok, MakerAmount: 50, TakerAmount: 100,
				Side: machine.Buy, Type: machine.GTC, SelfTrade: machine.SelfTradeCancelBoth, CancelOnHalt: true, Group: 7}},
		machine.Command{Kind: machine.KindSetGroup, ID: machine.Hash{9, 21}, Account: machine.Address{4}, Amount: 50_000,
			Args: args(machine.Args{Group: 7, WindowSec: 20})},
		machine.Command{Kind: machine.KindResetGroup, ID: machine.Hash{9, 22}, Account: machine.Address{4},
			Args: args(machine.Args{Group: 7})},
		machine.Command{Kind: machine.KindDeleteGroup, ID: machine.Hash{9, 23}, Account: machine.Address{4},
			Args: args(machine.Args{Group: 7})},
	)
	batch := &pb.CommandBatch{}
	for i := range cmds {
		cmds[i].TimeMs = 77
		batch.Commands = append(batch.Commands, ToPB(&cmds[i], nil))
	}
	payload, err := proto.Marshal(batch)
	if err != nil {
		t.Fatal(err)
	}
	var d Decoder
	got, err := d.Decode(payload, 77)
	if err != nil {
		t.Fatal(err)
	}
	for i := range cmds {
		want, have := cmds[i], got[i].Command
		if want.Args != nil && len(want.Args.Payout) == 0 {
			want.Args.Payout = nil
		}
		if have.Args != nil && len(have.Args.Payout) == 0 {
			have.Args.Payout = nil
		}
		if want.Args != nil && len(want.Args.TradeIDs) == 0 {
			want.Args.TradeIDs = nil
		}
		if have.Args != nil && len(have.Args.TradeIDs) == 0 {
			have.Args.TradeIDs = nil
		}
		if len(have.OrderIDs) == 0 {
			have.OrderIDs = nil
		}
		if !reflect.DeepEqual(want, have) {
			t.Fatalf("command %d (%s):\n got %+v\nwant %+v", i, want.Kind, have, want)
		}
	}
}
