package fixed

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// Reference vectors from Polymarket clob-client tests/order-builder/
// helpers.test.ts (polymarket-clob.md §1.3) that satisfy this exchange's
// rules (price within 0.01..0.99, size in whole lots).
var referenceVectors = []struct {
	name          string
	side          Side
	price, size   uint64
	tick          TickSize
	maker, taker  uint64
	priceS, sizeS string
}{
	{"buy 21.04@0.5", Buy, 500_000, 21_040_000, TickHundredth, 10_520_000, 21_040_000, "0.5", "21.04"},
	{"buy 21.04@0.56", Buy, 560_000, 21_040_000, TickHundredth, 11_782_400, 21_040_000, "0.56", "21.04"},
	{"buy 21.04@0.056", Buy, 56_000, 21_040_000, TickThousandth, 1_178_240, 21_040_000, "0.056", "21.04"},
	{"sell 21.04@0.5", Sell, 500_000, 21_040_000, TickHundredth, 21_040_000, 10_520_000, "0.5", "21.04"},
	{"sell 21.04@0.56", Sell, 560_000, 21_040_000, TickHundredth, 21_040_000, 11_782_400, "0.56", "21.04"},
	{"sell 21.04@0.056", Sell, 56_000, 21_040_000, TickThousandth, 21_040_000, 1_178_240, "0.056", "21.04"},
	// The reference client rounds 12.8205 down to 12.82 shares first.
	{"buy 12.82@0.7", Buy, 700_000, 12_820_000, TickTenth, 8_974_000, 12_820_000, "0.7", "12.82"},
	{"buy 2435.89@0.3", Buy, 300_000, 2_435_890_000, TickHundredth, 730_767_000, 2_435_890_000, "0.3", "2435.89"},
	{"market buy $100@0.5", Buy, 500_000, 200_000_000, TickHundredth, 100_000_000, 200_000_000, "0.5", "200"},
	{"market sell 100@0.5", Sell, 500_000, 100_000_000, TickHundredth, 100_000_000, 50_000_000, "0.5", "100"},
}

func TestReferenceVectors(t *testing.T) {
	for _, v := range referenceVectors {
		price, err := ParsePrice(v.priceS)
		if err != nil || price != v.price {
			t.Fatalf("%s: ParsePrice(%q) = %d, %v", v.name, v.priceS, price, err)
		}
		size, err := ParseUnits(v.sizeS)
		if err != nil || size != v.size {
			t.Fatalf("%s: ParseUnits(%q) = %d, %v", v.name, v.sizeS, size, err)
		}
		maker, taker, err := OrderAmounts(v.side, price, size)
		if err != nil || maker != v.maker || taker != v.taker {
			t.Errorf("%s: OrderAmounts = %d/%d, %v; want %d/%d", v.name, maker, taker, err, v.maker, v.taker)
		}
		gotPrice, gotSize, err := OrderPrice(v.side, v.maker, v.taker, v.tick)
		if err != nil || gotPrice != v.price || gotSize != v.size {
			t.Errorf("%s: OrderPrice = %d, %d, %v; want %d, %d", v.name, gotPrice, gotSize, err, v.price, v.size)
		}
	}
}

// The sub-cent reference vectors (0.0056 at tick 0.0001) and the unrounded
// 12.8205 size are outside this exchange's rules and must be rejected.
func TestReferenceVectorsOutsideRules(t *testing.T) {
	if _, _, err := OrderPrice(Buy, 117_824, 21_040_000, TickTenThousandth); !errors.Is(err, ErrPriceOutOfRange) {
		t.Errorf("BUY 21.04@0.0056: error = %v, want ErrPriceOutOfRange", err)
	}
	if _, _, err := OrderAmounts(Buy, 5_600, 21_040_000); !errors.Is(err, ErrPriceOutOfRange) {
		t.Errorf("OrderAmounts at 0.0056: error = %v, want ErrPriceOutOfRange", err)
	}
	if _, _, err := OrderAmounts(Buy, 700_000, 12_820_500); !errors.Is(err, ErrSizeNotLot) {
		t.Errorf("OrderAmounts of 12.8205 shares: error = %v, want ErrSizeNotLot", err)
	}
}

