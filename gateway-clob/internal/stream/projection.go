package stream

import (
	"context"
	"errors"
	"fmt"

	"pred.dev/proto/pb"
)

// market is one market as the streams know it: its last MarketChanged
// (or the engine's answer at the start) and its book.
type market struct {
	id      [32]byte
	yes, no [32]byte
	params  *pb.MarketParams
	status  pb.MarketStatus
	payout  []uint32
	book    *book
	// seededSeq is the command sequence the book was seeded at: the
	// BookChanged events of commands up to it are already in the book.
	seededSeq uint64
}

// projection is every market with its book at one position of the EVT
// stream. The hub owns one; a resume copies the markets it replays.
type projection struct {
	markets map[[32]byte]*market
	// tokens maps a token id to its market and whether it is the NO one.
	tokens map[[32]byte]tokenRef
	// position is the EVT sequence applied last, timeMs its engine time.
	position uint64
	timeMs   int64
	// forAccount, if set, says whether a wallet's /ws/user messages are
	// made at all: the hub's asks whether any client follows the wallet.
	// Rendering them (each a JSON message of hex ids and decimal units)
	// was about a third of the hub's work in the CLOB bench, where no
	// client follows any wallet.
	// Nil: every wallet's (a resume's copy, whose client filters them).
	forAccount func(account []byte) bool
}

// wants says whether p makes account's /ws/user messages.
func (p *projection) wants(account []byte) bool { return p.forAccount == nil || p.forAccount(account) }

type tokenRef struct {
	market [32]byte
	no     bool
}

func newProjection() *projection {
	return &projection{markets: map[[32]byte]*market{}, tokens: map[[32]byte]tokenRef{}}
}

func (p *projection) add(m *market) {
	p.markets[m.id] = m
	p.tokens[m.yes] = tokenRef{market: m.id}
	p.tokens[m.no] = tokenRef{market: m.id, no: true}
}

func (p *projection) token(t [32]byte) (*market, bool, bool) {
	ref, ok := p.tokens[t]
	if !ok {
		return nil, false, false
	}
	return p.markets[ref.market], ref.no, true
}

// marketOf applies a MarketChanged to the market's info (a new market
// starts with an empty book) and returns the market.
func (p *projection) marketChanged(mc *pb.MarketChanged) *market {
	id := to32(mc.GetMarket())
	m, ok := p.markets[id]
	if !ok {
		m = &market{id: id, yes: to32(mc.GetYesTokenId()), no: to32(mc.GetNoTokenId()), book: newBook()}
		p.add(m)
	}
	m.params, m.status, m.payout = mc.GetParams(), mc.GetStatus(), mc.GetPayout()
	return m
}

// querier asks the engine.
type querier func(ctx context.Context, req *pb.QueryRequest) (*pb.QueryResponse, error)

// marketsPageMax is how many markets a seeding query asks for at once.
const marketsPageMax = 500

// seed fills p with every market and its book as the engine answers
// them now; it returns the highest command sequence an answer reflects.
func (p *projection) seed(ctx context.Context, q querier) (uint64, error) {
	var top uint64
	cursor := ""
	for {
		resp, err := ask(ctx, q, &pb.QueryRequest{Query: &pb.QueryRequest_Markets{Markets: &pb.MarketsQuery{Cursor: cursor, Limit: marketsPageMax}}})
		if err != nil {
			return 0, fmt.Errorf("stream: markets: %w", err)
		}
		top = max(top, resp.GetSeq())
		page := resp.GetMarkets()
		for _, mi := range page.GetMarkets() {
			m := &market{id: to32(mi.GetMarket()), yes: to32(mi.GetYesTokenId()), no: to32(mi.GetNoTokenId()),
				params: mi.GetParams(), status: mi.GetStatus(), payout: mi.GetPayout(), book: newBook()}
			br, err := ask(ctx, q, &pb.QueryRequest{Query: &pb.QueryRequest_Book{Book: &pb.BookQuery{TokenId: m.yes[:]}}})
			if err != nil {
				return 0, fmt.Errorf("stream: book of %x: %w", m.id, err)
			}
			m.book.seed(br.GetBook())
			m.seededSeq = br.GetSeq()
			top = max(top, m.seededSeq)
			p.add(m)
		}
		if page.GetNextCursor() == "" || len(page.GetMarkets()) == 0 {
			return top, nil
		}
		cursor = page.GetNextCursor()
	}
}

func ask(ctx context.Context, q querier, req *pb.QueryRequest) (*pb.QueryResponse, error) {
	resp, err := q(ctx, req)
	if err != nil {
		return nil, err
	}
	if qe := resp.GetError(); qe != nil && qe.GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_UNSPECIFIED {
		return nil, errors.New(qe.GetMessage())
	}
	return resp, nil
}

func to32(b []byte) [32]byte {
	var out [32]byte
	copy(out[:], b)
	return out
}
