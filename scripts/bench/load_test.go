package bench

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime/pprof"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protowire"
)

// TestAsLoadLabelsItsGoroutines profiles a busy loop that runs only in a
// goroutine started from asLoad's: its samples must carry the label
// bench=load, which is how a profile tells the load generator's CPU from
// the exchange's (the HTTP transport's connection loops start so).
func TestAsLoadLabelsItsGoroutines(t *testing.T) {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	asLoad(func() {
		go func() {
			defer close(done)
			for end := time.Now().Add(300 * time.Millisecond); time.Now().Before(end); {
			}
		}()
	})()
	<-done
	pprof.StopCPUProfile()
	labelled, all, err := samplesLabelled(&buf, loadLabel, loadLabelValue)
	if err != nil {
		t.Fatal(err)
	}
	// The busy goroutine is nearly all of the process's CPU meanwhile.
	if all == 0 || labelled*2 < all {
		t.Fatalf("%d of %d samples carry %s=%s", labelled, all, loadLabel, loadLabelValue)
	}
}

// samplesLabelled reads a gzipped pprof profile (profile.proto: string
// table field 6; samples field 2, each a distinct stack and label set
// whose values, field 2, start with its count of samples, and whose
// labels, field 3, each hold a key and a string value, both string table
// indexes) and counts its samples, and those carrying the label
// key=value.
func samplesLabelled(r io.Reader, key, value string) (labelled, all int, err error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return 0, 0, err
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return 0, 0, err
	}
	var strs []string
	var samples [][]byte
	err = fields(raw, func(num protowire.Number, v []byte) {
		switch num {
		case 6:
			strs = append(strs, string(v))
		case 2:
			samples = append(samples, v)
		}
	})
	if err != nil {
		return 0, 0, err
	}
	for _, s := range samples {
		has := false
		count := -1
		err := fields(s, func(num protowire.Number, l []byte) {
			if num == 2 && count < 0 {
				// Packed or not, the first value comes first.
				c, _ := protowire.ConsumeVarint(l)
				count = int(c)
			}
			if num != 3 {
				return
			}
			var k, v uint64
			_ = fields(l, func(n protowire.Number, x []byte) {
				switch n {
				case 1:
					k, _ = protowire.ConsumeVarint(x)
				case 2:
					v, _ = protowire.ConsumeVarint(x)
				}
			})
			if k < uint64(len(strs)) && v < uint64(len(strs)) && strs[k] == key && strs[v] == value {
				has = true
			}
		})
		if err != nil {
			return 0, 0, err
		}
		all += max(count, 0)
		if has {
			labelled += max(count, 0)
		}
	}
	return labelled, all, nil
}

// fields calls fn with each field of a protobuf message: the bytes of a
// length-delimited one, the encoded value of any other.
func fields(b []byte, fn func(protowire.Number, []byte)) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return protowire.ParseError(n)
		}
		m := protowire.ConsumeFieldValue(num, typ, b[n:])
		if m < 0 {
			return protowire.ParseError(m)
		}
		v := b[n : n+m]
		if typ == protowire.BytesType {
			v, _ = protowire.ConsumeBytes(v)
		}
		fn(num, v)
		b = b[n+m:]
	}
	return nil
}
