package fixed

import (
	"errors"
	"strings"
	"testing"
)

var allTicks = []TickSize{TickTenth, TickHundredth, TickThousandth, TickTenThousandth}

func TestTickSizes(t *testing.T) {
	cases := []struct {
		in       string
		want     TickSize
		decimals int
	}{
		{"0.1", 100_000, 1},
		{"0.01", 10_000, 2},
		{"0.001", 1_000, 3},
		{"0.0001", 100, 4},
		{"0.010", 10_000, 2},
	}
	for _, c := range cases {
		got, err := ParseTickSize(c.in)
		if err != nil || got != c.want {
			t.Fatalf("ParseTickSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
		if !got.Valid() || got.Decimals() != c.decimals {
			t.Errorf("%v: Valid=%v Decimals=%d, want true %d", got, got.Valid(), got.Decimals(), c.decimals)
		}
		if strings.TrimRight(c.in, "0") != got.String() {
			t.Errorf("TickSize(%d).String() = %q, want %q", uint64(got), got.String(), c.in)
		}
	}
}

func TestTickSizeInvalid(t *testing.T) {
	for _, in := range []string{"0.05", "1", "0", "0.00001", "0.02", "0.000001"} {
		_, err := ParseTickSize(in)
		var pe *ParseError
		if !errors.Is(err, ErrInvalidTickSize) || !errors.As(err, &pe) || pe.Kind != "tick size" {
			t.Errorf("ParseTickSize(%q) error = %v, want ErrInvalidTickSize", in, err)
		}
	}
	if _, err := ParseTickSize("1e-2"); !errors.Is(err, ErrExponent) {
		t.Errorf("ParseTickSize(1e-2) error = %v, want ErrExponent", err)
	}
	for _, tk := range []TickSize{0, 1, 50_000, 1_000_000, 10} {
		if tk.Valid() || tk.Decimals() != 0 {
			t.Errorf("TickSize(%d) reported valid", uint64(tk))
		}
	}
	if got := TickSize(50_000).String(); got != "0.05" {
		t.Errorf("invalid tick renders as %q, want 0.05", got)
	}
}

func TestCheckPrice(t *testing.T) {
	cases := []struct {
		price uint64
		tick  TickSize
		want  error
	}{
		{570_000, TickHundredth, nil},
		{10_000, TickHundredth, nil},
		{990_000, TickHundredth, nil},
		{100_000, TickTenth, nil},
		{900_000, TickTenth, nil},
		{10_000, TickTenThousandth, nil},
		{123_400, TickTenThousandth, nil},
		{56_000, TickThousandth, nil},
		{555_000, TickHundredth, ErrPriceOffTick},
		{570_000, TickTenth, ErrPriceOffTick},
		{123_450, TickTenThousandth, ErrPriceOffTick},
		{10_001, TickTenThousandth, ErrPriceOffTick},
		{0, TickHundredth, ErrPriceOutOfRange},
		{9_900, TickTenThousandth, ErrPriceOutOfRange}, // 0.0099: on the grid but below 0.01
		{5_600, TickTenThousandth, ErrPriceOutOfRange},
		{990_100, TickTenThousandth, ErrPriceOutOfRange},
		{One, TickHundredth, ErrPriceOutOfRange},
		{1_005_000, TickHundredth, ErrPriceOutOfRange}, // range is checked before the grid
		{570_000, TickSize(50_000), ErrInvalidTickSize},
		{570_000, 0, ErrInvalidTickSize},
	}
	for _, c := range cases {
		err := CheckPrice(c.price, c.tick)
		if c.want == nil {
			if err != nil {
				t.Errorf("CheckPrice(%d, %v) = %v, want nil", c.price, c.tick, err)
			}
			continue
		}
		var pe *PriceError
		if !errors.Is(err, c.want) || !errors.As(err, &pe) || pe.Price != c.price || pe.Tick != c.tick {
			t.Errorf("CheckPrice(%d, %v) = %v, want %v", c.price, c.tick, err, c.want)
		}
	}
}

// TestCheckPriceExhaustive compares CheckPrice with a direct restatement of
// the rule for every micro price up to 1.
func TestCheckPriceExhaustive(t *testing.T) {
	for _, tick := range allTicks {
		valid := 0
		for p := uint64(0); p <= One; p++ {
			want := p >= 10_000 && p <= 990_000 && p%uint64(tick) == 0
			if got := CheckPrice(p, tick) == nil; got != want {
				t.Fatalf("CheckPrice(%d, %v) valid=%v, want %v", p, tick, got, want)
			}
			if want {
				valid++
			}
		}
		// 0.1 -> 0.1..0.9 (9 levels); 0.01 -> 99; 0.001 -> 981; 0.0001 -> 9801.
		wantLevels := map[TickSize]int{TickTenth: 9, TickHundredth: 99, TickThousandth: 981, TickTenThousandth: 9801}[tick]
		if valid != wantLevels {
			t.Errorf("tick %v has %d valid prices, want %d", tick, valid, wantLevels)
		}
	}
}

func TestPriceErrorMessage(t *testing.T) {
	msg := CheckPrice(555_000, TickHundredth).Error()
	for _, want := range []string{"fixed:", "0.555", "0.01", "tick grid", "round"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

func TestSide(t *testing.T) {
	if Buy != 1 || Sell != 2 {
		t.Fatal("Side values must equal the protobuf enum (BUY=1, SELL=2)")
	}
	for _, c := range []struct {
		s    Side
		name string
	}{{Buy, "BUY"}, {Sell, "SELL"}} {
		if c.s.String() != c.name || !c.s.Valid() {
			t.Errorf("%d: String=%q Valid=%v", c.s, c.s.String(), c.s.Valid())
		}
		got, err := ParseSide(c.name)
		if err != nil || got != c.s {
			t.Errorf("ParseSide(%q) = %v, %v", c.name, got, err)
		}
	}
	if Buy.Opposite() != Sell || Sell.Opposite() != Buy || Side(0).Opposite() != 0 {
		t.Error("Opposite is wrong")
	}
	for _, s := range []Side{0, 3, 255} {
		if s.Valid() || !strings.HasPrefix(s.String(), "Side(") {
			t.Errorf("Side(%d) treated as valid (%q)", s, s.String())
		}
	}
	for _, in := range []string{"buy", "Buy", "", "0", "1", "BUY "} {
		if _, err := ParseSide(in); !errors.Is(err, ErrInvalidSide) {
			t.Errorf("ParseSide(%q) error = %v, want ErrInvalidSide", in, err)
		}
	}
}
