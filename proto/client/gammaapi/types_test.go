package gammaapi

import (
	"encoding/json"
	"testing"
)

func TestNumIsAnExactDecimal(t *testing.T) {
	for units, want := range map[Num]string{0: "0", 12_500_000: "12.5", 1: "0.000001", 10_000: "0.01"} {
		b, err := json.Marshal(units)
		if err != nil || string(b) != want {
			t.Errorf("%d: %s %v", units, b, err)
		}
		var back Num
		if err := json.Unmarshal(b, &back); err != nil || back != units {
			t.Errorf("%s back: %d %v", b, back, err)
		}
	}
	var n Num
	if err := json.Unmarshal([]byte(`"0.01"`), &n); err != nil || n != 10_000 {
		t.Errorf("a string: %d %v", n, err)
	}
	for _, bad := range []string{`-1`, `1.0000001`, `"x"`, `1e3`} {
		if err := json.Unmarshal([]byte(bad), &n); err == nil {
			t.Errorf("%s decoded", bad)
		}
	}
}
