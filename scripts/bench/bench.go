// Package bench measures the exchange's figures and reports them one per
// line as "<name> <value> <unit>", the format `make bench` prints. Each
// figure comes from a run of the real component; nothing is estimated.
package bench

import (
	"fmt"
	"io"
	"slices"
)

// Figure is one measured number.
type Figure struct {
	Name  string
	Value float64
	Unit  string
}

// Print writes figures in the `make bench` line format.
func Print(w io.Writer, figs []Figure) {
	for _, f := range figs {
		fmt.Fprintf(w, "%s %s %s\n", f.Name, format(f.Value), f.Unit)
	}
}

func format(v float64) string {
	switch {
	case v == float64(int64(v)):
		return fmt.Sprintf("%d", int64(v))
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	default:
		return fmt.Sprintf("%.4g", v)
	}
}

// median returns the middle of an odd number of values.
func median(vs []float64) float64 {
	s := slices.Clone(vs)
	slices.Sort(s)
	return s[len(s)/2]
}

// value returns the named figure's value.
func value(figs []Figure, name string) (float64, bool) {
	for _, f := range figs {
		if f.Name == name {
			return f.Value, true
		}
	}
	return 0, false
}