func TestOrderPriceErrors(t *testing.T) {
	cases := []struct {
		name         string
		side         Side
		maker, taker uint64
		tick         TickSize
		want         error
	}{
		{"bad side 0", 0, 500_000, One, TickHundredth, ErrInvalidSide},
		{"bad side 3", 3, 500_000, One, TickHundredth, ErrInvalidSide},
		{"bad tick", Buy, 500_000, One, TickSize(5), ErrInvalidTickSize},
		{"buy zero shares", Buy, 500_000, 0, TickHundredth, ErrZeroSize},
		{"sell zero shares", Sell, 0, 500_000, TickHundredth, ErrZeroSize},
		{"buy 0.005 shares", Buy, 2_500, 5_000, TickHundredth, ErrSizeNotLot},
		{"sell 1.001 shares", Sell, 1_001_000, 500_000, TickHundredth, ErrSizeNotLot},
		{"zero collateral", Buy, 0, One, TickHundredth, ErrPriceOutOfRange},
		{"price 1", Buy, One, One, TickHundredth, ErrPriceOutOfRange},
		{"price above 1", Sell, One, 2 * One, TickHundredth, ErrPriceOutOfRange},
		{"huge collateral", Buy, math.MaxUint64, LotUnits, TickHundredth, ErrPriceOutOfRange},
		{"price 0.005", Buy, 5_000, One, TickHundredth, ErrPriceOutOfRange},
		{"price 0.995", Sell, One, 995_000, TickThousandth, ErrPriceOutOfRange},
		{"inexact 1/3", Buy, 10_000, 30_000, TickTenThousandth, ErrPriceNotExact},
		{"inexact by one unit", Buy, 11_782_401, 21_040_000, TickHundredth, ErrPriceNotExact},
		{"off tick 0.555", Buy, 555_000, One, TickHundredth, ErrPriceOffTick},
		{"off tick 0.57 at 0.1", Sell, One, 570_000, TickTenth, ErrPriceOffTick},
		{"off tick 0.0561 at 0.001", Buy, 561_000, 10 * One, TickThousandth, ErrPriceOffTick},
	}
	for _, c := range cases {
		price, size, err := OrderPrice(c.side, c.maker, c.taker, c.tick)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: OrderPrice = %d, %d, %v; want %v", c.name, price, size, err, c.want)
			continue
		}
		var ae *AmountError
		if !errors.As(err, &ae) || ae.Side != c.side || ae.MakerAmount != c.maker || ae.TakerAmount != c.taker {
			t.Errorf("%s: error %v is not an *AmountError with the inputs", c.name, err)
		}
		if price != 0 || size != 0 {
			t.Errorf("%s: returned %d, %d with an error", c.name, price, size)
		}
	}
}

