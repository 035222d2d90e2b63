package store

import (
	"encoding/binary"
	"errors"
	"fmt"

	"pred.dev/engine/machine"
)

// recordVersion starts every value the store writes. A record of another
// version is refused rather than misread, so a layout change must come with
// a new version and code that still reads the old one.
const recordVersion = 1

// ErrCorrupt is returned for a stored record that does not decode.
var ErrCorrupt = errors.New("store: corrupt record")

// enc appends little-endian fields to a reused buffer.
type enc struct{ b []byte }

func (e *enc) reset() *enc      { e.b = append(e.b[:0], recordVersion); return e }
func (e *enc) u8(v uint8)       { e.b = append(e.b, v) }
func (e *enc) u16(v uint16)     { e.b = binary.LittleEndian.AppendUint16(e.b, v) }
func (e *enc) u32(v uint32)     { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *enc) u64(v uint64)     { e.b = binary.LittleEndian.AppendUint64(e.b, v) }
func (e *enc) i64(v int64)      { e.u64(uint64(v)) }
func (e *enc) raw(v []byte)     { e.b = append(e.b, v...) }
func (e *enc) flag(v bool)      { e.u8(b2u(v)) }
func (e *enc) bytes16(v []byte) { e.u16(uint16(len(v))); e.raw(v) }

func b2u(v bool) uint8 {
	if v {
		return 1
	}
	return 0
}

// dec reads little-endian fields and remembers the first short read, so a
// decoder reads a whole record and checks once at the end.
type dec struct {
	b   []byte
	bad bool
}

// newDec checks the version byte of a record.
func newDec(v []byte) *dec {
	if len(v) == 0 || v[0] != recordVersion {
		return &dec{bad: true}
	}
	return &dec{b: v[1:]}
}

var zeros [128]byte

func (d *dec) take(n int) []byte {
	if len(d.b) < n {
		d.bad, d.b = true, nil
		if n <= len(zeros) {
			return zeros[:n]
		}
		return make([]byte, n)
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func (d *dec) u8() uint8   { return d.take(1)[0] }
func (d *dec) u16() uint16 { return binary.LittleEndian.Uint16(d.take(2)) }
func (d *dec) u32() uint32 { return binary.LittleEndian.Uint32(d.take(4)) }
func (d *dec) u64() uint64 { return binary.LittleEndian.Uint64(d.take(8)) }
func (d *dec) i64() int64  { return int64(d.u64()) }
func (d *dec) flag() bool  { return d.u8() != 0 }
func (d *dec) hash() (h machine.Hash) {
	copy(h[:], d.take(hashLen))
	return h
}
func (d *dec) addr() (a machine.Address) {
	copy(a[:], d.take(addrLen))
	return a
}

// bytes16 reads a length-prefixed byte string into a new slice: values
// read from Pebble are only valid until their closer is closed.
func (d *dec) bytes16() []byte {
	n := int(d.u16())
	return append([]byte(nil), d.take(n)...)
}

// done reports a short or overlong record.
func (d *dec) done(what string) error {
	if d.bad || len(d.b) != 0 {
		return fmt.Errorf("%w: %s", ErrCorrupt, what)
	}
	return nil
}