func TestOrderPriceErrorMessages(t *testing.T) {
	_, _, err := OrderPrice(Buy, 555_000, One, TickHundredth)
	msg := err.Error()
	for _, want := range []string{"fixed: BUY order", "makerAmount 555000", "takerAmount 1000000", "implied price 0.555", "tick size 0.01", "round"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if strings.Count(msg, "fixed:") != 1 {
		t.Errorf("message %q repeats the package prefix", msg)
	}
	var pe *PriceError
	if !errors.As(err, &pe) || pe.Price != 555_000 {
		t.Errorf("the price detail is not reachable with errors.As: %v", err)
	}
}

func TestOrderAmountsErrors(t *testing.T) {
	cases := []struct {
		name        string
		side        Side
		price, size uint64
		want        error
	}{
		{"bad side", 0, 500_000, One, ErrInvalidSide},
		{"zero size", Buy, 500_000, 0, ErrZeroSize},
		{"partial lot", Sell, 500_000, 10_001, ErrSizeNotLot},
		{"price 0", Buy, 0, One, ErrPriceOutOfRange},
		{"price 1", Sell, One, One, ErrPriceOutOfRange},
		{"price below 0.01", Buy, 9_999, One, ErrPriceOutOfRange},
		{"inexact", Buy, 123_457, LotUnits, ErrPriceNotExact}, // 0.01 * 0.123457 has 8 decimals
	}
	for _, c := range cases {
		m, tk, err := OrderAmounts(c.side, c.price, c.size)
		var qe *QuoteError
		if !errors.Is(err, c.want) || !errors.As(err, &qe) || qe.Price != c.price || qe.Size != c.size {
			t.Errorf("%s: OrderAmounts = %d, %d, %v; want %v", c.name, m, tk, err, c.want)
		}
	}
	_, _, err := OrderAmounts(Sell, 500_000, 10_001)
	if msg := err.Error(); !strings.Contains(msg, "SELL 0.010001 shares at price 0.5") {
		t.Errorf("message %q does not describe the quote", msg)
	}
}

// TestOrderAmountsLargeSizes checks that 128-bit intermediate arithmetic
// keeps huge sizes exact rather than overflowing.
func TestOrderAmountsLargeSizes(t *testing.T) {
	size := (math.MaxUint64 / LotUnits) * LotUnits
	maker, taker, err := OrderAmounts(Buy, 500_000, size)
	if err != nil || taker != size || maker != size/2 {
		t.Fatalf("OrderAmounts(huge) = %d, %d, %v", maker, taker, err)
	}
	price, gotSize, err := OrderPrice(Buy, maker, taker, TickHundredth)
	if err != nil || price != 500_000 || gotSize != size {
		t.Fatalf("OrderPrice(huge) = %d, %d, %v", price, gotSize, err)
	}
}

// TestRoundTripRandom is the property test: for any on-grid price and
// whole-lot size, OrderPrice inverts OrderAmounts on both sides and the
// collateral is exactly size*price/One.
func TestRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 7))
	for i := range 200_000 {
		tick := allTicks[r.IntN(len(allTicks))]
		levels := (MaxPrice-MinPrice)/uint64(tick) + 1
		first := (MinPrice + uint64(tick) - 1) / uint64(tick) * uint64(tick)
		price := first + r.Uint64N(levels)*uint64(tick)
		if price > MaxPrice {
			price = MaxPrice / uint64(tick) * uint64(tick)
		}
		lots := 1 + r.Uint64N(1_000_000_000)
		if i%10 == 0 {
			lots = 1 + r.Uint64N(math.MaxUint64/LotUnits)
		}
		size := lots * LotUnits
		side := Side(1 + r.IntN(2))

		maker, taker, err := OrderAmounts(side, price, size)
		if err != nil {
			t.Fatalf("OrderAmounts(%v, %d, %d): %v", side, price, size, err)
		}
		collateral, shares := maker, taker
		if side == Sell {
			collateral, shares = taker, maker
		}
		// collateral*One must equal size*price exactly (128-bit products).
		ch, cl := bits.Mul64(collateral, One)
		sh, sl := bits.Mul64(size, price)
		if shares != size || ch != sh || cl != sl {
			t.Fatalf("OrderAmounts(%v, %d, %d) = %d, %d: collateral is not size*price", side, price, size, maker, taker)
		}
		gotPrice, gotSize, err := OrderPrice(side, maker, taker, tick)
		if err != nil || gotPrice != price || gotSize != size {
			t.Fatalf("OrderPrice(%v, %d, %d, %v) = %d, %d, %v; want %d, %d",
				side, maker, taker, tick, gotPrice, gotSize, err, price, size)
		}
	}
}

// TestOrderPriceAcceptsOnlyRoundTrips is the converse property: whatever
// amounts OrderPrice accepts, OrderAmounts reproduces them exactly, so no
// accepted order relies on rounding.
func TestOrderPriceAcceptsOnlyRoundTrips(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	accepted := 0
	for range 500_000 {
		tick := allTicks[r.IntN(len(allTicks))]
		side := Side(1 + r.IntN(2))
		shares := r.Uint64N(200) * 5_000 // half of them off the lot grid
		collateral := r.Uint64N(shares + 1)
		if r.IntN(2) == 0 {
			// Bias towards exact amounts so that the accept path is exercised.
			collateral = shares / LotUnits * (r.Uint64N(100) * 10_000) / 100
		}
		maker, taker := collateral, shares
		if side == Sell {
			maker, taker = shares, collateral
		}
		price, size, err := OrderPrice(side, maker, taker, tick)
		if err != nil {
			continue
		}
		accepted++
		if CheckPrice(price, tick) != nil || size%LotUnits != 0 || size == 0 {
			t.Fatalf("OrderPrice accepted an invalid order: price %d size %d", price, size)
		}
		m, tk, err := OrderAmounts(side, price, size)
		if err != nil || m != maker || tk != taker {
			t.Fatalf("OrderAmounts(%v, %d, %d) = %d, %d, %v; OrderPrice accepted %d, %d",
				side, price, size, m, tk, err, maker, taker)
		}
	}
	if accepted < 10_000 {
		t.Fatalf("only %d random orders were accepted; the generator does not exercise the accept path", accepted)
	}
}

func BenchmarkOrderPrice(b *testing.B) {
	for b.Loop() {
		if _, _, err := OrderPrice(Buy, 11_782_400, 21_040_000, TickHundredth); err != nil {
			b.Fatal(err)
		}
	}
}
